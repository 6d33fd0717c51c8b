/**
 * A rated game: two SIGNED-IN players finish an online game; the server rates it, and the
 * result and both ELO ratings appear on the leaderboard (Game Results, ELO Rankings) and on the
 * profile (ELO Rating, Games Played, Recent Games with the rating change). A rematch forfeited
 * after a move each is won but rates nobody, and both pages say why.
 */
// Playwright's own test: the journeys' fixture watches the default page, which this test does not
// use; both players' pages are watched by expectNoPageErrors instead.
import { expect, test } from '@playwright/test';
import { home, signUp } from './support/accounts';
import { boardReady, clickCell, expectOccupied, freeCells, readBoard, scores } from './support/board';
import { closeBoth, createRoom, expectNoPageErrors, joinRoom, nextNotice, openPlayer, turnIndicator, type Player } from './support/multiplayer';

const CELLS = 36;
const START_ELO = 1200;
// Both new (K = 40, fewer than 30 games) and equal (expected score 0.5): a win is +20, a loss -20.
const CHANGE = 20;

/**
 * The lobby, reached from Home only once signed in: the socket reads the access token when it
 * connects, so connecting before the session exists would make the game unrated.
 */
async function openSignedInLobby(player: Player): Promise<void> {
  const { page } = player;
  await home(page).getByRole('button', { name: 'Multiplayer', exact: true }).click();
  await expect(page).toHaveURL(/\/multiplayer$/);
  await expect(page.getByRole('heading', { name: 'Multiplayer', exact: true })).toBeVisible();
  await expect(page.getByText('Connecting to server...')).toBeHidden({ timeout: 10_000 });
  // A signed-in player's username is filled in for them.
  await expect(page.getByLabel('Username')).toHaveValue(player.name);
}

