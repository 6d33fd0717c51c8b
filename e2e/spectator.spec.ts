/**
 * A spectator watching a game to the end. Alice creates a room and copies its
 * watch link; Carol opens it in a browser of her own before the game starts; Alice and Bob play a
 * whole 6x6 game while Carol's page shows every move as it lands, the players' names and scores,
 * and the number watching, which the players see too; at the end Carol sees the final board and
 * the result, and a late spectator opening the link after the game sees them as well.
 */
// Playwright's own test: the journeys' fixture watches the default page, which this test does not
// use; every page is watched by expectNoPageErrors instead.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { boardReady, expectOccupied, readBoard, scores } from './support/board';
import { aliceCreatesARoom, closeBoth, expectGameOverOnBoth, expectNoPageErrors, openPlayer, playOnlineMoves, startOnlineGame, turnIndicator } from './support/multiplayer';

const CELLS = 36;

test('a spectator opens the watch link and sees every move of a whole game and its result', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { alice, bob, code } = await aliceCreatesARoom(browser, baseURL);
  const carol = await openPlayer(browser, 'Carol', baseURL);
  const dave = await openPlayer(browser, 'Dave', baseURL);
  try {
    // Alice copies the watch link from her room.
    await alice.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await alice.page.getByRole('button', { name: 'Copy watch link' }).click();
    await expect(alice.page.getByText('Watch link copied')).toBeVisible();
    const link = await alice.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`/multiplayer/watch/${code}$`));

    // Carol opens it before the game: she waits with the room, and Alice sees her counted.
    await carol.page.goto(new URL(link).pathname);
    await expect(carol.page.getByRole('heading', { name: `Watching room ${code}` })).toBeVisible();
    await expect(carol.page.getByText('Waiting for the game to start…')).toBeVisible({ timeout: 10_000 });
    await expect(alice.page.getByTestId('watching-count')).toHaveText('1 watching', { timeout: 10_000 });

    await startOnlineGame(alice, bob, code);
    await boardReady(carol.page);
    await expectOccupied(carol.page, 0, 10_000);
    await expect(turnIndicator(carol.page)).toHaveText("Alice's turn");
    await expect(carol.page.getByTestId('watching-count')).toHaveText('1 watching');
    await expect(alice.page.getByTestId('watching-count')).toHaveText('1 watching');
    // Both players' names as the players' page shows them.
    for (const name of ['Alice', 'Bob']) await expect(carol.page.getByText(name, { exact: true }).first()).toBeVisible();

    // The whole game: after each move, Carol's board is the players' board.
    for (let move = 1; move <= CELLS; move++) {
      await playOnlineMoves(alice, bob, 1);
      await expectOccupied(carol.page, move, 10_000);
      expect(await readBoard(carol.page), `Carol's board after move ${move}`).toEqual(await readBoard(alice.page));
    }
    await expectGameOverOnBoth(alice, bob);

    // The end, as a spectator sees it: the final board, the scores and the result; she cannot play.
    const final = await readBoard(alice.page);
    await expect(turnIndicator(carol.page)).toHaveText('Game over');
    await expect(carol.page.getByTestId('game-result')).toHaveText(/^(Alice wins!|Bob wins!|Draw!)$/);
    expect(await scores(carol.page)).toEqual(await scores(alice.page));
    await expect(carol.page.getByRole('button', { name: /Forfeit|Request Undo|Ready/ })).toHaveCount(0);

    // A late spectator opens the finished game from the lobby's Watch form.
    await dave.page.goto('/multiplayer');
    await dave.page.getByLabel('Watch a game').fill(code.toLowerCase());
    await dave.page.getByRole('button', { name: 'Watch', exact: true }).click();
    await expect(dave.page).toHaveURL(new RegExp(`/multiplayer/watch/${code}$`));
    await boardReady(dave.page);
    await expectOccupied(dave.page, CELLS, 10_000);
    expect(await readBoard(dave.page)).toEqual(final);
    await expect(dave.page.getByTestId('game-result')).toHaveText(await carol.page.getByTestId('game-result').innerText());
    await expect(dave.page.getByTestId('watching-count')).toHaveText('2 watching', { timeout: 10_000 });
    // Accessible as the players' page is: axe finds nothing serious or critical.
    const axe = await new AxeBuilder({ page: dave.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // Carol goes back to the lobby: one fewer watching.
    await carol.page.getByRole('button', { name: 'Back to Lobby' }).click();
    await expect(carol.page).toHaveURL(/\/multiplayer$/);
    await expect(dave.page.getByTestId('watching-count')).toHaveText('1 watching', { timeout: 10_000 });
    expectNoPageErrors(alice, bob, carol, dave);
  } finally {
    await closeBoth(alice, bob, carol, dave);
  }
});
