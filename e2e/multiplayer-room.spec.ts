/**
 * Disconnects, before the game: a guest who reloads the room page is back in the
 * same room, still ready; the host who reloads is still host; a player who withdraws readiness
 * during the countdown stops it; then the game starts for both, and when one leaves the page the
 * other sees the seconds left before the absent player forfeits.
 */
// Playwright's own test, as in multiplayer.spec.ts: both players' pages are watched by expectNoPageErrors.
import { expect, test } from '@playwright/test';
import { aliceCreatesARoom, closeBoth, expectNoPageErrors, joinRoom } from './support/multiplayer';

test('a reload in the room keeps the seat and the host; Not Ready stops the countdown; an absent player shows the seconds left', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const { alice, bob, code } = await aliceCreatesARoom(browser, baseURL);
  try {
    await joinRoom(bob, code);
    await bob.page.getByRole('button', { name: 'Ready', exact: true }).click();
    await expect(bob.page.getByRole('button', { name: 'Not Ready', exact: true })).toBeVisible();

    // Bob reloads: same room, still ready, still himself.
    await bob.page.reload();
    await expect(bob.page.getByRole('heading', { name: `Room: ${code}` })).toBeVisible({ timeout: 10_000 });
    await expect(bob.page.getByRole('heading', { name: 'Players (2/2)' })).toBeVisible();
    await expect(bob.page.getByTestId('room-player').filter({ hasText: 'Bob (You)' })).toContainText('Ready');
    await expect(bob.page.getByRole('button', { name: 'Not Ready', exact: true })).toBeVisible();
    await expect(alice.page.getByTestId('room-player').filter({ hasText: 'Bob' })).not.toContainText('reconnecting');

    // Alice, the host, reloads: still host, with the settings and (once ready) Start Game.
    await alice.page.reload();
    await expect(alice.page.getByRole('heading', { name: `Room: ${code}` })).toBeVisible({ timeout: 10_000 });
    await expect(alice.page.getByTestId('room-player').filter({ hasText: 'Alice (You) (Host)' })).toBeVisible();
    await expect(alice.page.getByRole('group', { name: 'Game Settings' })).toBeVisible();
    await alice.page.getByRole('button', { name: 'Ready', exact: true }).click();
    await alice.page.getByRole('button', { name: 'Start Game', exact: true }).click();

    // Bob withdraws during the countdown: it stops for both, and the room waits again.
    await expect(bob.page.getByText(/^Game starting in \d\.\.\.$/)).toBeVisible();
    await bob.page.getByRole('button', { name: 'Not Ready', exact: true }).click();
    for (const { page } of [alice, bob]) await expect(page.getByText(/^Game starting in/)).toBeHidden();
    await expect(alice.page.getByRole('button', { name: 'Start Game' })).toHaveCount(0);
    await expect(alice.page).toHaveURL(/\/multiplayer$/);

    await bob.page.getByRole('button', { name: 'Ready', exact: true }).click();
    await alice.page.getByRole('button', { name: 'Start Game', exact: true }).click();
    for (const { page } of [alice, bob]) {
      await expect(page).toHaveURL(/\/multiplayer\/game$/, { timeout: 10_000 });
      await expect(page.getByRole('heading', { name: `Room: ${code}` })).toBeVisible();
    }
    await expect(alice.page.getByTestId('turn-indicator')).toHaveText('Your turn');
    await expect(bob.page.getByTestId('turn-indicator')).toHaveText("Alice's turn");
    expectNoPageErrors(alice, bob);

    // Bob closes his page mid-game: Alice sees him reconnecting, with the seconds until he forfeits.
    await bob.context.close();
    const notice = alice.page.getByText(/^Bob is reconnecting… \(forfeits in \d+ s\)$/);
    await expect(notice).toBeVisible({ timeout: 10_000 });
    const seconds = async () => Number((await notice.textContent())!.match(/(\d+) s/)![1]);
    const first = await seconds();
    expect(first).toBeGreaterThan(50);
    await expect.poll(seconds, { timeout: 5_000 }).toBeLessThan(first);
    expectNoPageErrors(alice);
  } finally {
    await closeBoth(alice, bob);
  }
});
