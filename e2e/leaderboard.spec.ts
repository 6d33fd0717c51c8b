/**
 * The leaderboard on a phone. The top three's medals are drawn (no emoji, which shows
 * as an empty box without an emoji font) and read '1st', '2nd', '3rd'; High Scores says whether
 * each game was won or lost; the longest names (20 characters, the most a username may have)
 * wrap between words or end in an ellipsis with the whole name in a tooltip, never break inside
 * a word, and the table stays inside the screen.
 */
import type { Locator } from '@playwright/test';
import { formatScore } from '../src/ui/score/format';
import { longNamedPlayers } from './support/leaderboard';
import { expect, test } from './support/test';

/** For each element: its words that are split over two lines, and whether it is cut off without a tooltip. */
function brokenNames(names: Locator) {
  return names.evaluateAll((elements) =>
    elements.map((element) => {
      const text = element.firstChild;
      const split: string[] = [];
      if (text?.nodeType === Node.TEXT_NODE) {
        for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) split.push(match[0]);
        }
      }
      const cut = element.scrollWidth > element.clientWidth;
      return { name: element.textContent, split, cutWithoutTooltip: cut && element.getAttribute('title') !== element.textContent };
    }),
  );
}

for (const width of [360, 390]) {
  test(`High Scores at ${width} px: drawn medals, Won and Lost, long names never broken inside a word`, async ({ page, baseURL }, testInfo) => {
    await page.setViewportSize({ width, height: 800 });
    const [twoWords, oneWord] = await longNamedPlayers(baseURL!);

    await page.goto('/leaderboard');
    await page.getByRole('tab', { name: 'Scores' }).click();
    const table = page.getByRole('tabpanel').getByRole('table');
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toBeVisible();

    // The top three have medals, read 1st, 2nd, 3rd; then '#4'. Ours are there, Won or Lost.
    await expect(rows.locator('td:first-child').first()).toHaveText('1st');
    await expect(rows.nth(1).locator('td').first()).toHaveText('2nd');
    await expect(rows.nth(2).locator('td').first()).toHaveText('3rd');
    await expect(rows.nth(3).locator('td').first()).toHaveText('#4');
    // Their games (real ones, replayed by the server before High Scores shows them): one per level each.
    const ours = (name: string, level: string) => rows.filter({ has: page.getByRole('rowheader', { name }) }).filter({ hasText: level });
    const [hardWon, mediumLost] = twoWords.games;
    const [mediumWon, easyDraw] = oneWord.games;
    await expect(ours(twoWords.username, 'Hard').getByRole('cell')).toHaveText([
      /^(1st|2nd|3rd|#\d+)$/,
      'Hard',
      `Won ${formatScore(BigInt(hardWon!.score))}`,
      formatScore(BigInt(hardWon!.opponent_score)),
    ]);
    await expect(ours(twoWords.username, 'Medium').getByRole('cell').nth(2)).toHaveText(`Lost ${formatScore(BigInt(mediumLost!.score))}`);
    await expect(ours(oneWord.username, 'Medium').getByRole('cell').nth(2)).toHaveText(`Won ${formatScore(BigInt(mediumWon!.score))}`);
    await expect(ours(oneWord.username, 'Easy').getByRole('cell').nth(2)).toHaveText(`Draw ${formatScore(BigInt(easyDraw!.score))}`);

    // Medals are pictures with text for screen readers, not characters of a font.
    await expect(table.locator('.leaderboard-medal svg')).toHaveCount(3);
    expect(await table.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);

    await page.screenshot({ path: testInfo.outputPath('high-scores.png') });
    // Names: whole words on each line, or an ellipsis with the name in the tooltip.
    const names = await brokenNames(table.locator('.leaderboard-name'));
    expect(names.filter((name) => name.split.length > 0 || name.cutWithoutTooltip)).toEqual([]);
    // Nothing wider than the screen: the table fits and the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const box = await table.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  });
}
