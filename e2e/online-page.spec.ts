/**
 * The online game page built around the board. Two players with 20-character names: on a phone
 * (360×740, 390×844) and a desktop (1280×800), in both themes, the whole board shows without
 * scrolling, nothing scrolls sideways, the actions stay on screen and the names are not cut where
 * there is room; the tab says "Your turn" only on the mover's page; a move plays a sound, and the
 * speaker switch turned off stays off after a reload. After a forfeit both players are back in the
 * lobby route (SPEC §4), in the room, where the finished game stays (the final board, the result,
 * Rematch, the review), and a spectator sees the trophy beside the winner.
 */
// Playwright's own test: the journeys' fixture watches the default page, which these tests do not
// use; every page is watched by expectNoPageErrors instead.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousFindings } from './support/axe';
import { boardReady } from './support/board';
import {
  closeBoth,
  createRoom,
  expectNoPageErrors,
  joinRoom,
  nextNotice,
  openLobby,
  openPlayer,
  playOnlineMoves,
  startJoinedGame,
  turnIndicator,
  type Player,
} from './support/multiplayer';

const HOST = 'Alexandra Whitfield1'; // 20 characters, the longest name the lobby takes
const GUEST = 'Bartholomew Jenkins2';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on the page');
  return found;
}

const sounds = (page: Page) => page.evaluate(() => window.__ccSounds ?? 0);

async function twoPlayers(browser: Browser, baseURL: string | undefined): Promise<[Player, Player]> {
  const host = await openPlayer(browser, HOST, baseURL);
  const guest = await openPlayer(browser, GUEST, baseURL);
  await openLobby(host);
  const code = await createRoom(host);
  await openLobby(guest);
  await joinRoom(guest, code);
  await startJoinedGame(host, guest);
  return [host, guest];
}

/** The page at this size: the board whole on screen, no sideways scroll, the actions on screen. */
async function expectFits(page: Page, width: number, height: number, where: string) {
  const board = page.getByTestId('game-board');
  await expect(async () => {
    const b = await box(board);
    expect(b.x, `${where}: board's left`).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, `${where}: board's right`).toBeLessThanOrEqual(width + 0.5);
    expect(b.y + b.height, `${where}: board's bottom`).toBeLessThanOrEqual(height + 0.5);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways, `${where}: sideways scroll`).toBeLessThanOrEqual(0);
    for (const action of await page.getByRole('navigation', { name: 'Game actions' }).getByRole('button').all()) {
      const a = await box(action);
      expect(a.x + a.width, `${where}: an action's right`).toBeLessThanOrEqual(width + 0.5);
      expect(a.y + a.height, `${where}: an action's bottom`).toBeLessThanOrEqual(height + 0.5);
    }
  }).toPass({ timeout: 5_000 });
}

test('the board, both strips and the actions fit a phone and a desktop in both themes; the tab and a sound say whose turn it is', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const [host, guest] = await twoPlayers(browser, baseURL);
  try {
    // The tab says "Your turn" on the mover's page only; the strip says it large.
    await expect(host.page).toHaveTitle('Your turn · Cell Connection');
    await expect(guest.page).toHaveTitle('Cell Connection');
    await expect(host.page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon-turn.svg');
    await expect(host.page.getByTestId('player-strip-0')).toContainText('Your turn');
    await expect(guest.page.getByTestId('player-strip-1')).not.toContainText('Your turn');

    // A move plays a sound on both pages.
    const before = [await sounds(host.page), await sounds(guest.page)];
    await playOnlineMoves(host, guest, 1);
    await expect.poll(() => sounds(host.page)).toBeGreaterThan(before[0]!);
    await expect.poll(() => sounds(guest.page)).toBeGreaterThan(before[1]!);
    await expect(guest.page).toHaveTitle('Your turn · Cell Connection');
    await expect(host.page).toHaveTitle('Cell Connection');
    await expect(host.page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    await playOnlineMoves(host, guest, 2);

    const page = guest.page;
    for (const [width, height] of [[360, 740], [390, 844], [1280, 800]] as const) {
      await page.setViewportSize({ width, height });
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const where = `${width}×${height}, ${theme}`;
        await expectFits(page, width, height, where);
        // Both names whole (title too) where there is room; on the smallest phone the tooltip keeps them.
        for (const [seat, name] of [[0, HOST], [1, GUEST]] as const) {
          const text = page.getByTestId(`player-strip-${seat}`).locator('.score-name-text');
          await expect(text).toHaveAttribute('title', name);
          if (width >= 390) {
            const cut = await text.evaluate((element) => element.scrollWidth > element.clientWidth);
            expect(cut, `${where}: ${name} cut`).toBe(false);
          }
        }
        await expectNoSeriousFindings(page, `the online game page at ${where}`);
      }
    }
    // On a desktop the moves are listed beside the board, numbered, each with its player's dot.
    const moves = page.getByRole('list', { name: 'Moves' }).getByRole('listitem');
    await expect(moves).toHaveCount(3);
    await expect(moves.first()).toHaveAccessibleName(new RegExp(`^Move 1, ${HOST}, [a-f][1-6]$`));
    await expect(moves.nth(1).locator('.online-move-dot.player-1')).toHaveCount(1);

    // The speaker switch off: a move makes no sound, and it stays off after a reload.
    const sound = page.getByRole('switch', { name: 'Sound' });
    await expect(sound).toHaveAttribute('aria-checked', 'true');
    await sound.click();
    await expect(sound).toHaveAttribute('aria-checked', 'false');
    const quiet = await sounds(page);
    await playOnlineMoves(host, guest, 1);
    expect(await sounds(page)).toBe(quiet);
    await page.reload();
    await boardReady(page);
    await expect(page.getByRole('switch', { name: 'Sound' })).toHaveAttribute('aria-checked', 'false');
    expectNoPageErrors(host, guest);
  } finally {
    await closeBoth(host, guest);
  }
});

