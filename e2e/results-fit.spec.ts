/**
 * Game Results fits every screen. With a full 10×10 board worth a 7-digit score, the
 * buttons stay in view on a phone and on a laptop, the score stays inside its box, and the
 * signed-out player's name, "Anonymous", never breaks inside the word.
 */
import type { Page } from '@playwright/test';
import { loadEngine } from '../src/engine/load';
import type { BoardState, CellKey, CellPosition } from '../src/engine/types';
import { DEFAULT_SETTINGS } from '../src/game/settings';
import { dialog } from './support/board';
import { expect, test } from './support/test';

/**
 * Moves of a full 10×10 board, alternating from player 0, on which one player scores at least a
 * million under Connection: random boards are tried (seeded) until one does.
 */
async function millionPointGame(): Promise<CellPosition[]> {
  const engine = await loadEngine();
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (;;) {
    const cells = Array.from({ length: 100 }, (_, i) => ({ gridX: i % 10, gridY: Math.floor(i / 10) }));
    for (let i = cells.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [cells[i], cells[j]] = [cells[j]!, cells[i]!];
    }
    const key = (c: CellPosition) => `${c.gridX}-${c.gridY}` as CellKey;
    const board: BoardState = {
      occupiedCells: [new Set(cells.filter((_, i) => i % 2 === 0).map(key)), new Set(cells.filter((_, i) => i % 2 === 1).map(key))],
      gridWidth: 10,
      gridHeight: 10,
    };
    const [a, b] = engine.scores(board, 'connection');
    if (a >= 1_000_000n || b >= 1_000_000n) return cells;
  }
}

async function openFinishedGame(page: Page, moves: CellPosition[]): Promise<void> {
  const saved = { version: 1, settings: { ...DEFAULT_SETTINGS, playerMode: 'ai', firstPlayer: 'human', boardSize: '10', scoringMechanism: 'connection' }, gameId: 1, moves };
  await page.goto('/home');
  await page.evaluate((value) => localStorage.setItem('cellconnection.game', value), JSON.stringify(saved));
  await page.goto('/game');
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height} Game Results keeps its buttons in view and a 7-digit score in its box`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await openFinishedGame(page, await millionPointGame());
    const results = dialog(page, 'Game Results');
    await expect(results).toBeVisible();
    for (const name of ['Play Again', 'Share Score', 'Back to Home']) {
      await expect(results.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    // Every score box holds its number: nothing wider than the box.
    const spills = await results.locator('.results-score').evaluateAll((boxes) =>
      boxes.map((box) => {
        const value = box.querySelector('.results-score-value')!;
        return value.scrollWidth > box.clientWidth || value.getBoundingClientRect().right > box.getBoundingClientRect().right;
      }),
    );
    expect(spills).toEqual([false, false]);
    // The signed-out player's name, "Anonymous", is never broken inside the word.
    const brokenWords = await results.evaluate((root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      let broken = 0;
      let seen = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf('Anonymous') ?? -1;
        if (at < 0) continue;
        seen += 1;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 'Anonymous'.length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken += 1;
      }
      return { seen, broken };
    });
    expect(brokenWords.seen).toBeGreaterThan(0);
    expect(brokenWords.broken).toBe(0);
    await page.screenshot({ path: testInfo.outputPath('results.png') });
  });
}
