/**
 * Long names and long scores fit their boxes on a phone (390×844) and a laptop (1280×800): a
 * finished 16×16 expansion game (moves played and scored by the engine) under a 20-character
 * username, on the players' strips, in Game Results (every digit in the boxes) and its statistics;
 * and the leaderboard's Game Results with 20-character names and scores past 2^96.
 */
import type { Locator, Page } from '@playwright/test';
import { loadEngine } from '../src/engine/load';
import type { BoardState, CellKey, CellPosition } from '../src/engine/types';
import { DEFAULT_SETTINGS } from '../src/game/settings';
import { formatScore, scoreDigits } from '../src/ui/score/format';
import { openSignIn, submitCredentials } from './support/accounts';
import { expectNoSeriousFindings } from './support/axe';
import { dialog } from './support/board';
import { addPlayer, type Scorer } from './support/leaderboard';
import { expect, test } from './support/test';

/** A whole 16×16 expansion game, each move the engine's random free cell (SPEC §8). */
async function engineGame(): Promise<CellPosition[]> {
  const engine = await loadEngine();
  let board: BoardState = { occupiedCells: [new Set<CellKey>(), new Set<CellKey>()], gridWidth: 16, gridHeight: 16 };
  const moves: CellPosition[] = [];
  for (let move = 0; move < 256; move++) {
    const cell = engine.resolveMove(board, null, 7000 + move);
    if (!cell) throw new Error(`no free cell at move ${move + 1}`);
    const played = engine.play(board, cell, move % 2, 'expansion');
    if (!played.ok) throw new Error(played.rejection);
    board = played.board;
    moves.push(cell);
  }
  return moves;
}

let players: Promise<[Scorer, Scorer]> | null = null;

/** Two players with 20-character names, made once per worker (sign-ups are limited per hour). */
function longNamed(baseURL: string): Promise<[Scorer, Scorer]> {
  const stamp = String(Math.floor(Math.random() * 1e5)).padStart(5, '0');
  players ??= Promise.all([addPlayer(baseURL, `Bartholomew Zed${stamp}`), addPlayer(baseURL, `Konstantinopel${stamp}X`)]);
  return players;
}

/** Each element that is wider than its content box allows, or reaches past `container`'s right edge. */
function spills(elements: Locator, container: string) {
  return elements.evaluateAll(
    (nodes, selector) =>
      nodes
        .filter((node) => {
          const box = node.closest(selector) ?? document.body;
          const right = box.getBoundingClientRect().right + 0.5;
          return node.scrollWidth > node.clientWidth + 0.5 || node.getBoundingClientRect().right > right;
        })
        .map((node) => node.textContent),
    container,
  );
}

async function signIn(page: Page, player: Scorer): Promise<void> {
  await page.goto('/home');
  await openSignIn(page);
  await submitCredentials(page, player.email, player.password, 'Sign In');
  await expect(page.getByText(`Welcome, ${player.username}!`, { exact: true })).toBeVisible();
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height} 20-character names and scores past 10⁷ stay inside their boxes`, async ({ page, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const [me, rival] = await longNamed(baseURL!);
    await signIn(page, me);

    // A finished 16×16 expansion game, restored as the page saved it.
    const moves = await engineGame();
    const settings = { ...DEFAULT_SETTINGS, playerMode: 'ai', firstPlayer: 'human', boardSize: '16', scoringMechanism: 'expansion' };
    await page.evaluate((value) => localStorage.setItem('cellconnection.game', value), JSON.stringify({ version: 1, settings, gameId: 1, moves }));
    await page.goto('/game');

    const results = dialog(page, 'Game Results');
    await expect(results).toBeVisible();
    // Every digit in each box, and nothing wider than its box.
    const values = results.locator('.results-score-value');
    for (const value of await values.all()) {
      const score = BigInt((await value.getAttribute('data-score')) ?? 'missing');
      expect(score).toBeGreaterThanOrEqual(10_000_000n);
      await expect(value).toHaveText(scoreDigits(score));
    }
    expect(await spills(values, '.results-score')).toEqual([]);
    // The statistics: compact scores, the name in the heading, all inside the dialog.
    const table = results.getByTestId('statistics-table');
    await expect(table.getByRole('columnheader', { name: me.username })).toBeVisible();
    expect(await spills(table.locator('td, th'), '.results-modal')).toEqual([]);
    expect(await spills(table, '.results-modal')).toEqual([]);
    await expectNoSeriousFindings(page, 'Game Results of a 16×16 game', '.results-modal');
    await page.screenshot({ path: testInfo.outputPath('results.png') });
    await results.getByRole('button', { name: 'Close' }).first().click();

    // The players' strips: the whole name or an ellipsis with the name in its tooltip, every digit of the score.
    const cards = page.locator('.score-player');
    await expect(page.getByTestId('player-strip-0').locator('.score-name-text')).toHaveAttribute('title', me.username);
    for (const card of await cards.all()) {
      const score = BigInt((await card.getByTestId(/^score-[01]$/).getAttribute('data-score')) ?? 'missing');
      await expect(card.locator('.score-value')).toHaveText(scoreDigits(score));
    }
    expect(await spills(page.locator('.score-line, .score-name, .score-value, .score-breakdown'), '.score-player')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousFindings(page, 'a finished 16×16 game');
    await page.screenshot({ path: testInfo.outputPath('game.png') });

    // The leaderboard's Game Results: 20-character names, scores past 2^96 (as PostgREST reads a numeric: a string).
    const huge = 2n ** 96n + 12345n;
    await page.route('**/rest/v1/game_results?*', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            json: [
              {
                id: '00000000-0000-4000-8000-000000000001',
                player1_id: me.id,
                player2_id: rival.id,
                player1_score: String(huge),
                player2_score: String(huge - 1n),
                winner_id: me.id,
                scoring_mechanism: 'expansion',
                board_size: 16,
                created_at: new Date(Date.UTC(2026, 10, 20)).toISOString(),
                player1_elo_before: 1200,
                player1_elo_after: 1216,
                player2_elo_before: 1200,
                player2_elo_after: 1184,
              },
            ],
          })
        : route.fallback(),
    );
    await page.goto('/leaderboard');
    const row = page.getByRole('tabpanel').getByRole('row').filter({ hasText: rival.username });
    await expect(row).toBeVisible();
    await expect(row.locator('.leaderboard-score')).toContainText(`${formatScore(huge)}`);
    await expect(row.locator('.leaderboard-score [title]').first()).toHaveAttribute('title', scoreDigits(huge));
    await expect(row.locator('.leaderboard-meta')).toContainText('16x16');
    expect(await spills(row.locator('.leaderboard-score, .leaderboard-meta'), 'td')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousFindings(page, 'the leaderboard with scores past 2^96');
    await page.screenshot({ path: testInfo.outputPath('leaderboard.png') });
  });
}
