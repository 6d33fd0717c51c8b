/**
 * Phone-first layouts of the local game, the replay, its review and Game Results, at 360×740,
 * 390×844 and 1280×800 in both themes, under a 20-character name with 13- and 15-digit scores (a
 * 16×16 expansion game played by the engine): the board whole on screen without scrolling (also
 * after "Analyse the game"), the players' strips around it on a phone, nothing wider than its
 * box, no sideways scrolling, the game's buttons on screen with their labels inside them, and
 * every Game Results button in view without scrolling the dialog.
 */
import type { Locator, Page } from '@playwright/test';
import { loadEngine } from '../src/engine/load';
import type { BoardState, CellKey, CellPosition } from '../src/engine/types';
import { formatRecord, replayPath } from '../src/game/record';
import { DEFAULT_SETTINGS } from '../src/game/settings';
import { openSignIn, submitCredentials } from './support/accounts';
import { expectNoSeriousFindings, showTheme, type Theme } from './support/axe';
import { board, boardReady, buttonBar, dialog } from './support/board';
import { addPlayer, type Scorer } from './support/leaderboard';
import { expect, test } from './support/test';

const SHOTS = process.env.PHONE_SHOTS; // e.g. /tmp/shots/after: where the screenshots go, when asked

/** A whole 16×16 expansion game, each move the engine's random free cell (SPEC §8). */
async function engineGame(): Promise<CellPosition[]> {
  const engine = await loadEngine();
  let position: BoardState = { occupiedCells: [new Set<CellKey>(), new Set<CellKey>()], gridWidth: 16, gridHeight: 16 };
  const moves: CellPosition[] = [];
  for (let move = 0; move < 256; move++) {
    const cell = engine.resolveMove(position, null, 7000 + move);
    if (!cell) throw new Error(`no free cell at move ${move + 1}`);
    const played = engine.play(position, cell, move % 2, 'expansion');
    if (!played.ok) throw new Error(played.rejection);
    position = played.board;
    moves.push(cell);
  }
  return moves;
}

let player: Promise<Scorer> | null = null;
/** One player with a 20-character name per worker (sign-ups are limited per hour). */
function longNamed(baseURL: string): Promise<Scorer> {
  player ??= addPlayer(baseURL, `Konstantinopel${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}X`);
  return player;
}

async function signIn(page: Page, me: Scorer): Promise<void> {
  await page.goto('/home');
  await openSignIn(page);
  await submitCredentials(page, me.email, me.password, 'Sign In');
  await expect(page.getByText(`Welcome, ${me.username}!`, { exact: true })).toBeVisible();
}

/** Opens a saved game against the computer (as the page saved it) on the game page. */
async function openSavedGame(page: Page, moves: CellPosition[]): Promise<void> {
  const settings = { ...DEFAULT_SETTINGS, playerMode: 'ai', firstPlayer: 'human', boardSize: '16', scoringMechanism: 'expansion' };
  await page.evaluate((value) => localStorage.setItem('cellconnection.game', value), JSON.stringify({ version: 1, settings, gameId: 1, moves }));
  await page.goto('/game');
  await boardReady(page);
}

