/**
 * The accounts journey: a new player signs up from Home, wins a 6x6 game against Easy (moves chosen
 * by the real engine in Node), finds the score on High Scores in the easy colour and the spec's
 * order, sees their profile, signs out and in again, and gets the wrong-password message.
 */
import { formatNumber } from '../src/ui/leaderboard/format';
import { formatScore } from '../src/ui/score/format';
import { authPanel, cssVariableColour, home, openSignIn, signUp, submitCredentials, winAgainstEasy } from './support/accounts';
import { addPlayer, untilOnHighScores } from './support/leaderboard';
import { expect, test } from './support/test';

test('sign up, win against Easy, High Scores, profile, sign out and in, wrong password', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `Ace${stamp}`;
  const email = `ace-${stamp}@example.com`;
  const password = 'correct horse battery';

  // Two games of another player, played in Node as the page plays them and verified by the server:
  // a Medium game must rank above any Easy score (harder first), whatever its margin; an Easy
  // draw, a margin of 0, must rank below our win (larger margin first), whatever its score.
  const rival = await addPlayer(
    baseURL!,
    `Rival${stamp}`,
    [
      { level: 'medium', outcome: 'lost' },
      { level: 'easy', outcome: 'draw' },
    ],
    '6',
  );
  const [rivalName, rivalDraw] = [rival.username, rival.games[1]!];

  // Sign up from Home: Sign In, the toggle, Sign Up.
  await signUp(page, username, email, password);
  await expect(home(page).getByRole('button', { name: 'Profile', exact: true })).toBeVisible();

  // Win a 6x6 game against Easy.
  const { results, mine, theirs } = await winAgainstEasy(page, 6);
  await expect(results.getByTestId('results-headline').locator('p')).toHaveText(['Congratulations!', 'You Won!']);
  await results.getByRole('button', { name: 'Back to Home', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);

  // High Scores: our row, in the easy colour, between the rival's Medium and Easy rows.
  await home(page).getByRole('button', { name: 'Leaderboard', exact: true }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await page.getByRole('tab', { name: 'High Scores' }).click();
  // This game's board size only: other journeys leave scores of their own on 8x8.
  await page.getByLabel('Board Size').selectOption({ label: '6x6' });
  const table = page.getByRole('tabpanel').getByRole('table');
  const ourRow = table.getByRole('row').filter({ hasText: username });
  // The score is submitted when the game ends and shown once the server has replayed the game.
  await untilOnHighScores(page, ourRow, 60_000);
  // Rank (the second medal, read "2nd"), Difficulty, Your Score marked Won, AI Score; the player is the row's header.
  await expect(ourRow.getByRole('cell')).toHaveText(['2nd', 'Easy', `Won ${formatNumber(mine)}`, formatNumber(theirs)]);
  await expect(ourRow.getByRole('rowheader')).toHaveText(username);
  const difficulty = ourRow.locator('[data-difficulty]');
  await expect(difficulty).toHaveText('Easy');
  const easyColour = await cssVariableColour(page, '--ai-easy');
  expect(await difficulty.evaluate((element) => getComputedStyle(element).color)).toBe(easyColour);
  await expect(table.locator('tbody tr th')).toHaveText([rivalName, username, rivalName]);
  await expect(table.locator('tbody tr [data-difficulty]')).toHaveText(['Medium', 'Easy', 'Easy']);
  await expect(table.locator('tbody tr').nth(2)).toContainText(`Draw ${formatScore(BigInt(rivalDraw.score))}`);

  // Profile, through Home's Profile.
  await page.getByRole('button', { name: 'Back to Home', exact: true }).click();
  await home(page).getByRole('button', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // The closed authentication panel also holds the e-mail: scope to the page's main content.
  const profile = page.getByRole('main');
  await expect(profile.getByRole('heading', { name: 'Player Profile', exact: true })).toBeVisible();
  const account = profile.getByRole('region', { name: 'Account' });
  await expect(account.getByRole('heading', { name: username, exact: true })).toBeVisible();
  await expect(account.getByText(email, { exact: true })).toBeVisible();
  await expect(account.getByText(/^Member since \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  const card = (label: string) => profile.locator('.profile-card').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(card('ELO Rating')).toHaveText('1,200');
  await expect(card('Games Played')).toHaveText('0');
  await expect(card('Games Won')).toHaveText('0');
  await expect(card('Win Rate')).toHaveText('0%');
  await expect(profile.getByText('No competitive games played yet', { exact: true })).toBeVisible();

  // Sign out from Home: Sign In is back.
  await page.getByRole('button', { name: 'Back to Home', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await home(page).getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(home(page).getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByText(`Welcome, ${username}!`)).toHaveCount(0);

  // Sign in again with the same credentials.
  await openSignIn(page);
  await submitCredentials(page, email, password, 'Sign In');
  await expect(authPanel(page)).toHaveCount(0);
  await expect(page.getByText(`Welcome, ${username}!`, { exact: true })).toBeVisible();

  // Sign out, then a wrong password.
  await home(page).getByRole('button', { name: 'Sign Out', exact: true }).click();
  const again = await openSignIn(page);
  await submitCredentials(page, email, 'not the password', 'Sign In');
  await expect(again.getByRole('alert')).toHaveText('Invalid login credentials');
  await expect(again.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(home(page).getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});
