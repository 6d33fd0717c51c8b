/**
 * An online game: two browser contexts meet in a room (created by Alice, joined by code by
 * Bob), ready up, start, and play a whole 6x6 game on the authoritative server; Bob reloads
 * mid-game and comes back to the same board; both see Game Results; then a rematch in the
 * same room, in which Bob opens.
 */
// Playwright's own test: the journeys' fixture watches the default page, which this test does not
// use; both players' pages are watched by expectNoPageErrors instead.
import { expect, test } from '@playwright/test';
import { boardReady, clickCell, expectOccupied, freeCells, readBoard, scores, type Owner } from './support/board';
import { aliceCreatesARoom, closeBoth, expectNoPageErrors, nextNotice, turnIndicator, unmirroredPick, type Player } from './support/multiplayer';

const CELLS = 36;
const RELOAD_AFTER = 10;

test('two players meet by room code, play a whole game, survive a reload, see the result and start a rematch', async ({ browser, baseURL }) => {
  // A whole 36-move game in two browsers, a reload, its review and a rematch: room for a busy machine.
  test.setTimeout(180_000);
  // Alice creates the room; its code is in the title.
  const { alice, bob, code } = await aliceCreatesARoom(browser, baseURL);
  try {
    // Bob types the code in lower case; the field upper-cases it.
    const codeField = bob.page.getByLabel('Room code');
    await codeField.pressSequentially(code.toLowerCase());
    await expect(codeField).toHaveValue(code);
    await bob.page.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(bob.page.getByRole('heading', { name: `Room: ${code}` })).toBeVisible();

    for (const { page } of [alice, bob]) {
      await expect(page.getByRole('heading', { name: 'Players (2/2)' })).toBeVisible();
      await expect(page.getByTestId('room-player')).toHaveCount(2);
    }
    await expect(alice.page.getByRole('button', { name: 'Start Game' })).toHaveCount(0);

    // Both ready up; only then may the host start.
    for (const { page } of [alice, bob]) {
      await page.getByRole('button', { name: 'Ready', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Not Ready', exact: true })).toBeVisible();
    }
    await expect(bob.page.getByRole('button', { name: 'Start Game' })).toHaveCount(0);
    await alice.page.getByRole('button', { name: 'Start Game', exact: true }).click();

    for (const { page } of [alice, bob]) {
      await expect(page.getByText(/^Game starting in \d\.\.\.$/)).toBeVisible();
    }
    for (const { page } of [alice, bob]) {
      await expect(page).toHaveURL(/\/multiplayer\/game$/, { timeout: 10_000 });
      await boardReady(page);
      await expectOccupied(page, 0, 5_000);
      await expect(page.getByRole('heading', { name: `Room: ${code}` })).toBeVisible();
    }
    await expect(turnIndicator(alice.page)).toHaveText('Your turn');
    await expect(turnIndicator(bob.page)).toHaveText("Alice's turn");

    // The whole game: whoever's turn it is clicks a free cell; both boards must show the move.
    const colour: Record<string, Owner> = { Alice: 'Green', Bob: 'Blue' };
    const played: string[] = []; // the moves' cell names, in order (for the game's record)
    for (let moves = 0; moves < CELLS; moves++) {
      const aliceToMove = (await turnIndicator(alice.page).textContent()) === 'Your turn';
      const [mover, other]: [Player, Player] = aliceToMove ? [alice, bob] : [bob, alice];
      await expect(turnIndicator(mover.page)).toHaveText('Your turn');
      await expect(turnIndicator(other.page)).toHaveText(`${mover.name}'s turn`);

      const cell = unmirroredPick(alice)(freeCells(await readBoard(mover.page)), mover);
      await clickCell(mover.page, cell);
      played.push(`${String.fromCharCode(97 + cell.x)}${6 - cell.y}`);
      await expectOccupied(mover.page, moves + 1, 5_000);
      await expectOccupied(other.page, moves + 1, 5_000);
      expect((await readBoard(other.page)).get(`${cell.x}-${cell.y}`), `move ${moves + 1} on ${other.name}'s board`).toBe(
        colour[mover.name],
      );

      if (moves + 1 === RELOAD_AFTER) {
        // Bob reloads: he must get back into the same game with the same cells and scores.
        const cells = await readBoard(alice.page);
        const score = await scores(alice.page);
        await bob.page.reload();
        await expect(bob.page).toHaveURL(/\/multiplayer\/game$/, { timeout: 10_000 });
        await boardReady(bob.page);
        await expectOccupied(bob.page, RELOAD_AFTER, 10_000);
        expect(await readBoard(bob.page)).toEqual(cells);
        expect(await scores(bob.page)).toEqual(score);
        await expect(bob.page.getByRole('heading', { name: `Room: ${code}` })).toBeVisible();
        await expect(alice.page.getByText('Bob is reconnecting…')).toHaveCount(0);
      }
    }

    // Game Results on both pages, in SPEC §7's words, consistent with the scores both show.
    const [green, blue] = await scores(alice.page);
    expect(await scores(bob.page)).toEqual([green, blue]);
    const [forAlice, forBob] =
      green > blue ? ['You won!', 'You lost!'] : green < blue ? ['You lost!', 'You won!'] : ['Game ended in a draw!', 'Game ended in a draw!'];
    // Copy game in Game Results gives the whole game, move by move, and its result.
    await alice.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const aliceResults = alice.page.getByRole('dialog', { name: 'Game Results' });
    await aliceResults.getByRole('button', { name: 'Copy game' }).click();
    await expect(aliceResults.getByText('Game copied to the clipboard')).toBeVisible();
    const result = green > blue ? '1-0' : green < blue ? '0-1' : '1/2-1/2';
    expect(await alice.page.evaluate(() => navigator.clipboard.readText())).toBe(`CC1 6x6 connection nomirror: ${played.join(' ')} ${result}`);
    // The online game's review, from its results in a tab of its own: every move marked.
    const [reviewTab] = await Promise.all([alice.context.waitForEvent('page'), aliceResults.getByRole('link', { name: 'Replay and review' }).click()]);
    await expect(reviewTab.getByTestId('replay-summary')).toHaveText(/^Cell Connection, 6×6, No mirroring: /);
    await reviewTab.getByTestId('review').getByRole('button', { name: 'Analyse the game' }).click();
    await expect(reviewTab.getByTestId('review-summary')).toBeVisible({ timeout: 90_000 });
    await expect(reviewTab.getByTestId('replay-moves').getByRole('button')).toHaveCount(played.length);
    for (const move of await reviewTab.getByTestId('replay-moves').getByRole('button').all()) {
      await expect(move).toHaveAttribute('data-mark', /^(best|good|inaccuracy|mistake|blunder|forced)$/);
    }
    await reviewTab.close();
    expect(await nextNotice(alice)).toBe(forAlice);
    // Game Results fits a 360-px phone: its buttons in view without scrolling.
    await bob.page.setViewportSize({ width: 360, height: 640 });
    const results = bob.page.getByRole('dialog', { name: 'Game Results' });
    for (const name of ['Rematch', 'Back to Lobby']) {
      await expect(results.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    // Bob reloaded mid-game: his tab kept the moves, so his record is the same, move by move.
    await bob.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await results.getByRole('button', { name: 'Copy game' }).click();
    await expect(results.getByText('Game copied to the clipboard')).toBeVisible();
    expect(await bob.page.evaluate(() => navigator.clipboard.readText())).toBe(`CC1 6x6 connection nomirror: ${played.join(' ')} ${result}`);
    expect(await nextNotice(bob)).toBe(forBob);
    for (const { page } of [alice, bob]) await expect(turnIndicator(page)).toHaveText('Game over');
    expect(alice.alerts).toEqual([]);
    expect(bob.alerts).toEqual([]);

    // A rematch in the same room: Alice asks, Bob sees the offer and accepts; the seats swap.
    await alice.page.getByRole('button', { name: 'Rematch', exact: true }).click();
    await expect(alice.page.getByText('Waiting for Bob to accept…')).toBeVisible();
    await expect(bob.page.getByText('Alice wants a rematch')).toBeVisible();
    await bob.page.getByRole('button', { name: 'Rematch', exact: true }).click();
    for (const { page } of [alice, bob]) await expect(page.getByText(/^Game starting in \d\.\.\.$/)).toBeVisible();
    for (const { page } of [alice, bob]) await expectOccupied(page, 0, 10_000);
    await expect(turnIndicator(bob.page)).toHaveText('Your turn');
    await expect(turnIndicator(alice.page)).toHaveText("Bob's turn");
    const opening = freeCells(await readBoard(bob.page))[0]!;
    await clickCell(bob.page, opening);
    await expectOccupied(alice.page, 1, 5_000);
    expect((await readBoard(alice.page)).get(`${opening.x}-${opening.y}`)).toBe('Green'); // Bob opens, so he is green now
    await expect(turnIndicator(alice.page)).toHaveText('Your turn');
    expectNoPageErrors(alice, bob);
  } finally {
    await closeBoth(alice, bob);
  }
});
