// A 1+1 game lost on time. The host picks the time control, the guest sees it, both
// clocks tick on both pages (tenths under 10 s, the low-time warning), and when the host lets
// their minute run out the server ends the game: Game Results on both pages, "Bob wins on time".
// It waits out one real minute of the host's clock: the flag is the server's, on its own time.
import { expect, test } from '@playwright/test';
import { expectNoSeriousFindings, showTheme } from './support/axe';
import { closeBoth, createRoom, expectNoPageErrors, nextNotice, openLobby, openPlayer, playOnlineMoves, turnIndicator } from './support/multiplayer';

test.setTimeout(180_000);

test('a 1+1 game is lost on time, with the clocks ticking on both pages', async ({ browser, baseURL }) => {
  const alice = await openPlayer(browser, 'Alice', baseURL);
  const bob = await openPlayer(browser, 'Bob', baseURL);
  try {
    await showTheme(bob.page, 'dark'); // the clocks are checked in both themes
    await openLobby(alice);
    const code = await createRoom(alice);
    await openLobby(bob);
    await alice.page.getByLabel('Time Control').selectOption({ label: '1+1 Bullet' });
    await bob.page.getByLabel('Room code').fill(code);
    await bob.page.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(bob.page.getByRole('definition')).toHaveText(['6x6', 'Connection', 'Rated', '1+1 Bullet', 'Private', 'No mirroring']);
    for (const { page } of [alice, bob]) {
      await page.getByRole('button', { name: 'Ready', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Not Ready', exact: true })).toBeVisible();
    }
    await alice.page.getByRole('button', { name: 'Start Game', exact: true }).click();
    for (const { page } of [alice, bob]) {
      await expect(page).toHaveURL(/\/multiplayer\/game$/, { timeout: 10_000 });
      // Both clocks full, neither running before the first moves, each in its player's strip.
      for (const [seat, name] of [[0, 'Alice'], [1, 'Bob']] as const) {
        await expect(page.getByTestId(`player-strip-${seat}`).getByRole('timer', { name: new RegExp(`^${name}'s clock`) })).toHaveText('1:00');
      }
    }

    // A clock starts after its player's first move: after one move each, Alice's runs.
    await playOnlineMoves(alice, bob, 2);
    const aliceClock = (page: typeof alice.page) => page.getByTestId('clock-0');
    for (const { page } of [alice, bob]) {
      await expect(aliceClock(page)).toHaveClass(/game-clock-running/);
      await expect(aliceClock(page).locator('.game-clock-time')).toHaveText(/^0:5\d$/, { timeout: 15_000 });
      await expect(page.getByTestId('clock-1')).toHaveText('1:00');
    }

    // Alice does not move. Under 10 s her clock shows tenths and warns, on both pages, readable
    // in either theme.
    for (const { page, name } of [alice, bob]) {
      await expect(aliceClock(page)).toHaveClass(/game-clock-low/, { timeout: 60_000 });
      await expect(aliceClock(page).locator('.game-clock-time')).toHaveText(/^0:0\d\.\d$/);
      await expectNoSeriousFindings(page, `${name}'s game with a clock low on time`, '[data-testid="player-strip-0"]');
    }
    // Alice hears it once; Bob's clock is not low, so his page stays quiet about it.
    await expect.poll(() => alice.page.evaluate(() => window.__ccSoundLog?.filter((sound) => sound === 'low-time').length)).toBe(1);
    expect(await bob.page.evaluate(() => window.__ccSoundLog?.includes('low-time') ?? false)).toBe(false);

    // The server flags her: a loss on time, told on both pages.
    expect(await nextNotice(alice, 20_000)).toBe('You lost!');
    expect(await nextNotice(bob, 20_000)).toBe('You won!');
    for (const { page } of [alice, bob]) {
      await expect(turnIndicator(page)).toHaveText('Game over');
      await expect(page.getByTestId('game-result')).toHaveText('Bob wins on time');
      await expect(aliceClock(page).locator('.game-clock-time')).toHaveText('0:00.0');
      await expect(aliceClock(page)).not.toHaveClass(/game-clock-running/);
    }
    expectNoPageErrors(alice, bob);
  } finally {
    await closeBoth(alice, bob);
  }
});
