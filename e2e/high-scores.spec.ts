/**
 * A high score is a game that was played: a signed-in player wins an 8x8 game against Easy in the
 * browser, and the score appears on High Scores once the server has replayed the game; the score
 * the same player forges through the REST API beside it (the most an 8x8 board allows, with no
 * game behind it) is rejected and never shown.
 */
import { formatNumber } from '../src/ui/leaderboard/format';
import { home, nodeClient, openSignIn, submitCredentials, winAgainstEasy } from './support/accounts';
import { longNamedPlayers, rereadHighScores, untilOnHighScores } from './support/leaderboard';
import { expect, test } from './support/test';

test('a won game reaches High Scores once the server has replayed it; a forged score never does', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  // An existing player (the server allows few sign-ups an hour from one address); their own
  // games are against Hard and Medium, so this one is their only Easy row.
  const [player] = await longNamedPlayers(baseURL!);
  await page.goto('/home');
  await openSignIn(page);
  await submitCredentials(page, player.email, player.password, 'Sign In');
  await expect(page.getByText(`Welcome, ${player.username}!`, { exact: true })).toBeVisible();

  // The forgery, as the same player: a score no game gave, with a record of no game.
  const forger = await nodeClient(baseURL!);
  expect((await forger.auth.signInWithPassword({ email: player.email, password: player.password })).error).toBeNull();
  const most = 118_098; // public.max_score(8, 'connection')
  const forged = await forger
    .from('game_scores')
    .insert({
      user_id: player.id,
      username: player.username,
      score: most,
      opponent_score: 1,
      board_size: 8,
      scoring_mechanism: 'connection',
      game_duration: 30,
      opponent_type: 'ai',
      ai_difficulty: 'easy',
      game_id: `forged-${Date.now()}`,
      record: 'CC1 8x8 connection: 1-0',
      ai_seed: 1,
      ai_nodes: null,
    })
    .select('status')
    .single();
  expect(forged.data).toEqual({ status: 'pending' });

  // The game, played in the browser and submitted when it ends.
  const { results, mine, theirs } = await winAgainstEasy(page, 8);
  await results.getByRole('button', { name: 'Back to Home', exact: true }).click();

  // High Scores on 8x8: read again until the server has replayed the game.
  await home(page).getByRole('button', { name: 'Leaderboard', exact: true }).click();
  await page.getByRole('tab', { name: 'High Scores' }).click();
  await page.getByLabel('Board Size').selectOption({ label: '8x8' });
  const table = page.getByRole('tabpanel').getByRole('table');
  const ours = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: player.username }) }).filter({ hasText: 'Easy' });
  await untilOnHighScores(page, ours, 90_000);
  await expect(ours.getByRole('cell').nth(1)).toHaveText('Easy');
  await expect(ours.getByRole('cell').nth(2)).toHaveText(`Won ${formatNumber(mine)}`);
  await expect(ours.getByRole('cell').nth(3)).toHaveText(formatNumber(theirs));

  // The forgery has its verdict by now (it was submitted first, and needs no replay), and is not shown.
  await expect(async () => {
    const { data } = await forger.from('game_scores').select('status, rejection').eq('score', most).eq('user_id', player.id).single();
    expect(data).toEqual({ status: 'rejected', rejection: 'The game is not finished: 0 of 64 cells are taken.' });
  }).toPass({ timeout: 30_000 });
  await rereadHighScores(page);
  await expect(ours).toHaveCount(1);
  await expect(table).not.toContainText(formatNumber(most));
});
