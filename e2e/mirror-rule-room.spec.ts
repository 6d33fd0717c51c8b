/**
 * "No mirroring" in an online room, two browser contexts: the room is rated, so the rule is on
 * (ticked in the host's Game Settings, named in the guest's summary). Bob taps the image of
 * Alice's first cell under the half turn: the server refuses it, Bob sees the rule's words, the
 * cell stays empty on both boards and the turn stays his; another cell is then placed.
 */
import { expect, test } from '@playwright/test';
import { MIRROR_RULE_LABEL, MIRRORING_REFUSED } from '../src/game/mirrorRule';
import { board, cellCentre, clickCell, expectOccupied, readBoard } from './support/board';
import { aliceCreatesARoom, closeBoth, expectNoPageErrors, joinRoom, startJoinedGame, turnIndicator } from './support/multiplayer';

test('a rated room refuses the second player’s copy with the rule’s words; another cell is placed', async ({ browser, baseURL }) => {
  const { alice, bob, code } = await aliceCreatesARoom(browser, baseURL);
  try {
    await expect(alice.page.getByRole('checkbox', { name: MIRROR_RULE_LABEL })).toBeChecked();
    await joinRoom(bob, code);
    await expect(bob.page.getByRole('definition').filter({ hasText: MIRROR_RULE_LABEL })).toBeVisible();
    await startJoinedGame(alice, bob);

    // Alice takes b5; Bob taps e2, the same cell turned half a turn (6x6).
    await clickCell(alice.page, { x: 1, y: 1 });
    for (const { page } of [alice, bob]) await expectOccupied(page, 1, 10_000);
    await expect(turnIndicator(bob.page)).toHaveText('Your turn');
    // The mouse shows a ghost on another free cell, and none on e2, which the rule refuses.
    const other = await cellCentre(bob.page, { x: 0, y: 0 });
    await bob.page.mouse.move(other.x, other.y);
    await expect(board(bob.page)).toHaveAttribute('data-hover', '0-0');
    const copy = await cellCentre(bob.page, { x: 4, y: 4 });
    await bob.page.mouse.move(copy.x, copy.y);
    await expect(board(bob.page)).not.toHaveAttribute('data-hover', /.*/);
    await clickCell(bob.page, { x: 4, y: 4 });
    await expect(bob.page.getByRole('alert').filter({ hasText: MIRRORING_REFUSED })).toBeVisible();
    for (const { page } of [alice, bob]) expect((await readBoard(page)).get('4-4')).toBe('empty');
    await expect(turnIndicator(bob.page)).toHaveText('Your turn');

    // Another cell is placed, on both boards, and the refusal is gone.
    await clickCell(bob.page, { x: 4, y: 3 });
    for (const { page } of [alice, bob]) await expectOccupied(page, 2, 10_000);
    expect((await readBoard(alice.page)).get('4-3')).toBe('Blue');
    await expect(bob.page.getByText(MIRRORING_REFUSED)).toBeHidden();
    await expect(turnIndicator(alice.page)).toHaveText('Your turn');
    expectNoPageErrors(alice, bob);
  } finally {
    await closeBoth(alice, bob);
  }
});
