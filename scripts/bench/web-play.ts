/**
 * bench:web's games, without network emulation: a 10×10 two-player game played by clicks on
 * empty cells, with the main thread's long tasks (PerformanceObserver 'longtask', buffered), and
 * the computer's replies on Easy 6×6, timed from the player's pointerdown to the computer's piece
 * on the board. Cells are found from the board's hidden gridcells and clicked at the centre its
 * layout hooks give (data-cell-size, data-origin-x/y), as e2e/support/board.ts does.
 */
import type { Browser, Page } from 'playwright';
import { median } from './stats';

const SETTINGS_KEY = 'cellconnection.settings';
const STEP_TIMEOUT_MS = 30_000;

/** What the page records, in its own clock (performance.now()). */
interface PageLog {
  longTasks: { start: number; duration: number }[];
  pointerDowns: number[];
  occupied: { count: number; at: number }[]; // each change of the board's data-occupied
}

export interface LongTaskResult {
  moves: number;
  count: number;
  longestMs: number;
  totalMs: number;
  /** Long tasks that overlap a move: from the pointerdown until two frames after the piece shows. */
  duringMoves: { count: number; over50: number; longestMs: number };
}

export interface AiReplyResult {
  repliesMs: number[]; // each reply, the first (worker start, engine load) included
  medianMs: number;
  firstMs: number;
  maxMs: number;
}

declare global {
  interface Window {
    __benchWeb?: PageLog;
  }
}

/**
 * Installed before the page's scripts, so the buffered long tasks of the load are seen too.
 * Functions that run in the page declare no named functions inside: tsx would wrap them in a
 * `__name` helper the page does not have.
 */
function instrument(): void {
  const log: PageLog = { longTasks: [], pointerDowns: [], occupied: [] };
  window.__benchWeb = log;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) log.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  addEventListener('pointerdown', () => log.pointerDowns.push(performance.now()), true);
  new MutationObserver((records) => {
    for (const record of records) {
      const count = Number((record.target as Element).getAttribute('data-occupied'));
      if (log.occupied.at(-1)?.count !== count) log.occupied.push({ count, at: performance.now() });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-occupied'] });
}

async function openGame(browser: Browser, origin: string, settings: Record<string, string>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await context.addInitScript(
    ({ key, value }) => localStorage.setItem(key, JSON.stringify(value)),
    { key: SETTINGS_KEY, value: { aiDifficulty: 'medium', scoringMechanism: 'connection', firstPlayer: 'human', ...settings } },
  );
  await context.addInitScript(instrument);
  const page = await context.newPage();
  await page.goto(`${origin}/game`);
  await page.waitForFunction(
    () => {
      const board = document.querySelector('[data-testid="game-board"][data-ready="true"]');
      return board !== null && board.getAttribute('data-cell-size') !== '0';
    },
    undefined,
    { timeout: STEP_TIMEOUT_MS },
  );
  return page;
}

/** The page point of the first empty cell and how many pieces the board holds; null when full. */
async function nextMove(page: Page): Promise<{ x: number; y: number; occupied: number } | null> {
  return page.evaluate(() => {
    const board = document.querySelector<HTMLElement>('[data-testid="game-board"]')!;
    // The gridcells' test hooks: data-cell is x-y from the top left, data-owner is absent when empty.
    const free = [...board.querySelectorAll('[role="gridcell"]:not([data-owner])')]
      .map((cell) => /^(\d+)-(\d+)$/.exec(cell.getAttribute('data-cell') ?? ''))
      .find((match) => match !== null);
    if (!free) return null;
    const rect = board.getBoundingClientRect();
    const [cellSize, originX, originY, occupied] = ['data-cell-size', 'data-origin-x', 'data-origin-y', 'data-occupied'].map(
      (name) => Number(board.getAttribute(name)),
    ) as [number, number, number, number];
    return {
      x: rect.left + originX + (Number(free[1]) + 0.5) * cellSize,
      y: rect.top + originY + (Number(free[2]) + 0.5) * cellSize,
      occupied,
    };
  });
}

/** Waits, a frame at a time, until the board holds at least `count` pieces (or is full). */
async function waitForOccupied(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const board = document.querySelector('[data-testid="game-board"]');
      const occupied = Number(board?.getAttribute('data-occupied'));
      const cells = board?.querySelectorAll('[role="gridcell"]').length ?? 0;
      return occupied >= Math.min(n, cells);
    },
    count,
    { polling: 'raf', timeout: STEP_TIMEOUT_MS },
  );
}

/** performance.now() two frames from now: the frame that draws the change has been painted. */
function afterTwoFrames(page: Page): Promise<number> {
  return page.evaluate(
    () => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))),
  );
}

export async function measureLongTasks(browser: Browser, origin: string): Promise<LongTaskResult> {
  const page = await openGame(browser, origin, { playerMode: 'user', boardSize: '10' });
  try {
    const windows: { from: number; to: number }[] = [];
    for (let move = await nextMove(page); move; move = await nextMove(page)) {
      const downs = await page.evaluate(() => window.__benchWeb!.pointerDowns.length);
      await page.mouse.click(move.x, move.y);
      await waitForOccupied(page, move.occupied + 1);
      const to = await afterTwoFrames(page);
      const from = await page.evaluate((i) => window.__benchWeb!.pointerDowns[i] ?? 0, downs);
      windows.push({ from, to });
    }
    if (windows.length === 0) throw new Error('no empty cell found on a new board: have the gridcells\' data-cell/data-owner hooks changed?');
    // The results dialog (and its chart) open 500 ms after the last move: their tasks count in the total.
    await page.getByRole('dialog', { name: 'Game Results' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.waitForTimeout(1000);
    const tasks = await page.evaluate(() => window.__benchWeb!.longTasks);
    const during = tasks.filter((task) => windows.some((w) => task.start < w.to && task.start + task.duration > w.from));
    const longest = (list: { duration: number }[]) => Math.max(0, ...list.map((task) => task.duration));
    return {
      moves: windows.length,
      count: tasks.length,
      longestMs: longest(tasks),
      totalMs: tasks.reduce((sum, task) => sum + task.duration, 0),
      duringMoves: { count: during.length, over50: during.filter((task) => task.duration > 50).length, longestMs: longest(during) },
    };
  } finally {
    await page.context().close();
  }
}

export async function measureAiReplies(browser: Browser, origin: string, replies: number): Promise<AiReplyResult> {
  const page = await openGame(browser, origin, { playerMode: 'ai', aiDifficulty: 'easy', boardSize: '6' });
  try {
    const times: number[] = [];
    for (let i = 0; i < replies; i++) {
      const move = await nextMove(page);
      if (!move) break;
      const downs = await page.evaluate(() => window.__benchWeb!.pointerDowns.length);
      await page.mouse.click(move.x, move.y);
      await waitForOccupied(page, move.occupied + 2);
      const { down, reply } = await page.evaluate(
        ({ i, n }) => ({
          down: window.__benchWeb!.pointerDowns[i] ?? 0,
          reply: window.__benchWeb!.occupied.find((change) => change.count >= n)?.at ?? 0,
        }),
        { i: downs, n: move.occupied + 2 },
      );
      times.push(reply - down);
    }
    if (times.length === 0) throw new Error('no empty cell found on a new board: have the gridcells\' data-cell/data-owner hooks changed?');
    return { repliesMs: times, medianMs: median(times), firstMs: times[0] ?? 0, maxMs: Math.max(0, ...times) };
  } finally {
    await page.context().close();
  }
}
