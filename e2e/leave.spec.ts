import { buttonBar, clickCell, dialog, expectOccupied, playRound, startGame } from './support/board';
import { expect, test } from './support/test';

test('Home after a move asks before leaving: Cancel stays, Leave goes to /home', async ({ page }) => {
  await startGame(page);
  await playRound(page, { x: 3, y: 3 });
  const home = buttonBar(page).getByRole('button', { name: 'Home', exact: true });

  await home.click();
  const confirm = dialog(page, 'Leave Game');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('Are you sure you want to leave? Your current game progress will be lost.');
  await expect(confirm.getByRole('button', { name: 'Leave', exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/game$/);
  await expectOccupied(page, 2, 1_000);

  await home.click();
  await confirm.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Version 1.0.0')).toBeVisible();
});

test('Home without a move leaves at once', async ({ page }) => {
  await startGame(page);
  await buttonBar(page).getByRole('button', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test("the browser's Back button mid-game asks first: Cancel keeps the game, Leave goes back", async ({ page }) => {
  await startGame(page, { mode: 'Two Player' });
  await clickCell(page, { x: 1, y: 1 });
  await expectOccupied(page, 1);

  await page.goBack();
  const confirm = dialog(page, 'Leave Game');
  await expect(confirm).toContainText('Are you sure you want to leave? Your current game progress will be lost.');
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/game$/);
  await expectOccupied(page, 1, 1_000);

  await page.goBack();
  await confirm.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('Start New Game and Change Game Mode in Settings ask first once a move was made', async ({ page }) => {
  await startGame(page, { mode: 'Two Player' });
  await clickCell(page, { x: 2, y: 2 });
  await expectOccupied(page, 1);
  const settings = dialog(page, 'Game Settings');

  await buttonBar(page).getByRole('button', { name: 'Settings', exact: true }).click();
  await settings.getByRole('button', { name: 'Start New Game', exact: true }).click();
  const reset = dialog(page, 'Reset Game');
  await expect(reset).toContainText('Are you sure you want to reset the game? This will start a new game with the current settings.');
  await reset.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(reset).toBeHidden();
  await expectOccupied(page, 1, 1_000);

  // Confirmed, the new game takes the settings chosen in the panel.
  await buttonBar(page).getByRole('button', { name: 'Settings', exact: true }).click();
  await settings.getByLabel('Board Size').selectOption({ label: '8x8' });
  await settings.getByRole('button', { name: 'Start New Game', exact: true }).click();
  await reset.getByRole('button', { name: 'Reset', exact: true }).click();
  await expectOccupied(page, 0, 5_000);
  await expect(page.getByRole('grid', { name: 'Board, 8 by 8' })).toBeVisible();

  await clickCell(page, { x: 0, y: 0 });
  await expectOccupied(page, 1);
  await buttonBar(page).getByRole('button', { name: 'Settings', exact: true }).click();
  await settings.getByRole('button', { name: 'Change Game Mode', exact: true }).click();
  const leave = dialog(page, 'Leave Game');
  await leave.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(/\/game$/);
  await expectOccupied(page, 1, 1_000);
});
