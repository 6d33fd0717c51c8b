import { dialog, expectOccupied, playToTheEnd, scores, startGame } from './support/board';
import { expect, test } from './support/test';

/** The spec's headlines versus the AI; the human is player 0 (green). */
function expectedHeadline([human, ai]: [number, number]): [string, string] {
  if (human > ai) return ['Congratulations!', 'You Won!'];
  if (human < ai) return ['Game Over.', 'Sorry, you lost.'];
  return ['Game Over', "It's a Draw!"];
}

for (const level of ['Easy', 'Medium', 'Hard'] as const) {
  test(`a full 6x6 game against ${level}, human first, ends in the right headline`, async ({ page }) => {
    test.setTimeout(90_000);
    await startGame(page, { mode: 'Human (first) vs AI', level, size: '6x6' });
    await expect(page.getByText(`AI (${level})`, { exact: true })).toBeVisible();

    await playToTheEnd(page, 'ai');

    const results = dialog(page, 'Game Results');
    await expect(results).toBeVisible();
    const final = await scores(page);
    await expect(results.getByTestId('results-headline').locator('p')).toHaveText(expectedHeadline(final));
    await expect(results.getByTestId('result-box-You').locator('[data-score]')).toHaveAttribute('data-score', String(final[0]));
    await expect(results.getByTestId('result-box-AI').locator('[data-score]')).toHaveAttribute('data-score', String(final[1]));
    await expect(results.getByText('Board Size: 6x6', { exact: true })).toBeVisible();
    await expect(results.getByText(`AI Difficulty: ${level}`, { exact: true })).toBeVisible();
    await expect(results.getByRole('row', { name: /^Total Moves/ })).toContainText('36');

    await results.getByRole('button', { name: 'Play Again', exact: true }).click();
    await expect(results).toBeHidden();
    await expectOccupied(page, 0, 5_000);
    await expect(page.getByTestId('score-0')).toHaveAttribute('data-score', '0');
    await expect(page.getByTestId('game-board')).toHaveAttribute('data-interactive', 'true');
  });
}
