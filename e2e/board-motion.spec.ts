/**
 * The board's motion and marks: a placed cell grows in and settles, the last
 * move is marked, the hold-drag draws a ghost piece on its target, and the canvas renders
 * once per change, not once per pointer move.
 */
import type { Page } from '@playwright/test';
import { board, buttonBar, cellCentre, clickCell, expectOccupied, startGame, type Cell } from './support/board';
import { expect, test } from './support/test';

/** The gesture's hold time (SPEC §2 Board); the hold needs real time to pass, as a player's would. */
const HOLD_MS = 500;

/** Frames the canvas has rendered so far. */
async function renders(page: Page): Promise<number> {
  return Number(await board(page).locator('canvas').getAttribute('data-renders'));
}

/** Lets a few animation frames pass, so a render asked for has happened. */
async function afterFrames(page: Page, count = 3): Promise<void> {
  await page.evaluate(async (n) => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}

/** Records every value data-animating takes from now on, in window.animatingSeen. */
async function watchAnimating(page: Page): Promise<void> {
  await page.evaluate(() => {
    const element = document.querySelector('[data-testid="game-board"]')!;
    const seen: (string | null)[] = [];
    (window as unknown as { animatingSeen: (string | null)[] }).animatingSeen = seen;
    new MutationObserver(() => seen.push(element.getAttribute('data-animating'))).observe(element, {
      attributes: true,
      attributeFilter: ['data-animating'],
    });
  });
}

const animatingSeen = (page: Page) => page.evaluate(() => (window as unknown as { animatingSeen: (string | null)[] }).animatingSeen);

test('a placed cell grows in and settles; the last move is marked; an undo animates nothing', async ({ page }) => {
  await startGame(page, { mode: 'Two Player', size: '6x6' });
  const grid = board(page);
  await expect(grid).not.toHaveAttribute('data-last-move', /.*/);
  // The first frames are drawn at the board's measured size, not at the size before it was measured.
  const area = (await grid.boundingBox())!;
  await expect(grid.locator('canvas')).toHaveAttribute('data-frame-size', `${Math.round(area.width)}x${Math.round(area.height)}`);

  await watchAnimating(page);
  const before = await renders(page);
  await clickCell(page, { x: 2, y: 3 });
  await expectOccupied(page, 1, 5_000);
  await expect(grid).toHaveAttribute('data-last-move', '2-3');
  await expect(grid).toHaveAttribute('data-animating', 'false');
  expect(await animatingSeen(page)).toEqual(['true', 'false']);
  // The growth drew at least its first and its last frame (more on a fast machine: software
  // WebGL on a busy one may take longer than the growth per frame), then the canvas went idle.
  const settled = await renders(page);
  expect(settled - before).toBeGreaterThanOrEqual(2);
  await afterFrames(page, 10);
  expect(await renders(page)).toBe(settled);

  await clickCell(page, { x: 4, y: 1 });
  await expectOccupied(page, 2, 5_000);
  await expect(grid).toHaveAttribute('data-last-move', '4-1');
  await expect(grid).toHaveAttribute('data-animating', 'false');

  await watchAnimating(page);
  await buttonBar(page).getByRole('button', { name: 'Undo' }).click();
  await expectOccupied(page, 1, 5_000);
  await expect(grid).toHaveAttribute('data-last-move', '2-3');
  await afterFrames(page);
  expect(await animatingSeen(page)).toEqual([]);
});

test('with reduced motion a placed cell appears at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await startGame(page, { mode: 'Two Player', size: '6x6' });
  await watchAnimating(page);
  await clickCell(page, { x: 0, y: 0 });
  await expectOccupied(page, 1, 5_000);
  await expect(board(page)).toHaveAttribute('data-last-move', '0-0');
  await afterFrames(page);
  expect(await animatingSeen(page)).toEqual([]);
});

