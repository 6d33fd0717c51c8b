/**
 * Quick play: two players click Play online with the same board size and time control
 * and land in the same game, with no other click; a player who cancels is not paired with the next
 * one who comes along.
 */
// Playwright's own test, as in multiplayer.spec.ts: both players' pages are watched by expectNoPageErrors.
import { expect, test, type Page } from '@playwright/test';
import { closeBoth, expectNoPageErrors, openLobby, openPlayer, turnIndicator, type Player } from './support/multiplayer';

/** Play online with these settings, from the lobby; the page then shows it looking. */
async function playOnline(player: Player, boardSize: string, timeControl: string): Promise<void> {
  const form = player.page.getByRole('form', { name: 'Play online' });
  await form.getByLabel('Board size').selectOption(boardSize);
  await form.getByLabel('Time control').selectOption(timeControl);
  await form.getByRole('button', { name: 'Play online', exact: true }).click();
  await expect(looking(player.page)).toBeVisible();
}

const looking = (page: Page) => page.getByRole('region', { name: 'Play online' }).getByText('Looking for an opponent…');

test('two players who click Play online with the same settings land in the same game', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const alice = await openPlayer(browser, 'Alice', baseURL);
  const bob = await openPlayer(browser, 'Bob', baseURL);
  try {
    await openLobby(alice);
    await openLobby(bob);
    await playOnline(alice, '8x8', '3+2');
    await expect(alice.page.getByText('8x8 · 3+2 · Casual')).toBeVisible();
    // The time waited goes on while nobody comes.
    await expect(alice.page.getByTestId('pool-waited')).toHaveText('0:01', { timeout: 5000 });

    await bob.page.getByRole('form', { name: 'Play online' }).getByLabel('Board size').selectOption('8x8');
    await bob.page.getByRole('form', { name: 'Play online' }).getByLabel('Time control').selectOption('3+2');
    await bob.page.getByRole('button', { name: 'Play online', exact: true }).click();

    // Both are in the game, the same one, with nobody clicking Ready or Start.
    for (const { page } of [alice, bob]) {
      await expect(page).toHaveURL(/\/multiplayer\/game$/, { timeout: 15_000 });
      await expect(page.getByTestId('game-board')).toHaveAttribute('data-ready', 'true');
      await expect(page.getByTestId('game-board')).toHaveAttribute('data-occupied', '0');
    }
    const title = (await alice.page.getByRole('heading', { name: /^Room: / }).textContent()) ?? '';
    expect(title).toMatch(/^Room: [A-Z0-9]{6}$/);
    await expect(bob.page.getByRole('heading', { name: /^Room: / })).toHaveText(title);
    // One of them opens; the other sees whose turn it is.
    await expect(turnIndicator(alice.page)).toHaveText(/^(Your turn|Bob's turn)$/);
    if ((await turnIndicator(alice.page).textContent()) === 'Your turn') await expect(turnIndicator(bob.page)).toHaveText("Alice's turn");
    else await expect(turnIndicator(bob.page)).toHaveText('Your turn');
    expectNoPageErrors(alice, bob);
  } finally {
    await closeBoth(alice, bob);
  }
});

test('a player who cancels is not paired: the next one waits for someone else', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const carol = await openPlayer(browser, 'Carol', baseURL);
  const dave = await openPlayer(browser, 'Dave', baseURL);
  try {
    await openLobby(carol);
    await openLobby(dave);
    await playOnline(carol, '10x10', '1+1');
    await carol.page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(looking(carol.page)).toBeHidden();
    await expect(carol.page.getByRole('button', { name: 'Play online', exact: true })).toBeEnabled();

    await playOnline(dave, '10x10', '1+1');
    // Dave keeps looking (the server pairs at once when it can; a second more is plenty).
    await expect(dave.page.getByTestId('pool-waited')).toHaveText('0:02', { timeout: 5000 });
    await expect(looking(dave.page)).toBeVisible();
    for (const { page } of [carol, dave]) await expect(page).toHaveURL(/\/multiplayer$/);

    // Without a username, Play online says what is missing.
    await carol.page.getByLabel('Username').fill('');
    await carol.page.getByRole('button', { name: 'Play online', exact: true }).click();
    await expect(carol.page.getByRole('alert')).toHaveText('Please enter a username');
    expectNoPageErrors(carol, dave);
  } finally {
    await closeBoth(carol, dave);
  }
});
