/**
 * The post-game review's journeys: a game against the computer goes from Game Results to
 * "Replay and review"; the analysis shows its progress, then the evaluation chart, a mark on
 * every move, the engine's best move in words and on the board, and the verdict, exact where the
 * solver reaches. A replay link with a blunder made on purpose (found with the solver in Node)
 * has that move marked. A whole 16×16 game is analysed on one worker per core (up to four), its
 * progress bar shown, then gone. Cancel stops the analysis and its workers at once; it can start
 * again.
 */
import type { Page } from '@playwright/test';
import { loadEngine } from '../src/engine/load';
import type { BoardState, CellKey, CellPosition, PlayerIndex, ScoringMechanism } from '../src/engine/types';
import { formatRecord, replayPath, resultOfScores, type GameRecord } from '../src/game/record';
import { expectNoSeriousFindings, showTheme } from './support/axe';
import { board, boardReady, dialog, playToTheEnd, readBoard, startGame } from './support/board';
import { expect, test } from './support/test';

/** The review finishes a 6×6 game in seconds; on two busy cores, allow far more. */
const REVIEW_TIMEOUT = 90_000;

const review = (page: Page) => page.getByTestId('review');
const stepOf = async (page: Page) => Number(await page.getByTestId('replay-step').getAttribute('data-step'));
const cellName = (cell: CellPosition, height: number) => `${String.fromCharCode(97 + cell.gridX)}${height - cell.gridY}`;

async function analyse(page: Page): Promise<void> {
  await review(page).getByRole('button', { name: 'Analyse the game' }).click();
  await expect(review(page).getByRole('progressbar')).toBeVisible();
  await expect(page.getByTestId('review-progress')).toHaveText(/^Analysing… \d+ of \d+ moves$/);
  await expect(page.getByTestId('review-summary')).toBeVisible({ timeout: REVIEW_TIMEOUT });
  await expect(review(page).getByRole('progressbar')).toHaveCount(0);
}

