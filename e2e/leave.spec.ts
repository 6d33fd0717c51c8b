import { buttonBar, dialog, expectOccupied, playRound, startGame } from './support/board';
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
