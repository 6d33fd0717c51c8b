/**
 * A replay link of a 16×16 expansion game: the record is built from a game the engine played
 * (Node, the same engine.wasm as the page), and the page shows both final scores with every
 * digit, exact, past 10⁷: on each player's strip, in its tooltip and in the text a screen reader
 * reads.
 */
import { loadEngine } from '../src/engine/load';
import type { BoardState, CellKey, CellPosition, Scores } from '../src/engine/types';
import { formatRecord, replayPath, resultOfScores } from '../src/game/record';
import { scoreDigits } from '../src/ui/score/format';
import { boardReady, exactScores, expectOccupied } from './support/board';
import { expect, test } from './support/test';

/** A whole 16×16 expansion game: each move the engine's random free cell (SPEC §8), played and scored by the engine. */
async function engineGame(): Promise<{ moves: CellPosition[]; scores: Scores }> {
  const engine = await loadEngine();
  let board: BoardState = { occupiedCells: [new Set<CellKey>(), new Set<CellKey>()], gridWidth: 16, gridHeight: 16 };
  let scores: Scores = [0n, 0n];
  const moves: CellPosition[] = [];
  for (let move = 0; move < 256; move++) {
    const cell = engine.resolveMove(board, null, 1000 + move);
    if (!cell) throw new Error(`no free cell at move ${move + 1}`);
    const played = engine.play(board, cell, move % 2, 'expansion');
    if (!played.ok) throw new Error(played.rejection);
    ({ board, scores } = played);
    moves.push(cell);
  }
  return { moves, scores };
}

test('a replay link of a 16x16 expansion game shows every digit of both scores', async ({ page }) => {
  const { moves, scores } = await engineGame();
  // Long enough to be shown compactly elsewhere: here every digit shows.
  expect(scores.every((score) => score >= 10_000_000n)).toBe(true);
  const record = formatRecord({ width: 16, height: 16, mode: 'expansion', firstPlayer: 0, moves, result: resultOfScores(scores) });

  await page.goto(replayPath(record));
  await boardReady(page);
  await expectOccupied(page, 256, 10_000);
  await expect(page.getByTestId('replay-step')).toHaveText('Move 256 of 256');
  expect(await exactScores(page)).toEqual(scores);

  for (const player of [0, 1] as const) {
    const card = page.getByTestId(`score-${player}`);
    const digits = scoreDigits(scores[player]);
    await expect(card).toHaveAttribute('title', digits);
    // Seen and read with every digit.
    await expect(card).toHaveText(digits);
  }
  // The page's accessibility tree carries every digit of both scores.
  const panel = await page.getByRole('region', { name: 'Scores' }).ariaSnapshot();
  for (const score of scores) expect(panel).toContain(scoreDigits(score));
  // Beside a 16×16 board the strips are narrow: a long score stays inside its strip on a desktop and a phone.
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    for (const player of [0, 1] as const) {
      const line = page.getByTestId(`score-${player}`).locator('xpath=..');
      const spill = await line.evaluate((node) => {
        const card = node.closest('.score-player')!.getBoundingClientRect();
        const box = node.getBoundingClientRect();
        return Math.max(card.left - box.left, box.right - card.right);
      });
      expect(spill, `player ${player + 1}'s score at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(0.5);
    }
  }
});