test('two signed-in players finish an online game: the result and ELO show on the leaderboard and profile', async ({
  browser,
  baseURL,
}) => {
  // Two sign-ups, a whole game, the leaderboard and the profile: over a minute with the other core busy.
  test.setTimeout(150_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const password = 'rated game password';
  const ann = await openPlayer(browser, `Ann${stamp}`, baseURL);
  const ben = await openPlayer(browser, `Ben${stamp}`, baseURL);
  try {
    await Promise.all([
      signUp(ann.page, ann.name, `ann-${stamp}@example.com`, password),
      signUp(ben.page, ben.name, `ben-${stamp}@example.com`, password),
    ]);

    // Ann creates the room; Ben joins by its code.
    await openSignedInLobby(ann);
    const code = await createRoom(ann);
    await openSignedInLobby(ben);
    await joinRoom(ben, code);

    for (const { page } of [ann, ben]) {
      await expect(page.getByRole('heading', { name: 'Players (2/2)' })).toBeVisible();
    }
    for (const { page } of [ann, ben]) {
      await page.getByRole('button', { name: 'Ready', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Not Ready', exact: true })).toBeVisible();
    }
    await ann.page.getByRole('button', { name: 'Start Game', exact: true }).click();
    for (const { page } of [ann, ben]) {
      await expect(page).toHaveURL(/\/multiplayer\/game$/, { timeout: 10_000 });
      await boardReady(page);
      await expectOccupied(page, 0, 5_000);
    }
    await expect(turnIndicator(ann.page)).toHaveText('Your turn');

    // The whole game: whoever's turn it is clicks a free cell. Both taking the first free cell ends
    // in a draw (216 to 216), which leaves the ratings at 1,200; Ann taking the middle free cell and
    // Ben the last makes a decided game (Ann 18 to 17 by the engine in Node), so the ratings move.
    for (let moves = 0; moves < CELLS; moves++) {
      const annToMove = (await turnIndicator(ann.page).textContent()) === 'Your turn';
      const [mover, other]: [Player, Player] = annToMove ? [ann, ben] : [ben, ann];
      await expect(turnIndicator(mover.page)).toHaveText('Your turn');
      await expect(turnIndicator(other.page)).toHaveText(`${mover.name}'s turn`);
      const free = freeCells(await readBoard(mover.page));
      const cell = (mover === ann ? free[Math.floor(free.length / 2)] : free.at(-1))!;
      await clickCell(mover.page, cell);
      await expectOccupied(mover.page, moves + 1, 5_000);
      await expectOccupied(other.page, moves + 1, 5_000);
    }

    // Ann is Green (player 0). Game Results on both pages.
    const [annScore, benScore] = await scores(ann.page);
    expect(await scores(ben.page)).toEqual([annScore, benScore]);
    const outcome = annScore > benScore ? 'Won' : annScore < benScore ? 'Lost' : 'Draw';
    const [forAnn, forBen] =
      outcome === 'Won' ? ['You won!', 'You lost!'] : outcome === 'Lost' ? ['You lost!', 'You won!'] : ['Game ended in a draw!', 'Game ended in a draw!'];
    test.info().annotations.push({ type: 'outcome', description: `Ann ${outcome} ${annScore} to ${benScore}` });
    const annChange = outcome === 'Won' ? CHANGE : outcome === 'Lost' ? -CHANGE : 0;
    const annElo = START_ELO + annChange;
    const benElo = START_ELO - annChange;
    const fmt = (n: number) => n.toLocaleString('en-US');
    const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

    // Game Results tells both players their rating change.
    for (const { page } of [ann, ben]) {
      const ratings = page.getByRole('dialog', { name: 'Game Results' }).getByRole('list', { name: 'Ratings' });
      await expect(ratings.getByRole('listitem')).toHaveText([
        `${ann.name}: ${fmt(START_ELO)} → ${fmt(annElo)} (${signed(annChange)})`,
        `${ben.name}: ${fmt(START_ELO)} → ${fmt(benElo)} (${signed(-annChange)})`,
      ]);
    }
    expect(await nextNotice(ann)).toBe(forAnn);
    expect(await nextNotice(ben)).toBe(forBen);

    // A rematch that Ben forfeits after a move each: Ann wins, but a game ended before each player
    // had made 5 moves rates nobody, and both are told so under the forfeit.
    await ann.page.getByRole('button', { name: 'Rematch', exact: true }).click();
    await ben.page.getByRole('button', { name: 'Rematch', exact: true }).click();
    for (const { page } of [ann, ben]) await expectOccupied(page, 0, 10_000);
    for (const [mover, other] of [[ben, ann], [ann, ben]] as const) {
      await expect(turnIndicator(mover.page)).toHaveText('Your turn');
      await clickCell(mover.page, freeCells(await readBoard(mover.page))[0]!);
      await expect(turnIndicator(other.page)).toHaveText('Your turn');
    }
    await ben.page.getByRole('button', { name: 'Forfeit', exact: true }).click();
    await ben.page.getByRole('dialog', { name: 'Forfeit' }).getByRole('button', { name: 'Forfeit', exact: true }).click();
    for (const player of [ann, ben]) {
      await expect(player.page.getByTestId('room-notice-detail')).toHaveText('Not rated: the game ended before each player had made 5 moves');
      expect(await nextNotice(player)).toBe(`${ben.name} forfeited the game!`);
    }

    // Leaderboard, Game Results: our game, winner and loser by the final scores.
    const { page } = ann;
    await page.goto('/leaderboard');
    const resultsTab = page.getByRole('tab', { name: 'Game Results' });
    const rankingsTab = page.getByRole('tab', { name: 'ELO Rankings' });
    const table = page.getByRole('tabpanel').getByRole('table');
    const gameRow = table.getByRole('row').filter({ hasText: ann.name }).filter({ hasText: ben.name });
    // The result is written as the game ends; switch tabs to reload until it is listed.
    await expect(async () => {
      await rankingsTab.click();
      await resultsTab.click();
      await expect(gameRow).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    const high = Math.max(annScore, benScore);
    const low = Math.min(annScore, benScore);
    if (outcome === 'Draw') {
      await expect(gameRow.getByRole('rowheader')).toContainText(/Ann|Ben/);
      await expect(gameRow.locator('.leaderboard-score')).toHaveText(`${fmt(high)} vs ${fmt(low)} (Draw)`);
    } else {
      const [winner, loser] = outcome === 'Won' ? [ann.name, ben.name] : [ben.name, ann.name];
      await expect(gameRow.getByRole('rowheader')).toContainText(winner);
      await expect(gameRow.getByRole('cell').first()).toHaveText(loser);
      await expect(gameRow.locator('.leaderboard-score')).toHaveText(`${fmt(high)} vs ${fmt(low)}`);
    }
    await expect(gameRow.locator('.leaderboard-meta')).toContainText('Connection · 6x6');

    // ELO Rankings: both players, rated, with one game each. Cells: Rank, ELO Rating, Win Rate, Games.
    await rankingsTab.click();
    for (const [name, elo, won] of [
      [ann.name, annElo, outcome === 'Won'],
      [ben.name, benElo, outcome === 'Lost'],
    ] as const) {
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
      await expect(row, `${name} on ELO Rankings`).toHaveCount(1);
      const cells = row.getByRole('cell');
      await expect(cells.nth(1), `${name}'s rating`).toHaveText(fmt(elo));
      await expect(cells.nth(2), `${name}'s win rate`).toHaveText(won ? '100%' : '0%');
      await expect(cells.nth(3), `${name}'s games`).toHaveText('1');
    }

    // Ann's profile: rating, games played, and the game against Ben with the rating change.
    await page.goto('/profile');
    const profile = page.getByRole('main');
    await expect(profile.getByRole('heading', { name: 'Player Profile', exact: true })).toBeVisible();
    const card = (label: string) => profile.locator('.profile-card').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
    await expect(card('ELO Rating')).toHaveText(fmt(annElo));
    await expect(card('Games Played')).toHaveText('1');
    await expect(card('Games Won')).toHaveText(outcome === 'Won' ? '1' : '0');
    const game = profile.locator('.profile-game');
    await expect(game).toHaveCount(1);
    await expect(game.locator('.profile-badge')).toHaveText(outcome);
    await expect(game.locator('.profile-game-score')).toHaveText(`${fmt(annScore)} - ${fmt(benScore)}`);
    await expect(game.locator('.profile-game-opponent')).toHaveText(`vs ${ben.name}`);
    await expect(game.getByTitle('ELO change')).toHaveText(annChange > 0 ? `+${annChange}` : String(annChange));
    // The rating graph, and the game's replay from the moves the server kept with the result.
    await expect(profile.getByRole('img', { name: `ELO rating over the last 1 rated game: from ${START_ELO} to ${annElo}` })).toBeVisible();
    await game.getByRole('link', { name: `Replay and review: the game against ${ben.name}` }).click();
    await expect(page).toHaveURL(/\/replay#CC1_6x6_connection/);
    await expect(page.getByTestId('replay-step')).toHaveText(`Move ${CELLS} of ${CELLS}`);
    expect(await scores(page)).toEqual([annScore, benScore]);

    expect(ann.alerts).toEqual([]);
    expect(ben.alerts).toEqual([]);
    expectNoPageErrors(ann, ben);
  } finally {
    await closeBoth(ann, ben);
  }
});
