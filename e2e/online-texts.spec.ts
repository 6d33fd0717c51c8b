/**
 * The online lobby and game on the page: the lobby says what is missing ('Please enter a username', 'Please enter
 * a room code', SPEC §5 and §8) while its buttons stay disabled (SPEC §2); leaving a game under
 * way asks 'Are you sure you want to forfeit the game?' first; and after a game the names stay
 * with their seats when the host leaves the room.
 */
import { expect, test } from './support/test';
import { test as plain } from '@playwright/test';
import { scores, type Cell } from './support/board';
import {
  aliceCreatesARoom,
  closeBoth,
  expectNoPageErrors,
  nextNotice,
  playOnlineMoves,
  startOnlineGame,
  turnIndicator,
  type Player,
} from './support/multiplayer';

test('the lobby asks for a username and a room code: on Enter in the empty field and on leaving it', async ({ page }) => {
  await page.goto('/multiplayer');
  await expect(page.getByText('Connecting to server...')).toBeHidden({ timeout: 10_000 });
  const username = page.getByLabel('Username');
  const code = page.getByLabel('Room code');
  const create = page.getByRole('button', { name: 'Create Room', exact: true });
  const join = page.getByRole('button', { name: 'Join', exact: true });
  const message = page.getByRole('alert');
  await expect(username).toHaveValue('');

  // SPEC §2: disabled without a username (and, to join, without a code).
  await expect(create).toBeDisabled();
  await expect(join).toBeDisabled();
  await expect(message).toHaveCount(0);

  // Enter in the empty username field.
  await username.press('Enter');
  await expect(message).toHaveText('Please enter a username');
  // Typing a name takes the message away.
  await username.fill('Carol');
  await expect(message).toHaveCount(0);
  await expect(create).toBeEnabled();
  await expect(join).toBeDisabled();

  // Leaving the empty code field, then Enter in it.
  await code.focus();
  await code.blur();
  await expect(message).toHaveText('Please enter a room code');
  await code.fill('ab');
  await expect(message).toHaveCount(0);
  await expect(join).toBeEnabled();
  await code.fill('');
  await code.press('Enter');
  await expect(message).toHaveText('Please enter a room code');
  await expect(page.getByRole('heading', { name: /^Room: / })).toHaveCount(0);

  // Leaving the emptied username field (by Tab) says so too; a name of spaces is no name.
  await username.fill('   ');
  await expect(create).toBeDisabled();
  await username.press('Tab');
  await expect(message).toHaveText('Please enter a username');
  await expect(page).toHaveURL(/\/multiplayer$/);
});

plain('leaving a game under way asks to forfeit first: Cancel keeps the game, Forfeit ends it and leaves, the opponent keeps the final board', async ({ browser, baseURL }) => {
  plain.setTimeout(60_000);
  const { alice, bob, code } = await aliceCreatesARoom(browser, baseURL);
  try {
    await startOnlineGame(alice, bob, code);
    const confirm = alice.page.getByRole('dialog', { name: 'Forfeit' });

    for (const name of ['Back to Lobby', 'Home']) {
      await alice.page.getByRole('button', { name, exact: true }).click();
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText('Are you sure you want to forfeit the game?');
      await expect(confirm.getByRole('button', { name: 'Forfeit', exact: true })).toBeVisible();
      await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(confirm).toBeHidden();
      await expect(alice.page).toHaveURL(/\/multiplayer\/game$/);
      await expect(turnIndicator(alice.page)).toHaveText('Your turn');
    }
    // The game goes on after both cancels: a move each (so it is a game to forfeit, not to abort).
    await playOnlineMoves(alice, bob, 2);
    await expect(turnIndicator(bob.page)).toHaveText("Alice's turn");

    await alice.page.getByRole('button', { name: 'Home', exact: true }).click();
    await confirm.getByRole('button', { name: 'Forfeit', exact: true }).click();
    await expect(alice.page).toHaveURL(/\/home$/);
    expect(await nextNotice(bob)).toBe('Alice forfeited the game!');
    // SPEC §4: back to the lobby route, in the room, where the final board and its result stay.
    await expect(bob.page).toHaveURL(/\/multiplayer$/);
    await expect(bob.page.getByTestId('game-result')).toHaveText('Bob wins: opponent forfeited');
    // The player who left is not told about her own forfeit.
    await alice.page.waitForTimeout(500);
    expect(alice.alerts).toEqual([]);
    expectNoPageErrors(alice, bob);
  } finally {
    await closeBoth(alice, bob);
  }
});

plain('after a game the names stay with their seats when the host leaves the room', async ({ browser, baseURL }) => {
  plain.setTimeout(150_000);
  const { alice, bob, code } = await aliceCreatesARoom(browser, baseURL);
  try {
    await startOnlineGame(alice, bob, code);
    // Alice takes the middle free cell, Bob the last: a decided game (as in rated-game.spec.ts).
    const pick = (free: Cell[], mover: Player) => (mover === alice ? free[Math.floor(free.length / 2)]! : free.at(-1)!);
    await playOnlineMoves(alice, bob, 36, pick);
    await nextNotice(alice);
    await nextNotice(bob);

    const [green, blue] = await scores(bob.page);
    const result = green > blue ? 'Alice wins!' : green < blue ? 'Bob wins!' : 'Draw!';
    for (const { page } of [alice, bob]) {
      await expect(turnIndicator(page)).toHaveText('Game over');
      await expect(page.getByTestId('game-result')).toHaveText(result);
    }

    // Alice, the host, leaves after the game (no question: nothing to forfeit).
    await alice.page.getByRole('button', { name: 'Back to Lobby', exact: true }).click();
    await expect(alice.page.getByRole('dialog', { name: 'Forfeit' })).toHaveCount(0);
    await expect(alice.page).toHaveURL(/\/multiplayer$/);
    await expect(bob.page.getByText('Your opponent has left the room')).toBeVisible({ timeout: 10_000 });

    // Bob's screen keeps Alice as green (player 0) and himself as blue, the scores with them.
    const panel = bob.page.getByRole('region', { name: 'Scores' });
    await expect(panel.locator('.score-player.player-0 .score-name-text')).toHaveText('Alice');
    await expect(panel.locator('.score-player.player-1 .score-name-text')).toHaveText('Bob');
    expect(await scores(bob.page)).toEqual([green, blue]);
    await expect(bob.page.getByTestId('game-result')).toHaveText(result);
    await expect(turnIndicator(bob.page)).toHaveText('Game over');
    expect(bob.alerts).toEqual([]);
    expectNoPageErrors(alice, bob);
  } finally {
    await closeBoth(alice, bob);
  }
});
