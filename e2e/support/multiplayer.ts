/**
 * Players of the online journeys: each in a browser context of its own (its own
 * sessionStorage, so its own rejoin token), with its alerts recorded and accepted and its
 * uncaught page errors collected.
 */
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { clickCell, expectOccupied, freeCells, occupied, readBoard, type Cell } from './board';

export interface Player {
  name: string;
  context: BrowserContext;
  page: Page;
  /** Every window.alert's message, in order; each is accepted as it opens (there should be none). */
  alerts: string[];
  errors: Error[];
}

export async function openPlayer(browser: Browser, name: string, baseURL: string | undefined): Promise<Player> {
  // A context made here does not get the config's `use`: the worker is blocked as in every journey.
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  const player: Player = { name, context, page, alerts: [], errors: [] };
  page.on('pageerror', (error) => player.errors.push(error));
  page.on('dialog', (dialog) => {
    player.alerts.push(dialog.message());
    void dialog.accept();
  });
  return player;
}

/** The lobby, once the socket is connected and the buttons can be used. */
export async function openLobby(player: Player): Promise<void> {
  await player.page.goto('/multiplayer');
  await expect(player.page.getByRole('heading', { name: 'Multiplayer', exact: true })).toBeVisible();
  await expect(player.page.getByText('Connecting to server...')).toBeHidden({ timeout: 10_000 });
  await player.page.getByLabel('Username').fill(player.name);
}

/** Creates a room from the lobby; returns its code, read from the title 'Room: {code}'. */
export async function createRoom(player: Player): Promise<string> {
  await player.page.getByRole('button', { name: 'Create Room', exact: true }).click();
  const title = player.page.getByRole('heading', { name: /^Room: / });
  await expect(title).toHaveText(/^Room: [A-Z0-9]{6}$/);
  return (await title.textContent())!.replace('Room: ', '');
}

/**
 * Alice and Bob, each in the lobby of a browser context of their own, and a room Alice created;
 * Bob joins it as the journey needs. The caller closes both contexts (closeBoth).
 */
export async function aliceCreatesARoom(browser: Browser, baseURL: string | undefined): Promise<{ alice: Player; bob: Player; code: string }> {
  const alice = await openPlayer(browser, 'Alice', baseURL);
  const bob = await openPlayer(browser, 'Bob', baseURL);
  try {
    await openLobby(alice);
    const code = await createRoom(alice);
    await openLobby(bob);
    return { alice, bob, code };
  } catch (error) {
    await closeBoth(alice, bob);
    throw error;
  }
}

export async function closeBoth(...players: Player[]): Promise<void> {
  for (const { context } of players) await context.close();
}

/** Joins a room from the lobby by its code, typed as given. */
export async function joinRoom(player: Player, code: string): Promise<void> {
  await player.page.getByLabel('Room code').fill(code);
  await player.page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(player.page.getByRole('heading', { name: `Room: ${code.toUpperCase()}` })).toBeVisible();
}

export const turnIndicator = (page: Page): Locator => page.getByTestId('turn-indicator');

/**
 * The next thing the room tells the player in a dialog of the page (no window.alert):
 * Game Results after a game that filled the board (its headline, with the statistics and the
 * chart checked), or the notice after a forfeit. Returns its words and closes it.
 */
export async function nextNotice(player: Player, timeout = 10_000): Promise<string> {
  const { page } = player;
  const results = page.getByRole('dialog', { name: 'Game Results' });
  const notice = page.getByRole('dialog', { name: 'Game Over' });
  await expect(results.or(notice), `${player.name}'s notice`).toBeVisible({ timeout });
  if (await results.isVisible()) {
    const message = ((await results.getByTestId('results-headline').textContent()) ?? '').trim();
    await expect(results.getByRole('rowheader', { name: 'Final Score' })).toBeVisible();
    await expect(results.getByRole('img', { name: /^Score history of / })).toBeVisible();
    await results.getByRole('button', { name: 'Close' }).click();
    await expect(results).toBeHidden();
    return message;
  }
  const message = ((await notice.getByTestId('room-notice').textContent()) ?? '').trim();
  await notice.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(notice).toBeHidden();
  return message;
}

