import type { Locator, Page } from '@playwright/test';
import { board, expectOccupied, expectOccupiedAtLeast, freeCells, readBoard, startGame } from './support/board';
import { expect, test } from './support/test';

/** The focused gridcell (aria-selected, and named by the grid's aria-activedescendant): what a screen reader reads. */
function focusedCell(page: Page): Locator {
  return board(page).locator('[role="gridcell"][aria-selected="true"]');
}

test('keyboard play: arrows move the focus, Enter places, then the AI answers', async ({ page }) => {
  await startGame(page);
  const grid = board(page);
  await grid.focus();
  await expect(grid).toBeFocused();
  // The focus starts at the centre (top-left of the centre four on an even side).
  await expect(grid).toHaveAttribute('data-focus', '2-2');

  await page.keyboard.press('ArrowRight');
  await expect(grid).toHaveAttribute('data-focus', '3-2');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(grid).toHaveAttribute('data-focus', '3-4');
  await page.keyboard.press('ArrowLeft');
  await expect(grid).toHaveAttribute('data-focus', '2-4');
  await page.keyboard.press('ArrowUp');
  await expect(grid).toHaveAttribute('data-focus', '2-3');
  // It stays on the grid.
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
  await expect(grid).toHaveAttribute('data-focus', '5-3');

  // A screen reader hears the focused square in chess notation (f3: sixth column, third row
  // from the bottom of six) with its owner's shown name.
  await expect(focusedCell(page)).toHaveText('f3, empty');
  await page.keyboard.press('Enter');
  // At least: on a busy machine the computer's answer can land before a frame shows the move alone.
  await expectOccupiedAtLeast(page, 1, 5_000);
  expect((await readBoard(page)).get('5-3')).toBe('Green');
  await expect(focusedCell(page)).toHaveText('f3, Anonymous');
  await expectOccupied(page, 2);
  await expect(grid).toBeFocused();

  // Home jumps to the row's start; from there the arrows reach a free cell, and Space places.
  await page.keyboard.press('Home');
  await expect(grid).toHaveAttribute('data-focus', '0-3');
  const target = freeCells(await readBoard(page)).find((cell) => cell.y >= 3)!;
  for (let i = 0; i < target.x; i++) await page.keyboard.press('ArrowRight');
  for (let i = 3; i < target.y; i++) await page.keyboard.press('ArrowDown');
  await expect(grid).toHaveAttribute('data-focus', `${target.x}-${target.y}`);
  await page.keyboard.press('Space');
  await expectOccupiedAtLeast(page, 3, 5_000);
  expect((await readBoard(page)).get(`${target.x}-${target.y}`)).toBe('Green');
  await expectOccupied(page, 4);
});
