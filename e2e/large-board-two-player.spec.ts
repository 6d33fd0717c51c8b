/**
 * A 14×14 game between two players on one device, on a desktop screen (1280×800): "Large
 * boards" in the settings panel, cells large enough to place on one click, and Game Results
 * with both exact scores at the end.
 */
import { board, dialog, exactScores, playToTheEnd, startGame } from './support/board';
import { expect, test } from './support/test';

test.use({ viewport: { width: 1280, height: 800 } });

test('a 14x14 two-player game on a desktop plays to the end on one click a move', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const panel = dialog(page, 'Game Settings');
  // The spec's sizes first, then the large boards under their own heading.
  await expect(panel.getByLabel('Board Size').locator('option')).toHaveText(['6x6', '8x8', '10x10', '12x12', '14x14', '16x16']);
  await expect(panel.getByLabel('Board Size').locator('optgroup')).toHaveAttribute('label', 'Large boards');

  await startGame(page, { mode: 'Two Player', size: '14x14' });
  await expect(board(page)).toHaveAttribute('aria-label', 'Board, 14 by 14');
  await expect(board(page)).toHaveAttribute('data-confirm-taps', 'false');
  expect(Number(await board(page).getAttribute('data-cell-size'))).toBeGreaterThanOrEqual(36);

  await playToTheEnd(page, 'human');

  const results = dialog(page, 'Game Results');
  await expect(results).toBeVisible();
  const [first, second] = await exactScores(page);
  const outcome = first > second ? 'Player 1 Wins!' : first < second ? 'Player 2 Wins!' : 'Draw!';
  await expect(results.getByTestId('results-headline').locator('p')).toHaveText(['Game Over', outcome]);
  await expect(results.getByTestId('result-box-Player 1').locator('[data-score]')).toHaveAttribute('data-score', String(first));
  await expect(results.getByTestId('result-box-Player 2').locator('[data-score]')).toHaveAttribute('data-score', String(second));
  await expect(results.getByText('Board Size: 14x14', { exact: true })).toBeVisible();
  await expect(results.getByRole('row', { name: /^Total Moves/ })).toContainText('196');
});