export function expectNoPageErrors(...players: Player[]): void {
  for (const player of players) {
    expect(player.errors.map((error) => error.message), `uncaught errors in ${player.name}'s page`).toEqual([]);
  }
}

/**
 * The guest joins the host's room by its code, both ready up and the host starts: returns once
 * both are on the game page with an empty board, the host (player 0) to move.
 */
export async function startOnlineGame(host: Player, guest: Player, code: string): Promise<void> {
  await joinRoom(guest, code);
  await startJoinedGame(host, guest);
}

/** Both players in the room ready up and the host starts: as startOnlineGame, the guest already in. */
export async function startJoinedGame(host: Player, guest: Player): Promise<void> {
  for (const { page } of [host, guest]) {
    await expect(page.getByRole('heading', { name: 'Players (2/2)' })).toBeVisible();
    await page.getByRole('button', { name: 'Ready', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Not Ready', exact: true })).toBeVisible();
  }
  await host.page.getByRole('button', { name: 'Start Game', exact: true }).click();
  for (const { page } of [host, guest]) {
    await expect(page).toHaveURL(/\/multiplayer\/game$/, { timeout: 10_000 });
    await expect(page.getByTestId('game-board')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('game-board')).toHaveAttribute('data-occupied', '0');
  }
  await expect(turnIndicator(host.page)).toHaveText('Your turn');
}

/**
 * `count` moves of an online game between `a` and `b`: whoever's turn it is clicks a free cell
 * (the first, unless `pick` chooses); each move is seen on both boards before the next.
 */
/**
 * A way of picking moves that never copies the other player by a turn or flip of the board, as rooms
 * play under No mirroring by default: `a` takes the middle free cell in reading order, the other the
 * last (checked through whole games on 6×6 to 10×10 either way round).
 */
export function unmirroredPick(a: Player): (free: Cell[], mover: Player) => Cell {
  return (free, mover) => (mover === a ? free[Math.floor(free.length / 2)]! : free.at(-1)!);
}

export async function playOnlineMoves(a: Player, b: Player, count: number, pick = unmirroredPick(a)): Promise<void> {
  for (let move = 0; move < count; move++) {
    const aToMove = (await turnIndicator(a.page).textContent()) === 'Your turn';
    const [mover, other] = aToMove ? [a, b] : [b, a];
    await expect(turnIndicator(mover.page)).toHaveText('Your turn', { timeout: 30_000 });
    const before = await occupied(mover.page);
    await clickCell(mover.page, pick(freeCells(await readBoard(mover.page)), mover));
    // Generous: a move waits for its commit, and across nodes for the adapter.
    await expectOccupied(mover.page, before + 1, 10_000);
    await expectOccupied(other.page, before + 1, 10_000);
  }
}

/**
 * After the server (or the room's node) went away mid-game: each page gets back in by itself,
 * without a reload, to the board it had.
 */
export async function expectBothBack(players: Player[], board: Awaited<ReturnType<typeof readBoard>>): Promise<void> {
  for (const { page } of players) {
    await expect(turnIndicator(page)).toHaveText(/^(Your turn|Alice's turn|Bob's turn)$/, { timeout: 60_000 });
    await expect.poll(async () => readBoard(page), { timeout: 60_000 }).toEqual(board);
  }
}

/** The game is over on both pages: Game Results once each, no alert, no uncaught error. */
export async function expectGameOverOnBoth(a: Player, b: Player): Promise<void> {
  const finish = /^(You won!|You lost!|Game ended in a draw!)$/;
  for (const player of [a, b]) expect(await nextNotice(player, 15_000)).toMatch(finish);
  for (const player of [a, b]) expect(player.alerts).toEqual([]);
  for (const { page } of [a, b]) await expect(turnIndicator(page)).toHaveText('Game over');
  expectNoPageErrors(a, b);
}
