/**
 * Open games: the host makes a room public; a player waiting in the lobby sees it
 * appear in the open games, live, with its settings, and joins it with one click (without a
 * username the lobby asks for one first). The room leaves the list once full; the two start and
 * play.
 */
// Playwright's own test, as in multiplayer.spec.ts: both players' pages are watched by expectNoPageErrors.
import { expect, test } from '@playwright/test';
import { closeBoth, createRoom, expectNoPageErrors, openLobby, openPlayer, playOnlineMoves, startJoinedGame } from './support/multiplayer';

test('a public room is listed in the lobby, live, and joined with one click; the two play', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const alice = await openPlayer(browser, 'Alice', baseURL);
  const bob = await openPlayer(browser, 'Bob', baseURL);
  try {
    // Bob waits in the lobby: nothing is open yet.
    await openLobby(bob);
    const openGames = bob.page.getByRole('region', { name: 'Open games' });
    await expect(openGames.getByText('No open games right now: create one, or join with a code')).toBeVisible();

    // Alice's room is private until she makes it public.
    await openLobby(alice);
    const code = await createRoom(alice);
    const settings = alice.page.getByRole('group', { name: 'Game Settings' });
    await expect(settings.getByLabel('Visibility')).toHaveValue('private');
    await settings.getByLabel('Board Size').selectOption('8');
    await settings.getByLabel('Game Type').selectOption('casual');
    await expect(openGames.getByTestId('open-game')).toHaveCount(0);
    await settings.getByLabel('Visibility').selectOption('public');
    await expect(alice.page.getByText("A public room is listed in the lobby's open games until an opponent joins.")).toBeVisible();

    // It appears in Bob's lobby without a reload.
    const game = openGames.getByRole('button', { name: "Join Alice's game: 8x8 · Connection · Casual · Untimed" });
    await expect(game).toBeVisible({ timeout: 10_000 });

    // Without a username the lobby asks for one; with one, one click joins.
    await bob.page.getByLabel('Username').fill('');
    await game.click();
    await expect(bob.page.getByRole('alert')).toHaveText('Please enter a username');
    await bob.page.getByLabel('Username').fill('Bob');
    await game.click();
    await expect(bob.page.getByRole('heading', { name: `Room: ${code}` })).toBeVisible();
    const summary = bob.page.getByRole('definition');
    await expect(summary.filter({ hasText: 'Public' })).toBeVisible();
    await expect(summary.filter({ hasText: '8x8' })).toBeVisible();

    // A third player's lobby no longer lists the full room.
    const carol = await openPlayer(browser, 'Carol', baseURL);
    try {
      await openLobby(carol);
      await expect(carol.page.getByRole('region', { name: 'Open games' }).getByText('No open games right now: create one, or join with a code')).toBeVisible();
    } finally {
      await closeBoth(carol);
    }

    await startJoinedGame(alice, bob);
    await playOnlineMoves(alice, bob, 2);
    expectNoPageErrors(alice, bob);
  } finally {
    await closeBoth(alice, bob);
  }
});
