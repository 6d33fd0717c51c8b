/**
 * The analysis board's journeys, on a desktop and on a phone: Analyse from a replay position
 * opens the board there; two moves tried, one taken back, another played instead, and both
 * branches kept in the move list; the engine's three best moves listed and ringed on the board
 * and the evaluation bar; the solver's proof near the end (checked against the solver in Node);
 * Copy link opened in a new page on the same position; a bad link's sentence; Analyse from Game
 * Results on the final board; axe's serious findings in both themes; and the board with its
 * engine working offline after one visit.
 */
import type { Page } from '@playwright/test';
import { loadEngine } from '../src/engine/load';
import { parseRecord } from '../src/game/record';
import { replayRecord } from '../src/game/replay';
import { expectNoSeriousFindings, showTheme } from './support/axe';
import { board, boardReady, cellCentre, dialog, expectOccupied, playToTheEnd, readBoard, startGame, type Cell } from './support/board';
import { expect, test } from './support/test';

/** c3 d4 c4 d3 b3 on 6x6 (x-y from the top left: 2-3 3-2 2-2 3-3 1-3), Player 1 first. */
const REPLAY = '/replay#CC1_6x6_connection:_c3_d4_c4_d3_b3_*';
/** A 5x5 game eight moves from the end, Player 2 to move. */
const ENDGAME = 'CC1 5x5 connection: c3 a1 b3 e1 d3 a5 c2 e5 c4 b1 b2 d1 d2 a2 d4 b4 b5 *';

const step = (page: Page) => page.getByTestId('analysis-step');
const moveButton = (page: Page, name: string) => page.getByTestId('analysis-moves').getByRole('button', { name, exact: true });

/** A tap on a cell of the analysis board, scrolled into view first (on a phone the move list lies below it). */
async function tap(page: Page, cell: Cell): Promise<void> {
  await board(page).scrollIntoViewIfNeeded();
  const point = await cellCentre(page, cell);
  await page.mouse.click(point.x, point.y);
}

