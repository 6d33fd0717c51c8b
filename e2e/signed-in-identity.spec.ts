/**
 * A signed-in player is who they are online: in the lobby the Username field holds their
 * account's username and cannot be changed ("Signed in as …"); the room they create shows them
 * under it, and a stranger's lobby lists their public room under it with their rating.
 */
// Playwright's own test, as in rated-game.spec.ts: both players' pages are watched by expectNoPageErrors.
import { expect, test } from '@playwright/test';
import { home, signUp } from './support/accounts';
import { closeBoth, createRoom, expectNoPageErrors, openLobby, openPlayer, type Player } from './support/multiplayer';

/** A new account starts at 1200 (SPEC §3). */
const START_ELO = 1200;

/** The lobby, reached from Home once signed in: the socket carries the session from its start. */
async function openSignedInLobby({ page }: Player): Promise<void> {
  await home(page).getByRole('button', { name: 'Multiplayer', exact: true }).click();
  await expect(page).toHaveURL(/\/multiplayer$/);
  await expect(page.getByText('Connecting to server...')).toBeHidden({ timeout: 10_000 });
}

test('a signed-in player plays under their username: not editable in the lobby, shown in the room and, with the rating, in open games', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const feel = await openPlayer(browser, `Feel${stamp}`.slice(0, 20), baseURL);
  const guest = await openPlayer(browser, 'Guest', baseURL);
  try {
    await signUp(feel.page, feel.name, `feel-${stamp}@example.com`, 'identity journey password');
    await openSignedInLobby(feel);

    const name = feel.page.getByLabel('Username');
    await expect(name).toHaveValue(feel.name);
    await expect(name).not.toBeEditable();
    await expect(feel.page.getByText(`Signed in as ${feel.name}`, { exact: true })).toBeVisible();

    const code = await createRoom(feel);
    await expect(feel.page.getByTestId('room-player')).toHaveCount(1);
    await expect(feel.page.getByTestId('room-player').first()).toContainText(`${feel.name} (You) (Host)`);

    // Made public, the room is listed in a stranger's lobby under the username, with its rating.
    await feel.page.getByRole('group', { name: 'Game Settings' }).getByLabel('Visibility').selectOption('public');
    await openLobby(guest);
    await expect(guest.page.getByLabel('Username')).toBeEditable();
    const listed = guest.page.getByRole('region', { name: 'Open games' }).getByTestId('open-game');
    await expect(listed.filter({ hasText: `${feel.name} (${START_ELO})` })).toHaveCount(1, { timeout: 10_000 });

    // The guest joins by the code: both see the host under the username.
    await guest.page.getByLabel('Room code').fill(code);
    await guest.page.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(guest.page.getByRole('heading', { name: `Room: ${code}` })).toBeVisible();
    for (const { page } of [feel, guest]) {
      await expect(page.getByRole('heading', { name: 'Players (2/2)' })).toBeVisible();
      await expect(page.getByTestId('room-player').first()).toContainText(feel.name);
      await expect(page.getByTestId('room-player').nth(1)).toContainText('Guest');
    }
    expectNoPageErrors(feel, guest);
  } finally {
    await closeBoth(feel, guest);
  }
});
