/**
 * Desktop hover feedback: over a free cell on the player's turn the mouse shows a pointer (and a
 * faint ghost of the mover's colour on that cell); over a taken cell it does not.
 */
import type { Page } from '@playwright/test';
import { board, cellCentre, clickCell, expectOccupied, startGame } from './support/board';
import { expect, test } from './support/test';

test.use({ viewport: { width: 1280, height: 800 } });

const canvasCursor = (page: Page) => board(page).locator('canvas').evaluate((canvas) => getComputedStyle(canvas).cursor);

test('the mouse shows a pointer and a ghost over a free cell, and neither over a taken one', async ({ page }) => {
  await startGame(page, { mode: 'Two Player', size: '6x6' });
  const free = await cellCentre(page, { x: 2, y: 3 });
  await page.mouse.move(free.x, free.y);
  await expect(board(page)).toHaveAttribute('data-hover', '2-3');
  await expect.poll(() => canvasCursor(page)).toBe('pointer');

  await clickCell(page, { x: 2, y: 3 });
  await expectOccupied(page, 1, 5_000);
  // The cell just taken: no ghost, no pointer, even with the mouse moved within it.
  await page.mouse.move(free.x + 1, free.y + 1);
  await expect(board(page)).not.toHaveAttribute('data-hover', /.*/);
  await expect.poll(() => canvasCursor(page)).not.toBe('pointer');

  // The next free cell, for the other player: the pointer again.
  const next = await cellCentre(page, { x: 3, y: 3 });
  await page.mouse.move(next.x, next.y);
  await expect(board(page)).toHaveAttribute('data-hover', '3-3');
  await expect.poll(() => canvasCursor(page)).toBe('pointer');
});