/** The text of each element wider than its own box or reaching past the viewport's right edge. */
function spills(elements: Locator) {
  return elements.evaluateAll((nodes) =>
    nodes
      .filter((node) => node.scrollWidth > node.clientWidth + 0.5 || node.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((node) => `${node.className}: ${node.textContent}`),
  );
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}

/** The board wholly inside the window as the page stands (nothing scrolled to reach it). */
async function expectBoardOnScreen(page: Page): Promise<void> {
  const found = await board(page).boundingBox();
  const height = page.viewportSize()!.height;
  expect(found, 'the board is on the page').not.toBeNull();
  expect(found!.y).toBeGreaterThanOrEqual(-0.5);
  expect(found!.y + found!.height, `the board ends at ${found!.y + found!.height} of ${height}`).toBeLessThanOrEqual(height + 0.5);
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}-${name}.png` });
}

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const THEMES: Theme[] = ['light', 'dark'];

for (const viewport of VIEWPORTS) {
  for (const theme of THEMES) {
    const at = `${viewport.width}x${viewport.height}-${theme}`;
    const phone = viewport.width < 600;

    test(`at ${viewport.width}×${viewport.height} (${theme}) the game, Game Results, the replay and its review fit the screen`, async ({ page, baseURL }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await showTheme(page, theme);
      const me = await longNamed(baseURL!);
      await signIn(page, me);
      const moves = await engineGame();

      // A 16×16 expansion game 16 moves from its end: 15- and 13-digit scores, the player to move.
      await openSavedGame(page, moves.slice(0, 240));
      await shot(page, `game-${at}`);
      await expectBoardOnScreen(page);
      const strips = page.locator('.player-strip');
      await expect(strips).toHaveCount(2);
      await expect(page.getByTestId('score-0')).toHaveText('134,128,808,755,200');
      await expect(page.getByTestId('score-1')).toHaveText('960,186,286,080');
      await expect(strips.locator('.score-name-text').first()).toHaveAttribute('title', /^(AI \(\w+\)|Konstantinopel\d{5}X)$/);
      await expect(page.getByTestId('player-strip-0').locator('.score-name-text')).toHaveAttribute('title', me.username);
      expect(await spills(page.locator('.player-strip, .player-strip *'))).toEqual([]);
      if (phone) {
        // The computer's strip above the board, the player's below it.
        const top = (await page.getByTestId('player-strip-1').boundingBox())!;
        const bottom = (await page.getByTestId('player-strip-0').boundingBox())!;
        const square = (await board(page).boundingBox())!;
        expect(top.y + top.height).toBeLessThanOrEqual(square.y + 1);
        expect(bottom.y).toBeGreaterThanOrEqual(square.y + square.height - 1);
        expect(square.width).toBeGreaterThan(viewport.width * 0.85);
      }
      // Every action on screen, its label inside its button.
      const actions = buttonBar(page).getByRole('button');
      await expect(actions).toHaveCount(6);
      for (const name of ['Undo', 'Hint', 'Reset', 'Stats', 'Home', 'Settings']) {
        await expect(buttonBar(page).getByRole('button', { name })).toBeInViewport({ ratio: 0.99 });
      }
      expect(await spills(actions)).toEqual([]);
      const outside = await actions.evaluateAll((buttons) =>
        buttons.flatMap((button) => {
          const box = button.getBoundingClientRect();
          return [...button.querySelectorAll('span, svg')]
            .map((label) => label.getBoundingClientRect())
            .filter((label) => label.width > 0 && (label.left < box.left - 0.5 || label.right > box.right + 0.5))
            .map(() => button.getAttribute('aria-label'));
        }),
      );
      expect(outside, 'labels spilling out of their buttons').toEqual([]);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousFindings(page, `the 16×16 game (${at})`);

      // The whole game: Game Results opens; every button in view without scrolling the dialog.
      await openSavedGame(page, moves);
      const results = dialog(page, 'Game Results');
      await expect(results).toBeVisible();
      await shot(page, `results-${at}`);
      for (const name of ['Play Again', 'Share Score', 'Back to Home', 'Copy game', 'Analyse']) {
        await expect(results.getByRole('button', { name, exact: true }).or(results.getByRole('link', { name, exact: true }))).toBeInViewport({ ratio: 0.99 });
      }
      await expect(results.getByRole('link', { name: 'Replay and review' })).toBeInViewport({ ratio: 0.99 });
      expect(await spills(results.locator('.results-score, .results-score *'))).toEqual([]);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousFindings(page, `Game Results (${at})`, '.results-modal');
      await results.getByRole('button', { name: 'Close' }).first().click();
      await expect(results).toBeHidden();
      await expectBoardOnScreen(page);
      expect(await spills(page.locator('.player-strip, .player-strip *, .score-over'))).toEqual([]);
      await expectNoSidewaysScroll(page);

      // Its replay: the board at the top, the step controls under it.
      const record = formatRecord({ width: 16, height: 16, mode: 'expansion', firstPlayer: 0, moves, result: '1-0' });
      await page.goto(replayPath(record));
      await boardReady(page);
      await shot(page, `replay-${at}`);
      await expectBoardOnScreen(page);
      await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeInViewport({ ratio: 0.99 });
      expect(await spills(page.locator('.player-strip, .player-strip *'))).toEqual([]);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousFindings(page, `the replay (${at})`);

      // A short game's review: "Analyse the game" in view, and the board still whole on screen after it.
      await page.goto(replayPath('CC1 4x4 connection: a1 b2 c3 d4 a2 b3 *'));
      await boardReady(page);
      const analyse = page.getByRole('button', { name: 'Analyse the game' });
      await expect(analyse).toBeInViewport({ ratio: 0.99 });
      await analyse.click();
      await expect(page.getByTestId('review-summary')).toBeVisible({ timeout: 90_000 });
      await expect(page.getByTestId('review-chart')).toHaveAttribute('data-ready', 'true');
      await shot(page, `review-${at}`);
      await expectBoardOnScreen(page);
      await expectNoSidewaysScroll(page);
      if (!phone) {
        // Side by side on a desktop: the review right of the board.
        const square = (await board(page).boundingBox())!;
        const panel = (await page.getByTestId('review').boundingBox())!;
        expect(panel.x).toBeGreaterThanOrEqual(square.x + square.width - 1);
      }
      await expectNoSeriousFindings(page, `the review (${at})`);
    });
  }
}
