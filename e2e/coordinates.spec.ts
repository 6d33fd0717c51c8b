/**
 * Coordinates on the board's edges: the letters along the bottom and the numbers up the left side
 * name the cells as every message does ("AI played e3" is the cell under e and beside 3), they stay
 * small beside a 16×16 phone board's cells, and "Show coordinates" hides them, even after a reload.
 */
import type { Locator, Page } from '@playwright/test';
import { board, boardReady, buttonBar, dialog, playRound, startGame } from './support/board';
import { expect, test } from './support/test';

const coordinates = (page: Page) => page.getByTestId('board-coordinates');
const label = (page: Page, axis: 'file' | 'rank', text: string) =>
  coordinates(page).locator(`[data-axis="${axis}"]`).filter({ hasText: new RegExp(`^${text}$`) });

/** The board's grid in page pixels, from its layout hooks. */
async function grid(page: Page) {
  return board(page).evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const attr = (name: string) => Number(element.getAttribute(name));
    return { left: rect.left + attr('data-origin-x'), top: rect.top + attr('data-origin-y'), cellSize: attr('data-cell-size') };
  });
}

/** The column or row a label is drawn in, from where it shows on the page. */
async function lineOf(page: Page, locator: Locator, axis: 'file' | 'rank'): Promise<number> {
  const box = (await locator.boundingBox())!;
  const { left, top, cellSize } = await grid(page);
  return axis === 'file' ? Math.floor((box.x + box.width / 2 - left) / cellSize) : Math.floor((box.y + box.height / 2 - top) / cellSize);
}

/** Every label is shown, inside the grid, and covers well under half its cell: the cell's colour stays in view. */
async function expectSmallAndInside(page: Page, side: number): Promise<void> {
  const labels = coordinates(page).locator('[data-axis]');
  await expect(labels).toHaveCount(2 * side);
  const { left, top, cellSize } = await grid(page);
  for (const one of await labels.all()) {
    await expect(one).toBeVisible();
    const box = (await one.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(left);
    expect(box.y).toBeGreaterThanOrEqual(top);
    expect(box.x + box.width).toBeLessThanOrEqual(left + side * cellSize);
    expect(box.y + box.height).toBeLessThanOrEqual(top + side * cellSize);
    expect(box.width * box.height).toBeLessThan((cellSize * cellSize) / 2);
    const fontSize = await one.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(9);
  }
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the computer's move is announced by the cell the edge letters and numbers name", async ({ page }) => {
    await startGame(page, { mode: 'Human (first) vs AI', level: 'Easy', size: '10x10' });
    await expectSmallAndInside(page, 10);
    await expect(label(page, 'file', 'a')).toBeVisible();
    await expect(label(page, 'file', 'j')).toBeVisible();
    await expect(label(page, 'rank', '10')).toBeVisible();
    await expect(label(page, 'rank', '1')).toBeVisible();
    // a1 is the bottom-left cell, as the screen reader's cells say.
    expect(await lineOf(page, label(page, 'file', 'a'), 'file')).toBe(0);
    expect(await lineOf(page, label(page, 'rank', '1'), 'rank')).toBe(9);

    await playRound(page, { x: 4, y: 4 }, 100);
    const announced = board(page).locator('xpath=..').getByRole('status');
    await expect(announced).toHaveText(/ played [a-j]\d+$/);
    const [, file = '', rank = ''] = /played ([a-j])(\d+)$/.exec((await announced.textContent()) ?? '') ?? [];
    const column = await lineOf(page, label(page, 'file', file), 'file');
    const row = await lineOf(page, label(page, 'rank', rank), 'rank');
    await expect(board(page)).toHaveAttribute('data-last-move', `${column}-${row}`);
    await expect(board(page).locator(`[data-cell="${column}-${row}"]`)).toHaveText(new RegExp(`^${file}${rank}, `));
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a 16x16 board shows small coordinates; Show coordinates hides them, after a reload too', async ({ page }) => {
    await startGame(page, { mode: 'Human (first) vs AI', level: 'Easy', size: '16x16' });
    await expectSmallAndInside(page, 16);
    expect(await lineOf(page, label(page, 'file', 'p'), 'file')).toBe(15);
    expect(await lineOf(page, label(page, 'rank', '16'), 'rank')).toBe(0);

    const panel = dialog(page, 'Game Settings');
    const settings = buttonBar(page).getByRole('button', { name: 'Settings', exact: true });
    const checkbox = panel.getByRole('checkbox', { name: 'Show coordinates' });
    await settings.click();
    await expect(checkbox).toBeChecked();

    // In the dark theme they take the theme's light text, still inside their corners.
    const lightColour = await label(page, 'file', 'a').evaluate((element) => getComputedStyle(element).color);
    await panel.getByRole('switch', { name: 'Dark theme' }).click();
    await expect.poll(() => label(page, 'file', 'a').evaluate((element) => getComputedStyle(element).color)).not.toBe(lightColour);

    // Turned off: gone at once, without a new game.
    await checkbox.uncheck();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    await expect(coordinates(page)).toHaveCount(0);

    // Remembered on this device.
    await page.reload();
    await boardReady(page);
    await expect(board(page)).toHaveAttribute('aria-label', 'Board, 16 by 16');
    await expect(coordinates(page)).toHaveCount(0);
    await settings.click();
    await expect(checkbox).not.toBeChecked();

    // And back on.
    await checkbox.check();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expectSmallAndInside(page, 16);
  });
});
