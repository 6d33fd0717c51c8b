/**
 * A 16×16 game against the computer on a phone (390×844): the cells are about 22 px, so a tap
 * first shows the piece as a ghost with its predicted gain, and only a second tap on the same
 * cell places it (lichess's confirm move). The board's screen-reader cells run a16 to p1.
 */
import type { Page } from '@playwright/test';
import {
  board,
  clickCell,
  exactScores,
  expectOccupied,
  expectOccupiedAtLeast,
  freeCells,
  occupied,
  readBoard,
  startGame,
  type Cell,
} from './support/board';
import { expectNoSeriousFindings } from './support/axe';
import { expect, test } from './support/test';

test.use({ viewport: { width: 390, height: 844 } });

const key = (cell: Cell) => `${cell.x}-${cell.y}`;

/** The confirm tap's first tap: the ghost and its prediction show, and nothing is placed. */
async function firstTap(page: Page, cell: Cell, before: number): Promise<void> {
  await clickCell(page, cell);
  await expect(board(page)).toHaveAttribute('data-pending', key(cell));
  await expect(board(page)).toHaveAttribute('data-ghost', key(cell));
  // The tap's handler shows the ghost instead of placing: once it shows, the tap is over.
  expect(await occupied(page)).toBe(before);
}

/** A whole round: first tap, confirming tap, then the computer's answer (or the full board). */
async function confirmedRound(page: Page, cell: Cell, total: number): Promise<void> {
  const before = await occupied(page);
  await firstTap(page, cell, before);
  await clickCell(page, cell);
  await expectOccupiedAtLeast(page, before + 1, 5_000);
  if (before + 1 < total) await expectOccupied(page, before + 2);
}

test('a 16x16 game against the computer on a phone places a piece only on the confirming tap', async ({ page }) => {
  test.setTimeout(240_000);
  await startGame(page, { mode: 'Human (first) vs AI', level: 'Easy', size: '16x16' });

  // Cells too small for a sure tap: the board asks for a confirming one.
  const cellSize = Number(await board(page).getAttribute('data-cell-size'));
  expect(cellSize).toBeLessThan(36);
  await expect(board(page)).toHaveAttribute('data-confirm-taps', 'true');
  await expect(board(page)).toHaveAttribute('aria-label', 'Board, 16 by 16');

  // The screen reader's cells run a to p and 1 to 16, row 16 at the top.
  const cells = board(page).getByRole('gridcell');
  await expect(cells).toHaveCount(256);
  await expect(cells.first()).toHaveText('a16, empty');
  await expect(cells.last()).toHaveText('p1, empty');

  // First tap: a ghost with its predicted gain and how to place it; nothing placed.
  const first: Cell = { x: 7, y: 8 };
  await firstTap(page, first, 0);
  const popup = page.getByTestId('prediction-popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByTestId('prediction-figure').first()).toHaveText(/^Player gain: /);
  await expect(popup.getByTestId('confirm-tap')).toHaveText('Tap again to place');
  await expectNoSeriousFindings(page, 'a 16×16 board with a ghost waiting for its confirming tap');

  // A tap on another cell moves the ghost there; still nothing placed.
  const second: Cell = { x: 8, y: 8 };
  await firstTap(page, second, 0);

  // The second tap on the same cell places it, and the computer answers.
  await clickCell(page, second);
  await expectOccupied(page, 2);
  await expect(board(page)).toHaveAttribute('data-last-move', /^\d+-\d+$/);
  await expect(board(page)).not.toHaveAttribute('data-pending', /.*/);
  expect((await readBoard(page)).get(key(second))).toBe('Green');

  // Twenty more rounds, every move with the confirm tap (a whole game's end is the 14×14 journey's
  // and the game statechart's tests': here the taps are what is tested).
  const total = 256;
  for (let round = 0; round < 20; round++) {
    const next = freeCells(await readBoard(page))[0]!;
    await confirmedRound(page, next, total);
  }
  await expectOccupied(page, 2 + 2 * 20);
  // Both players' pieces are where the taps and the computer put them, and the cards read the exact scores.
  const pieces = [...(await readBoard(page)).values()];
  expect(pieces.filter((owner) => owner === 'Green')).toHaveLength(21);
  expect(pieces.filter((owner) => owner === 'Blue')).toHaveLength(21);
  const [human, computer] = await exactScores(page);
  expect(human).toBeGreaterThan(0n);
  expect(computer).toBeGreaterThan(0n);
});