test('a game against the computer: Replay and review, then the chart, the marks, the best move and the verdict', async ({ page }) => {
  test.setTimeout(180_000);
  await startGame(page, { mode: 'Human (first) vs AI', level: 'Easy', size: '6x6' });
  await playToTheEnd(page, 'ai');
  const results = dialog(page, 'Game Results');
  await expect(results).toBeVisible();
  await results.getByRole('link', { name: 'Replay and review' }).click();
  await expect(page).toHaveURL(/\/replay#CC1_6x6_connection:_/);
  await boardReady(page);

  await analyse(page);
  await expect(page.getByTestId('review-chart')).toHaveAttribute('data-ready', 'true');
  // Every move has its mark, in the move list and in its name for screen readers.
  const moves = page.getByTestId('replay-moves').getByRole('button');
  await expect(moves).toHaveCount(36);
  // A move without a choice (the last free cell at least) is marked forced, with no "!".
  for (const move of await moves.all()) {
    await expect(move).toHaveAttribute('data-mark', /^(best|good|inaccuracy|mistake|blunder|forced)$/);
    await expect(move).toHaveAccessibleName(/, (best move \(!\)|good move|inaccuracy \(\?!\)|mistake \(\?\)|blunder \(\?\?\)|forced move)$/);
  }
  await expect(moves.last()).toHaveAttribute('data-mark', 'forced');
  await expect(moves.last()).not.toContainText('!');

  // The final position: the game's result.
  await expect(page.getByTestId('review-verdict')).toHaveText(/^Game over: (Player 1 won by [\d,]+|Player 2 won by [\d,]+|a draw)\.$/);
  await expect(page.getByTestId('review-best')).toHaveCount(0);

  // Six cells before the end the solver reaches: the exact verdict for the player to move.
  await moves.nth(29).click();
  await expect(page.getByTestId('replay-step')).toHaveAttribute('data-step', '30');
  await expect(page.getByTestId('review-verdict')).toHaveText(/^Player 1 to move: (won with best play, by [\d,]+|lost with best play, by [\d,]+|drawn with best play) \(exact\)\.$/);
  await expectBestOnBoard(page, 'Player 1');
  await expect(page.getByTestId('review-move')).toHaveText(/^Move 30, Player 2, [a-f][1-6]: /);

  // The empty board: Expert's estimate, and its best move.
  await page.getByRole('button', { name: 'First' }).click();
  await expect(page.getByTestId('review-verdict')).toHaveText(/^Player 1 to move: beyond the solver's reach; Expert's estimate: .+\.$/);
  await expectBestOnBoard(page, 'Player 1');

  // A click on the chart goes to the move under it: its right half, the second half of the game.
  const chart = page.getByTestId('review-chart');
  const box = (await chart.boundingBox())!;
  await chart.click({ position: { x: box.width * 0.8, y: box.height / 2 } });
  await expect.poll(() => stepOf(page)).toBeGreaterThan(18);

  await expectNoSeriousFindings(page, 'the post-game review', '[data-testid="review"]');
  await expectNoSeriousFindings(page, 'the move list with marks', '[data-testid="replay-moves"]');
});

/** The best move in words ("Best: c4 (Player 1 to move)") is the cell marked on the board, and it is free. */
async function expectBestOnBoard(page: Page, mover: string): Promise<void> {
  const best = page.getByTestId('review-best');
  await expect(best).toHaveText(new RegExp(`^Best: [a-f][1-6] \\(${mover} to move\\)$`));
  const name = /^Best: ([a-f][1-6])/.exec((await best.textContent()) ?? '')![1]!;
  await expect(board(page)).toHaveAttribute('data-hint', /^\d-\d$/);
  const marked = (await board(page).getAttribute('data-hint'))!;
  const [x, y] = marked.split('-').map(Number);
  expect(cellName({ gridX: x!, gridY: y! }, 6)).toBe(name);
  expect((await readBoard(page)).get(marked), 'the best move is on a free cell').toBe('empty');
}

/** A game played in Node: `choose` picks each move, Player 1 first. */
async function gameRecord(side: number, mode: ScoringMechanism, moves: number, choose: (board: BoardState, player: PlayerIndex, turn: number) => CellPosition) {
  const engine = await loadEngine();
  let current: BoardState = { occupiedCells: [new Set<CellKey>(), new Set<CellKey>()], gridWidth: side, gridHeight: side };
  let scores: [bigint, bigint] = [0n, 0n];
  const played: CellPosition[] = [];
  for (let turn = 0; turn < moves; turn++) {
    const player: PlayerIndex = turn % 2 === 0 ? 0 : 1;
    const cell = choose(current, player, turn);
    const next = engine.play(current, cell, player, mode);
    if (!next.ok) throw new Error(next.rejection);
    ({ board: current, scores } = next);
    played.push(cell);
  }
  const record: GameRecord = { width: side, height: side, mode, firstPlayer: 0, moves: played, result: moves === side * side ? resultOfScores(scores) : '*' };
  return record;
}

test('a replay link with a blunder: the move that throws away a proven result is marked blunder, with the move that kept it', async ({ page }) => {
  test.setTimeout(120_000);
  const engine = await loadEngine();
  const free = (b: BoardState) => 16 - b.occupiedCells[0].size - b.occupiedCells[1].size;
  let blunder: { move: number; best: bigint; played: bigint } | null = null;
  // Hard's moves while many cells are free, then the solver's, but for the first move (at 10 free
  // cells or fewer) that turns the mover's proven result into a worse one.
  const record = await gameRecord(4, 'expansion', 16, (b, player, turn) => {
    if (free(b) > 10) return engine.chooseMove({ board: b, player, level: 'hard', mode: 'expansion', seed: turn + 1 })!.cell;
    const solved = engine.solve({ board: b, player, mode: 'expansion' })!;
    if (blunder) return solved.best;
    const sign = (value: bigint) => (value > 0n ? 1 : value < 0n ? -1 : 0);
    const worse = solved.cells.find(({ value }) => sign(value) < sign(solved.value));
    if (!worse) return solved.best;
    blunder = { move: turn + 1, best: solved.value, played: worse.value };
    return worse.cell;
  });
  expect(blunder, 'a blunder to make in this game').not.toBeNull();
  const { move, best, played } = blunder!;
  const mover = move % 2 === 1 ? 'Player 1' : 'Player 2';

  // In the dark theme: the marks' colours are checked there too.
  await showTheme(page, 'dark');
  await page.goto(replayPath(formatRecord(record)));
  await boardReady(page);
  await analyse(page);
  const marked = page.getByTestId('replay-moves').getByRole('button', { name: new RegExp(`^Move ${move}, `) });
  await expect(marked).toHaveAccessibleName(new RegExp(`^Move ${move}, ${mover}, [a-d][1-4], blunder \\(\\?\\?\\)$`));
  await expect(marked).toContainText('??');
  await marked.click();
  await expect(page.getByTestId('review-move')).toHaveText(
    new RegExp(`^Move ${move}, ${mover}, [a-d][1-4]: blunder \\(\\?\\?\\); best was [a-d][1-4], ${best - played} points of the final margin lost\\.$`),
  );
  // The position before it was proven for the blunderer: won or drawn with best play.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('review-verdict')).toHaveText(new RegExp(`^${mover} to move: (won|drawn) with best play`));
  await expectNoSeriousFindings(page, 'the review in the dark theme', '[data-testid="review"]');
  await expectNoSeriousFindings(page, 'the marked moves in the dark theme', '[data-testid="replay-moves"]');
});

/** The review's workers on this browser: one per core, up to four. */
const reviewWorkers = (page: Page) => page.evaluate(() => Math.min(4, Math.max(1, navigator.hardwareConcurrency || 1)));

test('a whole 16×16 game: analysed on one worker per core, the progress bar shown while it runs, then gone, every move marked', async ({ page }) => {
  // 257 positions of about 0.3 s each (the budgets are in time, not work): about a minute on two workers.
  test.setTimeout(360_000);
  const engine = await loadEngine();
  const record = await gameRecord(16, 'connection', 256, (b, player, turn) => engine.chooseMove({ board: b, player, level: 'medium', mode: 'connection', seed: turn + 1 })!.cell);
  await page.goto(replayPath(formatRecord(record)));
  await boardReady(page);
  const workersBefore = page.workers().length;

  await review(page).getByRole('button', { name: 'Analyse the game' }).click();
  const progress = review(page).getByRole('progressbar');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('max', '256');
  await expect(progress).toHaveAccessibleName(/^Analysing… \d+ of 256 moves$/);
  await expect.poll(() => page.workers().length, { message: 'one worker per core, up to four' }).toBe(workersBefore + (await reviewWorkers(page)));
  // It moves on: a later figure than the first one read.
  const first = Number(await progress.getAttribute('value'));
  await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 60_000 }).toBeGreaterThan(first);

  await expect(page.getByTestId('review-summary')).toBeVisible({ timeout: 300_000 });
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId('review-progress')).toHaveCount(0);
  await expect(page.getByTestId('replay-moves').locator('[data-mark]')).toHaveCount(256);
  // The full board: the result with every digit of the margin.
  await expect(page.getByTestId('review-verdict')).toHaveText(/^Game over: (Player 1 won by [\d,]+|Player 2 won by [\d,]+|a draw)\.$/);
  // Six cells before the end the solver reaches on 16×16 too: an exact verdict.
  await page.getByTestId('replay-moves').getByRole('button', { name: /^Move 250, / }).click();
  await expect(page.getByTestId('review-verdict')).toHaveText(/^Player 1 to move: (won with best play, by [\d,]+|lost with best play, by [\d,]+|drawn with best play) \(exact\)\.$/);
});

