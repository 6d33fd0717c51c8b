/**
 * Shared steps of the journeys: starting a game through the settings panel, reading the board
 * from its hidden gridcells, clicking cells by their data-* layout hooks, and waiting for the
 * computer's answers by state (data-occupied), never by time.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export type Owner = 'empty' | 'Green' | 'Blue';
export interface Cell {
  x: number;
  y: number;
}
/** The board as the page shows it: each cell's owner by its key `x-y`. */
export type BoardView = Map<string, Owner>;

/** The computer answers about 600 ms after a move; Hard on a loaded machine takes longer. */
export const AI_TIMEOUT = 20_000;

export const board = (page: Page): Locator => page.getByTestId('game-board');
export const buttonBar = (page: Page): Locator => page.getByRole('navigation', { name: 'Game' });
export const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });

/** Waits until the board is drawn and laid out. */
export async function boardReady(page: Page): Promise<void> {
  await expect(board(page)).toHaveAttribute('data-ready', 'true');
  await expect(board(page)).not.toHaveAttribute('data-cell-size', '0');
}

export async function occupied(page: Page): Promise<number> {
  return Number(await board(page).getAttribute('data-occupied'));
}

/**
 * Waits until the board holds `count` pieces. Polls every animation frame: the expect
 * matchers back off up to a second between tries, which would add ~0.3 s to each of the
 * computer's answers and a full game has eighteen of them.
 */
export async function expectOccupied(page: Page, count: number, timeout = AI_TIMEOUT): Promise<void> {
  try {
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="game-board"]')?.getAttribute('data-occupied') === String(n),
      count,
      { polling: 'raf', timeout },
    );
  } catch (error) {
    // Say what the board held instead of only "timeout".
    throw new Error(`expected ${count} occupied cells, the board holds ${await occupied(page)}`, { cause: error });
  }
}

/** Both scores, player 0 (green) first, exact, from data-score (every digit). */
export async function exactScores(page: Page): Promise<[bigint, bigint]> {
  const read = async (player: 0 | 1) => BigInt((await page.getByTestId(`score-${player}`).getAttribute('data-score')) ?? 'missing');
  return [await read(0), await read(1)];
}

/** Both scores as numbers, for the spec's boards (6, 8, 10), whose scores a number holds exactly. */
export async function scores(page: Page): Promise<[number, number]> {
  const [first, second] = await exactScores(page);
  return [Number(first), Number(second)];
}

/**
 * Reads every cell from the board's gridcells: their data-cell (x-y from the top left) and
 * data-owner (0 green, 1 blue, absent when empty) hooks. Their text is for screen readers
 * ("c3, Alice") and names the players as the page shows them.
 */
export async function readBoard(page: Page): Promise<BoardView> {
  const cells = await board(page)
    .getByRole('gridcell')
    .evaluateAll((elements) => elements.map((element) => [element.getAttribute('data-cell'), element.getAttribute('data-owner')]));
  const view: BoardView = new Map();
  for (const [key, owner] of cells) {
    if (!key || !/^\d+-\d+$/.test(key)) throw new Error(`a gridcell without its data-cell: ${key}`);
    view.set(key, owner === '0' ? 'Green' : owner === '1' ? 'Blue' : 'empty');
  }
  return view;
}

export function freeCells(view: BoardView): Cell[] {
  return [...view].filter(([, owner]) => owner === 'empty').map(([key]) => parseKey(key));
}

export function parseKey(key: string): Cell {
  const [x = NaN, y = NaN] = key.split('-').map(Number);
  return { x, y };
}

/** The page coordinates of a cell's centre, from the board's layout hooks (one round trip). */
export async function cellCentre(page: Page, cell: Cell): Promise<{ x: number; y: number }> {
  const layout = await board(page).evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const attr = (name: string) => Number(element.getAttribute(name));
    return {
      left: rect.left,
      top: rect.top,
      cellSize: attr('data-cell-size'),
      originX: attr('data-origin-x'),
      originY: attr('data-origin-y'),
    };
  });
  return {
    x: layout.left + layout.originX + (cell.x + 0.5) * layout.cellSize,
    y: layout.top + layout.originY + (cell.y + 0.5) * layout.cellSize,
  };
}

export async function clickCell(page: Page, cell: Cell): Promise<void> {
  const point = await cellCentre(page, cell);
  await page.mouse.click(point.x, point.y);
}

/**
 * The human's move against the computer: clicks `cell`, then waits for the move and the
 * computer's answer (or for the board to fill up).
 */
export async function playRound(page: Page, cell: Cell, cellCount = 36): Promise<void> {
  const before = await occupied(page);
  await clickCell(page, cell);
  // At least: on a busy machine the computer's answer can land before a frame shows the move alone.
  await expectOccupiedAtLeast(page, before + 1, 5_000);
  if (before + 1 < cellCount) await expectOccupied(page, before + 2);
}

/** At least `count` cells taken: the computer's answer may already have landed on a busy machine. */
export async function expectOccupiedAtLeast(page: Page, count: number, timeout: number): Promise<void> {
  try {
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="game-board"]')?.getAttribute('data-occupied')) >= n,
      count,
      { polling: 'raf', timeout },
    );
  } catch (error) {
    throw new Error(`expected at least ${count} occupied cells, the board holds ${await occupied(page)}`, { cause: error });
  }
}

/**
 * Clicks free cells until the board is full. Against the computer each click is followed by
 * its answer; between two players every click is a move.
 */
export async function playToTheEnd(page: Page, opponent: 'ai' | 'human'): Promise<void> {
  const view = await readBoard(page);
  const total = view.size;
  for (;;) {
    const free = freeCells(await readBoard(page));
    const next = free[0];
    if (!next) break;
    if (opponent === 'ai') await playRound(page, next, total);
    else {
      const before = await occupied(page);
      await clickCell(page, next);
      await expectOccupied(page, before + 1, 5_000);
    }
  }
  await expectOccupied(page, total);
}

export interface GameOptions {
  mode?: 'Two Player' | 'Human (first) vs AI' | 'AI (first) vs Human';
  level?: 'Easy' | 'Medium' | 'Hard' | 'Expert';
  size?: '6x6' | '8x8' | '10x10' | '12x12' | '14x14' | '16x16';
}

/** From /home: Play, choose the settings in 'Game Settings', Start Game; waits for the drawn board. */
export async function startGame(page: Page, options: GameOptions = {}): Promise<void> {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const panel = dialog(page, 'Game Settings');
  await expect(panel).toBeVisible();
  if (options.mode) await panel.getByLabel('Game Mode').selectOption({ label: options.mode });
  if (options.level) await panel.getByLabel('AI Difficulty').selectOption({ label: options.level });
  if (options.size) await panel.getByLabel('Board Size').selectOption({ label: options.size });
  await panel.getByRole('button', { name: 'Start Game', exact: true }).click();
  await expect(page).toHaveURL(/\/game$/);
  await boardReady(page);
  await expectOccupied(page, 0, 5_000);
}
