/**
 * The hint journey: a signed-in player asks for a hint against the computer; the engine's
 * suggestion appears on a free cell, drawn on the board and named in words; the player then wins,
 * and the game is not submitted to High Scores, as Game Results says.
 */
import { playToWin, signUp } from './support/accounts';
import { board, buttonBar, dialog, readBoard, startGame } from './support/board';
import { expect, test } from './support/test';

test('a hint shows on a free cell, and a game with a hint is not submitted to High Scores', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const submissions: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/rest/v1/game_scores')) submissions.push(request.url());
  });
  await signUp(page, `Hinted${stamp}`, `hinted-${stamp}@example.com`, 'a long password');
  await startGame(page, { mode: 'Human (first) vs AI', level: 'Easy', size: '6x6' });

  const hint = buttonBar(page).getByRole('button', { name: 'Hint' });
  await expect(hint).toBeEnabled();
  await hint.click();
  // The engine's suggestion, in words and on the board (data-hint is the marked cell, x-y).
  await expect(page.getByTestId('hint-line')).toHaveText(/^Hint: [a-f][1-6]$/, { timeout: 20_000 });
  const marked = await board(page).getAttribute('data-hint');
  expect(marked).toMatch(/^\d-\d$/);
  expect((await readBoard(page)).get(marked!), 'the hint is on a free cell').toBe('empty');
  const [x, y] = marked!.split('-').map(Number);
  const name = `${String.fromCharCode(97 + x!)}${6 - y!}`;
  await expect(page.getByTestId('hint-line')).toHaveText(`Hint: ${name}`);
  await expect(hint, 'one hint per position').toBeDisabled();

  await playToWin(page, 6);
  const results = dialog(page, 'Game Results');
  await expect(results).toBeVisible();
  await expect(results.getByText('A hint was used: this game is not submitted to High Scores.')).toBeVisible();
  await expect(buttonBar(page).getByRole('button', { name: 'Hint' })).toBeDisabled();
  // Submission happens when the game ends, before Game Results opens: a finished win with no hint is posted by now.
  expect(submissions, 'no score was posted').toEqual([]);

  // The flag survives a reload of the saved game.
  await page.reload();
  // A finished game opens on its Game Results again.
  await expect(dialog(page, 'Game Results').getByText('A hint was used: this game is not submitted to High Scores.')).toBeVisible();
});
