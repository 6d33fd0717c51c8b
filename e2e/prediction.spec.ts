import type { BoardState, CellKey, Prediction } from '../src/engine';
import { loadEngine } from '../src/engine/load';
import { formatScore } from '../src/ui/score/format';
import { board, cellCentre, expectOccupied, freeCells, playRound, readBoard, startGame, type BoardView, type Cell } from './support/board';
import { expect, test } from './support/test';

/** The gesture's hold time (SPEC §2 Board); the hold needs real time to pass, as a player's would. */
const HOLD_MS = 500;

function boardState(view: BoardView): BoardState {
  const cells: [Set<CellKey>, Set<CellKey>] = [new Set(), new Set()];
  for (const [key, owner] of view) {
    if (owner !== 'empty') cells[owner === 'Green' ? 0 : 1].add(key as CellKey);
  }
  const side = Math.sqrt(view.size);
  return { occupiedCells: cells, gridWidth: side, gridHeight: side };
}

const popupText = (p: Prediction) => [`Player gain: ${formatScore(p.playerGain)}`, `Opponent gain: ${formatScore(p.opponentGain)}`, `Net: ${formatScore(p.net)}`];

/** The line under each figure saying what it means. */
const EXPLANATIONS = [
  'How much your score changes with this move',
  "What the opponent's best reply then gains",
  'Player gain minus opponent gain',
];

test('hold and drag shows the engine prediction for the cell under the pointer', async ({ page }) => {
  const engine = await loadEngine();
  await startGame(page);
  // A position with groups on both sides: the human builds a pair, the AI answers twice.
  await playRound(page, { x: 1, y: 1 });
  await playRound(page, (await readBoard(page)).get('2-1') === 'empty' ? { x: 2, y: 1 } : freeCells(await readBoard(page))[0]!);
  await playRound(page, (await readBoard(page)).get('1-2') === 'empty' ? { x: 1, y: 2 } : freeCells(await readBoard(page))[0]!);
  const view = await readBoard(page);
  const state = boardState(view);

  // Two free cells whose predictions differ, so the popup is seen to follow the pointer.
  const predict = (cell: Cell) => {
    const result = engine.predict(state, { gridX: cell.x, gridY: cell.y }, 0, 'connection');
    if (!result.ok) throw new Error(`no prediction for ${cell.x}-${cell.y}`);
    return result.prediction;
  };
  const free = freeCells(view);
  const ranked = free.map((cell) => ({ cell, prediction: predict(cell) })).sort((a, b) => (b.prediction.playerGain > a.prediction.playerGain ? 1 : b.prediction.playerGain < a.prediction.playerGain ? -1 : 0));
  const first = ranked[0]!;
  const second = ranked.find((r) => popupText(r.prediction).join() !== popupText(first.prediction).join()) ?? ranked.at(-1)!;
  const start = free.find((cell) => cell !== first.cell && cell !== second.cell)!;

  const popup = page.getByTestId('prediction-popup');
  const from = await cellCentre(page, start);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.waitForTimeout(HOLD_MS + 100);
  const a = await cellCentre(page, first.cell);
  await page.mouse.move(a.x, a.y, { steps: 4 });
  await expect(popup).toBeVisible();
  const figures = popup.getByTestId('prediction-figure');
  await expect(figures).toHaveText(popupText(first.prediction));
  for (const explanation of EXPLANATIONS) await expect(popup.getByText(explanation, { exact: true })).toBeVisible();
  // The ghost piece stands on the cell the figures are for.
  await expect(board(page)).toHaveAttribute('data-ghost', `${first.cell.x}-${first.cell.y}`);

  const b = await cellCentre(page, second.cell);
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await expect(figures).toHaveText(popupText(second.prediction));
  await expect(board(page)).toHaveAttribute('data-ghost', `${second.cell.x}-${second.cell.y}`);
  await expect(board(page)).toHaveAttribute('aria-describedby', /popup/);

  // Release: the popup goes and the release places nothing.
  await page.mouse.up();
  await expect(popup).toBeHidden();
  await expect(board(page)).not.toHaveAttribute('data-ghost', /.*/);
  await expectOccupied(page, 6, 1_000);
  expect(await readBoard(page)).toEqual(view);
});