/** The verdict the solver gives the endgame and its best move's value for Player 1, in the page's words, from the engine in Node. */
async function endgameVerdict(): Promise<{ verdict: string; best: string }> {
  const engine = await loadEngine();
  const parsed = parseRecord(ENDGAME);
  if (!parsed.ok) throw new Error(parsed.error);
  const replay = replayRecord(parsed.record, engine);
  if (!replay.ok) throw new Error(replay.error);
  const mover = parsed.record.moves.length % 2 === 0 ? 0 : 1;
  const solved = engine.solve({ board: replay.steps.at(-1)!.board, player: mover, mode: 'connection', timeMs: 10_000 });
  if (!solved) throw new Error('the solver did not finish an 8-cell endgame');
  if (solved.value === 0n) return { verdict: 'Proven: a draw with best play.', best: '0' };
  const margin = (solved.value < 0n ? -solved.value : solved.value).toLocaleString('en');
  const winner = solved.value > 0n ? mover : 1 - mover;
  return { verdict: `Proven: Player ${winner + 1} wins by ${margin}.`, best: `${winner === 0 ? '+' : '−'}${margin}` };
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('Analyse from a replay position: moves tried and taken back, branches kept, the best moves, the bar, and the link', async ({ page, context }) => {
      test.setTimeout(90_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto(REPLAY);
      await boardReady(page);
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByTestId('replay-step')).toHaveAttribute('data-step', '3');
      await page.getByRole('link', { name: 'Analyse', exact: true }).click();

      await expect(page).toHaveURL(/\/analysis\?ply=3&game=CC1_6x6_connection:_c3_d4_c4_d3_b3_\*$/);
      await boardReady(page);
      await expectOccupied(page, 3, 5_000);
      await expect(step(page)).toHaveText('After move 3: Player 2 to move');

      // The engine's first answer: three moves listed, the same three ringed on free cells, and the bar.
      const listed = page.getByTestId('top-moves').getByRole('listitem');
      await expect(listed).toHaveCount(3);
      const marks = page.getByTestId('top-move-mark');
      await expect(marks).toHaveCount(3);
      const listedCells = await listed.evaluateAll((items) => items.map((item) => item.getAttribute('data-cell')));
      const markedCells = await marks.evaluateAll((items) => items.map((item) => item.getAttribute('data-cell')));
      expect(markedCells).toEqual(listedCells);
      const view = await readBoard(page);
      for (const key of listedCells) expect(view.get(key!)).toBe('empty');
      // Each with its value for Player 1 and the replies Expert expects.
      await expect(listed.first()).toHaveText(/^1\. [a-f][1-6] ([+−]\d+\.\d|0\.0|Player [12] wins)( [a-f][1-6])+$/);
      await expect(page.getByTestId('analysis-verdict')).toHaveText(/^Expert's estimate for Player 1: /);
      const bar = page.getByRole('meter', { name: 'Expected result for Player 1' });
      await expect(bar).toBeVisible();
      const share = Number(await page.getByTestId('eval-bar').getAttribute('data-share'));
      expect(share).toBeGreaterThan(0);
      expect(share).toBeLessThan(1);

      // Two moves tried instead of the game's d3: a2 (Player 2), then f6 (Player 1).
      await tap(page, { x: 0, y: 4 });
      await expectOccupied(page, 4, 5_000);
      await tap(page, { x: 5, y: 0 });
      await expectOccupied(page, 5, 5_000);
      await expect(step(page)).toHaveText('After move 5: Player 2 to move');
      await expect(moveButton(page, 'Move 5, Player 1, f6')).toHaveAttribute('aria-current', 'step');

      // One taken back, and another move played there: both branches stay in the list.
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await expectOccupied(page, 4, 5_000);
      await tap(page, { x: 4, y: 1 });
      await expectOccupied(page, 5, 5_000);
      await expect(moveButton(page, 'Move 5, Player 1, e5')).toHaveAttribute('aria-current', 'step');
      await expect(moveButton(page, 'Move 5, Player 1, f6')).toBeVisible();
      await expect(moveButton(page, 'Move 5, Player 1, b3')).toBeVisible(); // the game's own line
      await expect(moveButton(page, 'Move 4, Player 2, d3')).toBeVisible();
      await expect(page.getByTestId('analysis-variation')).toHaveCount(2); // (4. a2 5. f6 (5. e5))

      // A move in the list jumps there; the arrow keys step forward and back along the shown line.
      await moveButton(page, 'Move 4, Player 2, a2').click();
      await expect(step(page)).toHaveAttribute('data-ply', '4');
      await page.keyboard.press('ArrowRight');
      await expect(moveButton(page, 'Move 5, Player 1, f6')).toHaveAttribute('aria-current', 'step'); // the branch's main move
      await page.keyboard.press('ArrowLeft');
      await expect(moveButton(page, 'Move 4, Player 2, a2')).toHaveAttribute('aria-current', 'step');
      await moveButton(page, 'Move 5, Player 1, e5').click();
      await expect(moveButton(page, 'Move 5, Player 1, e5')).toHaveAttribute('aria-current', 'step');
      const here = await readBoard(page);

      // The branch made the main line: the game's own d3 becomes the branch; deleted, it is gone.
      await page.getByRole('button', { name: 'Make main line' }).click();
      const variations = page.getByTestId('analysis-variation');
      await expect(variations.getByRole('button', { name: 'Move 4, Player 2, d3', exact: true })).toBeVisible();
      await expect(variations.getByRole('button', { name: 'Move 4, Player 2, a2', exact: true })).toHaveCount(0);
      await moveButton(page, 'Move 4, Player 2, d3').click();
      await page.getByRole('button', { name: 'Delete branch' }).click();
      await expect(moveButton(page, 'Move 4, Player 2, d3')).toHaveCount(0);
      await expect(moveButton(page, 'Move 5, Player 1, b3')).toHaveCount(0);
      await expect(step(page)).toHaveText('After move 3: Player 2 to move');
      await moveButton(page, 'Move 5, Player 1, e5').click();

      // Copy link, opened in a new page: the same position.
      await page.getByRole('button', { name: 'Copy link' }).click();
      await expect(page.getByText('Link copied to the clipboard')).toBeVisible();
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toMatch(/\/analysis\?ply=5&game=CC1_6x6_connection:_c3_d4_c4_a2_e5_\*$/);
      const shared = await context.newPage();
      await shared.goto(link);
      await boardReady(shared);
      await expectOccupied(shared, 5, 5_000);
      expect(await readBoard(shared)).toEqual(here);
      await expect(step(shared)).toHaveText('After move 5: Player 2 to move');
      await shared.close();
    });

    test('near the end the solver proves the result, and a bad link says what is wrong', async ({ page }) => {
      const { verdict, best } = await endgameVerdict();
      await showTheme(page, 'dark');
      await page.goto(`/analysis?game=${ENDGAME.replace(/ /g, '_')}`);
      await boardReady(page);
      await expect(page.getByTestId('analysis-verdict')).toHaveText(verdict, { timeout: 20_000 });
      await expect(page.getByTestId('analysis-verdict')).toHaveAttribute('data-exact', 'true');
      const listed = page.getByTestId('top-moves').getByRole('listitem');
      await expect(listed).toHaveCount(3);
      await expect(listed.first()).toHaveText(new RegExp(`^1\\. [a-e][1-5] ${best}$`)); // the final margin, for Player 1
      await expect(page.getByTestId('top-move-mark')).toHaveCount(3);
      await expectNoSeriousFindings(page, `the analysis board in the dark theme on a ${device}`);

      await page.goto('/analysis?ply=9&game=CC1_6x6_connection:_c3_d4_*');
      await expect(page.getByTestId('analysis-error')).toHaveText(
        'This link\'s position cannot be opened. The link\'s position "9" is not a position of this game: it has 2 moves, so 0 to 2.',
      );
      await expect(board(page)).toHaveCount(0);
      await page.goto('/analysis?game=CC1_6x6_connection:_c3_c3_*');
      await expect(page.getByTestId('analysis-error')).toHaveText("This link's position cannot be opened. Move 2, c3, is on a cell already taken by move 1.");
      await page.goto('/analysis');
      await expect(page.getByTestId('analysis-error')).toContainText('The link names no game');
    });
  });
}