test('Cancel stops the analysis and its workers at once; it can be started again; leaving the page stops it too', async ({ page }) => {
  test.setTimeout(120_000);
  const engine = await loadEngine();
  const record = await gameRecord(10, 'connection', 40, (b, player, turn) => engine.chooseMove({ board: b, player, level: 'easy', mode: 'connection', seed: turn })!.cell);
  await page.goto(replayPath(formatRecord(record)));
  await boardReady(page);
  const workersBefore = page.workers().length;

  await review(page).getByRole('button', { name: 'Analyse the game' }).click();
  const progress = review(page).getByRole('progressbar');
  await expect(progress).toBeVisible();
  await expect(page.getByTestId('review-progress')).toHaveText(/^Analysing… ([2-9]|\d\d) of 40 moves$/, { timeout: 30_000 });
  expect(page.workers().length, 'the analysis runs in workers of its own, one per core up to four').toBe(workersBefore + (await reviewWorkers(page)));

  await review(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toHaveCount(0);
  await expect(review(page).getByRole('status')).toHaveText('Analysis cancelled.');
  // The worker is ended, not left searching.
  await expect.poll(() => page.workers().length).toBe(workersBefore);
  // The page still answers: the step controls work.
  await page.getByRole('button', { name: 'First' }).click();
  await expect(page.getByTestId('replay-step')).toHaveAttribute('data-step', '0');

  await review(page).getByRole('button', { name: 'Analyse the game' }).click();
  await expect(progress).toBeVisible();
  await expect(page.getByTestId('review-progress')).toHaveText(/^Analysing… \d+ of 40 moves$/);
  await expect(page.getByTestId('review-verdict')).toBeVisible({ timeout: 30_000 });
  await review(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toHaveCount(0);

  // Leaving the page while it analyses ends its workers too.
  await review(page).getByRole('button', { name: 'Analyse the game' }).click();
  await expect(progress).toBeVisible();
  await expect.poll(() => page.workers().length).toBe(workersBefore + (await reviewWorkers(page)));
  await page.getByRole('button', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => page.workers().length, { message: 'no review worker left searching' }).toBeLessThanOrEqual(workersBefore);
});
