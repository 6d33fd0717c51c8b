/**
 * The online game page is laid out as the single-device one. On a wide screen the
 * room's title, the scores and the buttons sit in a column beside a board as tall as the
 * window; on a phone they stack, the board as wide as the screen, and the footer's three
 * buttons stay on one row.
 */
import type { Locator } from '@playwright/test';
import { aliceCreatesARoom, closeBoth, expectNoPageErrors, playOnlineMoves, startOnlineGame } from './support/multiplayer';
import { expect, test } from './support/test';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on the page');
  return found;
}

test('online, the scores sit beside a board as tall as the window, and stack above it on a phone', async ({ browser, baseURL }) => {
  const { alice, bob, code } = await aliceCreatesARoom(browser, baseURL);
  try {
    expectNoPageErrors(alice, bob);
    await startOnlineGame(alice, bob, code);
    await playOnlineMoves(alice, bob, 2);
    const page = alice.page;
    const board = page.getByTestId('game-board');
    const scores = page.getByRole('region', { name: 'Scores' });
    const footer = page.locator('footer.multiplayer-actions');

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(async () => {
      const [b, s] = [await box(board), await box(scores)];
      expect(s.x + s.width).toBeLessThanOrEqual(b.x + 1); // beside, not above
      expect(b.height).toBeGreaterThan(800 * 0.85);
      expect(b.y + b.height).toBeLessThanOrEqual(800);
    }).toPass();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(async () => {
      const [b, s] = [await box(board), await box(scores)];
      expect(s.y + s.height).toBeLessThanOrEqual(b.y + 1); // above
      expect(b.width).toBeGreaterThan(390 * 0.85);
      const buttons = await footer.getByRole('button').all();
      const tops = await Promise.all(buttons.map(async (button) => (await box(button)).y));
      expect(buttons).toHaveLength(3);
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(2); // one row
      const last = await box(buttons[2]!);
      expect(last.x + last.width).toBeLessThanOrEqual(390);
    }).toPass();
  } finally {
    await closeBoth(alice, bob);
  }
});