test('from Game Results, Analyse opens the final position, and axe finds nothing serious there', async ({ page }) => {
  test.setTimeout(90_000);
  await startGame(page, { mode: 'Two Player', size: '6x6' });
  await playToTheEnd(page, 'human');
  const finalBoard = await readBoard(page);
  const results = dialog(page, 'Game Results');
  await results.getByRole('link', { name: 'Analyse', exact: true }).click();
  await expect(page).toHaveURL(/\/analysis\?game=CC1_6x6_connection:_([a-f][1-6]_){36}(1-0|0-1|1\/2-1\/2)$/);
  await boardReady(page);
  await expectOccupied(page, 36, 5_000);
  expect(await readBoard(page)).toEqual(finalBoard);
  await expect(page.getByTestId('analysis-verdict')).toHaveText(/^Game over: (a draw|Player [12] won by [\d,]+)\.$/);
  await expect(page.getByTestId('top-moves')).toHaveCount(0);
  // Back one move: the engine's answer for the last free cell.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByTestId('top-moves').getByRole('listitem')).toHaveCount(1);
  await expectNoSeriousFindings(page, 'the analysis board');
  // A listed move is played with a click: here the last free cell, the game's own last move.
  await page.getByTestId('top-moves').getByRole('button', { name: /^Play [a-f][1-6], / }).click();
  await expectOccupied(page, 36, 5_000);
  expect(await readBoard(page)).toEqual(finalBoard);
  await expect(page.getByTestId('analysis-variation')).toHaveCount(0);
});

test.describe('offline', () => {
  // Every other journey blocks the service worker (playwright.config.ts): this one needs it.
  test.use({ serviceWorkers: 'allow' });

  test('after the first visit the analysis board opens and analyses with the network off', async ({ page, context }) => {
    test.setTimeout(60_000);
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto('/analysis?ply=3&game=CC1_6x6_connection:_c3_d4_c4_d3_b3_*');
    await boardReady(page);
    await expectOccupied(page, 3, 5_000);
    // The engine's worker loads from the cache too: its three best moves come.
    await expect(page.getByTestId('top-moves').getByRole('listitem')).toHaveCount(3);
    await tap(page, { x: 0, y: 4 });
    await expectOccupied(page, 4, 5_000);
    await context.setOffline(false);
  });
});
