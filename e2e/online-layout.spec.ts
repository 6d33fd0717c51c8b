/**
 * The online game page is built around the board. On a wide screen the players' strips, the
 * moves and the actions sit in a column beside a board nearly as tall as the window; on a phone
 * the opponent's strip is above the board, the player's below, the board as wide as the screen,
 * and the action bar's four buttons stay on one row at the bottom of the screen.
 */
import type { Locator } from '@playwright/test';
import { aliceCreatesARoom, closeBoth, expectNoPageErrors, playOnlineMoves, startOnlineGame } from './support/multiplayer';
import { expect, test } from './support/test';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on the page');
  return found;
}

test('online, the strips sit beside a board nearly as tall as the window, and above and below it on a phone', async ({ browser, baseURL }) => {
  const { alice, bob, code } = await aliceCreatesARoom(browser, baseURL);
  try {
    expectNoPageErrors(alice, bob);
    await startOnlineGame(alice, bob, code);
    await playOnlineMoves(alice, bob, 2);
    const page = alice.page;
    const board = page.getByTestId('game-board');
    const opponent = page.getByTestId('player-strip-1');
    const mine = page.getByTestId('player-strip-0');
    const actions = page.getByRole('navigation', { name: 'Game actions' });

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(async () => {
      const [b, o, m] = [await box(board), await box(opponent), await box(mine)];
      expect(o.x).toBeGreaterThanOrEqual(b.x + b.width - 1); // beside, not above
      expect(m.x).toBeGreaterThanOrEqual(b.x + b.width - 1);
      expect(o.y).toBeLessThan(m.y); // the opponent above
      expect(b.height).toBeGreaterThan(800 * 0.8);
      expect(b.y + b.height).toBeLessThanOrEqual(800);
    }).toPass();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(async () => {
      const [b, o, m] = [await box(board), await box(opponent), await box(mine)];
      expect(o.y + o.height).toBeLessThanOrEqual(b.y + 1); // the opponent above
      expect(m.y).toBeGreaterThanOrEqual(b.y + b.height - 1); // the player below
      expect(b.width).toBeGreaterThan(390 * 0.9);
      const buttons = await actions.getByRole('button').all();
      const tops = await Promise.all(buttons.map(async (button) => (await box(button)).y));
      expect(buttons).toHaveLength(4);
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(2); // one row
      const last = await box(buttons[3]!);
      expect(last.x + last.width).toBeLessThanOrEqual(390);
      expect(last.y + last.height).toBeLessThanOrEqual(844); // at the bottom of the screen, in reach
    }).toPass();
  } finally {
    await closeBoth(alice, bob);
  }
});
