/**
 * The game record and replay journeys: Copy game from a finished game's results, the record
 * pasted into the import box opens the same final board; a replay link steps with the buttons and
 * the arrow keys, the board and both scores following (scores checked against the engine in Node);
 * a bad link says what is wrong.
 */
import type { Page } from '@playwright/test';
import { loadEngine } from '../src/engine/load';
import type { BoardState, CellKey } from '../src/engine/types';
import { board, boardReady, dialog, exactScores, expectOccupied, playToTheEnd, readBoard, scores, startGame } from './support/board';
import { expect, test } from './support/test';

test('Copy game, then the record pasted into the import box replays to the same final board', async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await startGame(page, { mode: 'Two Player', size: '6x6' });
  await playToTheEnd(page, 'human');
  const results = dialog(page, 'Game Results');
  await expect(results).toBeVisible();
  const finalBoard = await readBoard(page);
  const finalScores = await scores(page);

  await results.getByRole('button', { name: 'Copy game' }).click();
  await expect(results.getByText('Game copied to the clipboard')).toBeVisible();
  const record = await page.evaluate(() => navigator.clipboard.readText());
  expect(record).toMatch(/^CC1 6x6 connection: ([a-f][1-6] ){36}(1-0|0-1|1\/2-1\/2)$/);

  await results.getByRole('button', { name: 'Back to Home' }).click();
  await page.getByRole('button', { name: 'Replay a Game' }).click();
  await expect(page).toHaveURL(/\/replay$/);
  await page.getByLabel('Paste a game record').fill(record);
  await page.getByRole('button', { name: 'Open game' }).click();
  await expect(page).toHaveURL(/\/replay#CC1_6x6_connection:_/);
  await boardReady(page);
  await expectOccupied(page, 36, 5_000);
  expect(await readBoard(page)).toEqual(finalBoard);
  expect(await scores(page)).toEqual(finalScores);
  await expect(page.getByTestId('replay-step')).toHaveText('Move 36 of 36');

  // A bad record is explained beside the box.
  await page.getByLabel('Paste a game record').fill('CC1 6x6 connection: c3 z9 *');
  await page.getByRole('button', { name: 'Open game' }).click();
  await expect(page.getByRole('alert')).toHaveText('Move 2, "z9", is not a cell of a 6x6 board (a1 to f6).');
});

/** c3 d4 c4 d3 b3 on 6x6 (x-y from the top left: 2-3 3-2 2-2 3-3 1-3), Player 1 first. */
const MOVES = [
  { gridX: 2, gridY: 3 },
  { gridX: 3, gridY: 2 },
  { gridX: 2, gridY: 2 },
  { gridX: 3, gridY: 3 },
  { gridX: 1, gridY: 3 },
];
const LINK = '/replay#CC1_6x6_connection:_c3_d4_c4_d3_b3_*';

/** Both scores after each number of moves, from the engine (Node), the empty board first. */
async function expectedScores(): Promise<[bigint, bigint][]> {
  const engine = await loadEngine();
  let current: BoardState = { occupiedCells: [new Set<CellKey>(), new Set<CellKey>()], gridWidth: 6, gridHeight: 6 };
  const all: [bigint, bigint][] = [[0n, 0n]];
  for (const [index, cell] of MOVES.entries()) {
    const played = engine.play(current, cell, index % 2, 'connection');
    if (!played.ok) throw new Error(played.rejection);
    current = played.board;
    all.push(played.scores);
  }
  return all;
}

async function expectStep(page: Page, step: number, all: [bigint, bigint][]): Promise<void> {
  await expect(page.getByTestId('replay-step')).toHaveAttribute('data-step', String(step));
  await expectOccupied(page, step, 5_000);
  expect(await exactScores(page)).toEqual(all[step]);
  const view = await readBoard(page);
  MOVES.forEach((move, index) => {
    const owner = index < step ? (index % 2 === 0 ? 'Green' : 'Blue') : 'empty';
    expect(view.get(`${move.gridX}-${move.gridY}`), `move ${index + 1} at step ${step}`).toBe(owner);
  });
  const current = page.getByTestId('replay-moves').locator('[aria-current="step"]');
  await expect(current).toHaveCount(step === 0 ? 0 : 1);
  if (step > 0) await expect(current).toHaveAccessibleName(new RegExp(`^Move ${step}, `));
}

test('a replay link steps with First, Back, Forward, Last and the arrow keys', async ({ page }) => {
  const all = await expectedScores();
  await page.goto(LINK);
  await boardReady(page);
  await expect(page.getByTestId('replay-summary')).toHaveText('Cell Connection, 6×6: Not finished (*)');
  await expectStep(page, 5, all); // it opens on the last position
  await expect(board(page)).toHaveAttribute('data-last-move', '1-3');

  await page.getByRole('button', { name: 'First' }).click();
  await expectStep(page, 0, all);
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  await page.getByRole('button', { name: 'Forward' }).click();
  await expectStep(page, 1, all);
  await page.keyboard.press('ArrowRight');
  await expectStep(page, 2, all);
  await page.keyboard.press('ArrowRight');
  await expectStep(page, 3, all);
  await page.keyboard.press('ArrowLeft');
  await expectStep(page, 2, all);
  await page.keyboard.press('End');
  await expectStep(page, 5, all);
  await expect(page.getByRole('button', { name: 'Forward' })).toBeDisabled();
  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, 4, all);
  await page.keyboard.press('Home');
  await expectStep(page, 0, all);
  await page.getByRole('button', { name: 'Last' }).click();
  await expectStep(page, 5, all);
  // A move in the list goes to its position.
  await page.getByRole('button', { name: 'Move 2, Player 2, d4' }).click();
  await expectStep(page, 2, all);

  // The same link opened again (the address bar, or a link on the page): still one game on the page.
  await page.goto(LINK);
  await page.evaluate(() => new Promise((rendered) => requestAnimationFrame(() => requestAnimationFrame(rendered))));
  await expect(page.getByTestId('replay-summary')).toHaveCount(1);
  await expect(page.getByTestId('replay-moves')).toHaveCount(1);
  await page.getByRole('button', { name: 'Last' }).click();
  await expectStep(page, 5, all);
});

test('a bad replay link says what is wrong with it', async ({ page }) => {
  await page.goto('/replay#CC1_6x6_connection:_c3_d4_c3_*');
  await expect(page.getByTestId('replay-error')).toHaveText("This link's game cannot be opened. Move 3, c3, is on a cell already taken by move 1.");
  await expect(board(page)).toHaveCount(0);
  await page.goto('/replay#CC1_7x7_go:_*');
  await expect(page.getByTestId('replay-error')).toContainText('Unknown scoring mode "go"');
});
