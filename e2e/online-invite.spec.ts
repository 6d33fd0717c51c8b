/**
 * The online room's details: a name already in the room is refused, the invite link copies and
 * opens the lobby with the code filled in, the guest sees the host's settings, and Forfeit
 * stands apart from Request Undo.
 */
// Playwright's own test, as in multiplayer.spec.ts: both players' pages are watched by expectNoPageErrors.
import { expect, test } from '@playwright/test';
import { closeBoth, createRoom, expectNoPageErrors, openLobby, openPlayer } from './support/multiplayer';

test('the invite link brings a friend to the room; a name already there is refused; the guest sees the settings', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const alice = await openPlayer(browser, 'Alice', baseURL);
  const bob = await openPlayer(browser, 'Alice', baseURL);
  try {
    await alice.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openLobby(alice);
    const code = await createRoom(alice);
    await alice.page.getByLabel('Board Size').selectOption({ label: '8x8' });
    await alice.page.getByRole('button', { name: 'Copy invite link' }).click();
    await expect(alice.page.getByRole('status').filter({ hasText: 'Invite link copied' })).toBeVisible();
    const link = await alice.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${new URL(baseURL!).origin}/multiplayer?room=${code}`);

    // The friend opens the link: the code is filled in and the name field waits for them.
    await bob.page.goto(link);
    await expect(bob.page.getByLabel('Room code')).toHaveValue(code);
    await expect(bob.page.getByLabel('Username')).toBeFocused();
    await expect(bob.page.getByText('Connecting to server...')).toBeHidden({ timeout: 10_000 });
    await bob.page.getByLabel('Username').fill(' alice ');
    await bob.page.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(bob.page.getByRole('alert')).toHaveText('That name is taken in this room');
    await expect(bob.page.getByRole('heading', { name: 'Multiplayer', exact: true })).toBeVisible();

    await bob.page.getByLabel('Username').fill('Bob');
    await bob.page.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(bob.page.getByRole('heading', { name: `Room: ${code}` })).toBeVisible();
    const settings = bob.page.getByRole('definition');
    await expect(settings).toHaveText(['8x8', 'Connection', 'Rated', 'Untimed', 'Private', 'No mirroring']);
    // The host makes it a casual game; the guest is told.
    await alice.page.getByLabel('Game Type').selectOption({ label: 'Casual' });
    await expect(settings).toHaveText(['8x8', 'Connection', 'Casual', 'Untimed', 'Private', 'No mirroring']);
    // And lets copying moves stand: the rule leaves the guest's summary.
    // (The box follows the room's settings: it changes once the server has them.)
    const noMirroring = alice.page.getByRole('checkbox', { name: 'No mirroring' });
    await noMirroring.click();
    await expect(noMirroring).not.toBeChecked();
    await expect(settings).toHaveText(['8x8', 'Connection', 'Casual', 'Untimed', 'Private']);

    // In the game: Forfeit is last in the action bar, away from Request Undo, and not a solid red button.
    for (const { page } of [alice, bob]) {
      await page.getByRole('button', { name: 'Ready', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Not Ready', exact: true })).toBeVisible();
    }
    await alice.page.getByRole('button', { name: 'Start Game', exact: true }).click();
    await expect(alice.page).toHaveURL(/\/multiplayer\/game$/, { timeout: 10_000 });
    const undo = alice.page.getByRole('button', { name: 'Request Undo' });
    const forfeit = alice.page.getByRole('button', { name: 'Forfeit' });
    // Last in the game's action bar, after Back to Lobby and Home, a gap away from them.
    const bar = alice.page.getByRole('navigation', { name: 'Game actions' }).getByRole('button');
    await expect(bar).toHaveCount(4);
    const names = await bar.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(names).toEqual(['Request Undo', 'Back to Lobby', 'Home', 'Forfeit']);
    await expect(undo).toBeVisible();
    const background = await forfeit.evaluate((button) => getComputedStyle(button).backgroundColor);
    const danger = await forfeit.evaluate((button) => getComputedStyle(button).borderTopColor);
    expect(background).not.toBe(danger);
    expectNoPageErrors(alice, bob);
  } finally {
    await closeBoth(alice, bob);
  }
});