/** Pointer moves inside `cell`, around its centre, in `steps` moves. */
async function wiggle(page: Page, cell: Cell, steps: number): Promise<void> {
  const centre = await cellCentre(page, cell);
  for (let i = 0; i < steps; i++) await page.mouse.move(centre.x + ((i % 5) - 2) * 3, centre.y + ((i % 3) - 1) * 3);
}

test('hold and drag: a ghost piece on the target cell, and one render per cell, not per pointer move', async ({ page }) => {
  await startGame(page, { mode: 'Two Player', size: '6x6' });
  const grid = board(page);
  const popup = page.getByTestId('prediction-popup');
  await clickCell(page, { x: 3, y: 3 }); // an occupied cell: no ghost over it
  await expectOccupied(page, 1, 5_000);
  await expect(grid).toHaveAttribute('data-animating', 'false');

  const start = await cellCentre(page, { x: 1, y: 1 });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.waitForTimeout(HOLD_MS + 100);
  await wiggle(page, { x: 1, y: 1 }, 2);
  await expect(grid).toHaveAttribute('data-ghost', '1-1');
  await expect(popup).toBeVisible();
  await afterFrames(page);

  // Many moves within the cell move the popup only: at most one more frame.
  const holding = await renders(page);
  await wiggle(page, { x: 1, y: 1 }, 20);
  await afterFrames(page);
  expect(await renders(page)).toBeLessThanOrEqual(holding + 1);
  await expect(grid).toHaveAttribute('data-ghost', '1-1');

  // Across three cells in thirty moves: about one frame per cell.
  const crossing = await renders(page);
  for (const x of [2, 3, 4]) {
    const from = await cellCentre(page, { x: x - 1, y: 1 });
    const to = await cellCentre(page, { x, y: 1 });
    for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, to.y + (i % 2));
    await expect(grid).toHaveAttribute('data-ghost', `${x}-1`);
  }
  await afterFrames(page);
  const crossed = (await renders(page)) - crossing;
  expect(crossed).toBeGreaterThanOrEqual(1);
  expect(crossed).toBeLessThanOrEqual(4);

  // Over the occupied cell: no prediction, no ghost.
  const occupiedCell = await cellCentre(page, { x: 3, y: 3 });
  await page.mouse.move(occupiedCell.x, occupiedCell.y, { steps: 3 });
  await expect(grid).not.toHaveAttribute('data-ghost', /.*/);
  await expect(popup).toBeHidden();

  // Back over an empty cell, then release: the ghost and the popup go, nothing is placed.
  const end = await cellCentre(page, { x: 4, y: 4 });
  await page.mouse.move(end.x, end.y, { steps: 3 });
  await expect(grid).toHaveAttribute('data-ghost', '4-4');
  await page.mouse.up();
  await expect(grid).not.toHaveAttribute('data-ghost', /.*/);
  await expect(popup).toBeHidden();
  await expectOccupied(page, 1, 1_000);
});

test('on a phone the prediction popup stays on the board at its edges', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startGame(page, { mode: 'Two Player', size: '10x10' });
  const grid = board(page);
  const popup = page.getByTestId('prediction-popup');
  const start = await cellCentre(page, { x: 5, y: 5 });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.waitForTimeout(HOLD_MS + 100);
  const area = (await grid.boundingBox())!;
  for (const cell of [{ x: 0, y: 9 }, { x: 9, y: 9 }, { x: 0, y: 0 }, { x: 9, y: 0 }]) {
    const point = await cellCentre(page, cell);
    await page.mouse.move(point.x, point.y, { steps: 3 });
    await expect(grid).toHaveAttribute('data-ghost', `${cell.x}-${cell.y}`);
    await expect(popup).toBeVisible();
    const box = (await popup.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(area.x);
    expect(box.x + box.width).toBeLessThanOrEqual(area.x + area.width);
    expect(box.y).toBeGreaterThanOrEqual(area.y);
    expect(box.y + box.height).toBeLessThanOrEqual(area.y + area.height);
  }
  await page.mouse.up();
  await expect(popup).toBeHidden();
});
