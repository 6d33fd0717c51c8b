import { boardReady, board, buttonBar, dialog, expectOccupied, playRound, startGame } from './support/board';
import { expect, test } from './support/test';

test('settings apply only on Start New Game', async ({ page }) => {
  await startGame(page);
  await playRound(page, { x: 2, y: 2 });
  const settingsButton = buttonBar(page).getByRole('button', { name: 'Settings', exact: true });
  const panel = dialog(page, 'Game Settings');
  const boardSize = panel.getByLabel('Board Size');

  // Changed, then closed with the close button: nothing applies.
  await settingsButton.click();
  await expect(panel).toBeVisible();
  await expect(boardSize).toHaveValue('6');
  await boardSize.selectOption({ label: '8x8' });
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  await expect(board(page)).toHaveAttribute('aria-label', 'Board, 6 by 6');
  await expect(board(page).getByRole('gridcell')).toHaveCount(36);
  await expectOccupied(page, 2, 1_000);

  // Opened again: the edit was dropped; chosen again and started: an empty 8x8 board.
  await settingsButton.click();
  await expect(boardSize).toHaveValue('6');
  await boardSize.selectOption({ label: '8x8' });
  await panel.getByRole('button', { name: 'Start New Game', exact: true }).click();
  await expect(panel).toBeHidden();
  // A move was made: SPEC §2's Reset confirmation first.
  await dialog(page, 'Reset Game').getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(board(page)).toHaveAttribute('aria-label', 'Board, 8 by 8');
  await expect(board(page).getByRole('gridcell')).toHaveCount(64);
  await expectOccupied(page, 0, 5_000);
  await boardReady(page);
});

test('the shipped build starts with the premium modes unlocked: Expansion starts at once', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const panel = dialog(page, 'Game Settings');
  await panel.getByLabel('Scoring Mode').selectOption({ label: 'Expansion' });
  await expect(panel.getByLabel('Scoring Mode')).toHaveValue('expansion');
  await expect(dialog(page, 'Unlock Premium Scoring Modes')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Start Game', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cell Expansion');
  await boardReady(page);
});