test('after a forfeit both players are back in the room in the lobby route with the finished game, and a spectator sees the trophy beside the winner', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const [host, guest] = await twoPlayers(browser, baseURL);
  const code = (await host.page.getByRole('heading', { name: /^Room: / }).textContent())!.replace('Room: ', '');
  const watcher = await openPlayer(browser, 'Carol', baseURL);
  try {
    await watcher.page.goto(`/multiplayer/watch/${code}`);
    await boardReady(watcher.page);
    // A move each: a game to forfeit, not to abort.
    await playOnlineMoves(host, guest, 2);
    await host.page.setViewportSize({ width: 390, height: 844 });
    await guest.page.getByRole('button', { name: 'Forfeit', exact: true }).click();
    await guest.page.getByRole('dialog', { name: 'Forfeit' }).getByRole('button', { name: 'Forfeit', exact: true }).click();

    for (const player of [host, guest]) {
      // SPEC §4's words, then back to the lobby route: the room, where the final board stays with
      // the result and what comes next.
      expect(await nextNotice(player)).toBe(`${GUEST} forfeited the game!`);
      const { page } = player;
      await expect(page).toHaveURL(/\/multiplayer$/);
      await expect(turnIndicator(page)).toHaveText('Game over');
      await expect(page.getByTestId('game-result')).toHaveText(`${HOST} wins: opponent forfeited`);
      await expect(page.getByTestId('game-board')).toHaveAttribute('data-occupied', '2');
      await expect(page.getByRole('button', { name: 'Rematch', exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Analysis' })).toHaveAttribute('href', /^\/replay/);
      await expect(page.getByRole('button', { name: 'New opponent' })).toBeVisible();
      await expect(page.getByTestId('player-strip-0').getByRole('img', { name: 'Winner' })).toBeVisible();
      await expect(page.getByTestId('player-strip-1').getByRole('img', { name: 'Winner' })).toHaveCount(0);
    }
    await expectNoSeriousFindings(host.page, 'the finished game in the lobby route on a phone');

    // The spectator: the trophy beside the winner, not the player who forfeited.
    const watch = watcher.page;
    await expect(turnIndicator(watch)).toHaveText('Game over');
    await expect(watch.getByTestId('game-result')).toHaveText(`${HOST} wins: opponent forfeited`);
    await expect(watch.getByTestId('player-strip-0').getByRole('img', { name: 'Winner' })).toBeVisible();
    await expect(watch.getByTestId('player-strip-1').getByRole('img', { name: /Winner|Leader/ })).toHaveCount(0);
    await expect(watch.getByRole('button', { name: /Forfeit|Request Undo|Rematch/ })).toHaveCount(0);

    // Rematch from the final board: both ask, the next game starts with the seats swapped.
    for (const { page } of [host, guest]) await page.getByRole('button', { name: 'Rematch', exact: true }).click();
    for (const { page } of [host, guest]) await expect(page.getByTestId('game-board')).toHaveAttribute('data-occupied', '0', { timeout: 15_000 });
    await expect(turnIndicator(guest.page)).toHaveText('Your turn', { timeout: 10_000 });
    expectNoPageErrors(host, guest, watcher);
  } finally {
    await closeBoth(host, guest, watcher);
  }
});
