import { dialog, playToTheEnd, scores, startGame } from './support/board';
import { expect, test } from './support/test';

test('a two-player game to the end names the winner, without an AI difficulty', async ({ page }) => {
  test.setTimeout(60_000);
  await startGame(page, { mode: 'Two Player', size: '6x6' });
  await expect(page.getByText('Player 1', { exact: true })).toBeVisible();
  await expect(page.getByText('Player 2', { exact: true })).toBeVisible();

  await playToTheEnd(page, 'human');

  const results = dialog(page, 'Game Results');
  await expect(results).toBeVisible();
  const [first, second] = await scores(page);
  const outcome = first > second ? 'Player 1 Wins!' : first < second ? 'Player 2 Wins!' : 'Draw!';
  await expect(results.getByTestId('results-headline').locator('p')).toHaveText(['Game Over', outcome]);
  await expect(results.getByTestId('result-box-Player 1').locator('[data-score]')).toHaveAttribute('data-score', String(first));
  await expect(results.getByTestId('result-box-Player 2').locator('[data-score]')).toHaveAttribute('data-score', String(second));
  await expect(results.getByText('Board Size: 6x6', { exact: true })).toBeVisible();
  await expect(results.getByText(/AI Difficulty/)).toHaveCount(0);
});
