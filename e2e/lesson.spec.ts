/**
 * The lesson (/learn) and how a new player meets it: Home offers it on a first visit, its five
 * steps are done by real taps and a real hold-and-drag on the board, Skip is remembered, How to
 * Play opens from Home and replays the lesson; and the first tap that hides the numbers says how
 * to show them again, once per device.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousFindings, showTheme, type Theme } from './support/axe';
import { board, boardReady, cellCentre, clickCell, dialog, type Cell } from './support/board';
import { expect, test } from './support/test';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
];
const THEMES: Theme[] = ['light', 'dark'];
/** The gesture's hold time (SPEC §2 Board); the hold needs real time to pass, as a player's would. */
const HOLD_MS = 500;
const HIDDEN_NOTICE = 'Numbers hidden. Tap any placed cell to show them again.';

const offer = (page: Page) => page.getByRole('region', { name: 'New to Cell Connection?' });
const counter = (page: Page) => page.getByText(/^Step \d of 5$/);
const score = (page: Page) => page.getByTestId('lesson-score');
const outcome = (page: Page) => page.getByTestId('lesson-outcome');
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

async function openHome(page: Page): Promise<void> {
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
}

/** Taps `cell` and waits for the step's outcome, with the score then shown. */
async function doStep(page: Page, step: number, title: string, cell: Cell, scoreAfter: string, said: RegExp): Promise<void> {
  await expect(counter(page)).toHaveText(`Step ${step} of 5`);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await boardReady(page);
  await clickCell(page, cell);
  await expect(outcome(page)).toHaveText(said);
  await expect(score(page)).toHaveText(`Your score: ${scoreAfter}`);
}

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`a first visit offers the lesson; its five steps are done on the board (${size.name}, ${theme})`, async ({ page }) => {
      await page.setViewportSize(size);
      await showTheme(page, theme);
      await openHome(page);
      await expect(offer(page)).toBeVisible();
      await expectNoSeriousFindings(page, `home with the lesson's offer (${theme})`);
      await offer(page).getByRole('button', { name: 'Start the lesson' }).click();
      await expect(page).toHaveURL(/\/learn$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Learn the game' })).toBeVisible();
      await boardReady(page);
      await expect(board(page)).toHaveAttribute('aria-label', 'Board, 5 by 5');
      await expect(page.getByText('Tap any empty square to place a green cell.')).toBeVisible();
      await expect(next(page)).toHaveCount(0);
      await expectNoSeriousFindings(page, `the lesson's first step (${theme})`);

      await doStep(page, 1, 'Place a cell', { x: 2, y: 2 }, '1', /^That is your cell\./);
      await next(page).click();

      await expect(score(page)).toHaveText('Your score: 3 × 1 = 3');
      await expect(board(page)).toHaveAttribute('data-hint', '3-2'); // the marked square
      await doStep(page, 2, 'Groups multiply', { x: 3, y: 2 }, '3 × 2 = 6', /product of your groups’ sizes, 3 × 2 = 6/);
      await next(page).click();

      await doStep(page, 3, 'A lone cell counts 1', { x: 0, y: 4 }, '3 × 2 × 1 = 6', /^Still 6: a lone cell counts 1/);
      await next(page).click();

      await expect(score(page)).toHaveText('Your score: 4 × 3 = 12');
      await doStep(page, 4, 'A move can lower your score', { x: 3, y: 0 }, '8', /^Your score fell from 12 to 8/);
      await next(page).click();

      // 5: hold an empty square, then drag: the popup shows, and the step is done.
      await expect(counter(page)).toHaveText('Step 5 of 5');
      await boardReady(page);
      await expect(page.getByRole('button', { name: 'Play a game' })).toHaveCount(0);
      const from = await cellCentre(page, { x: 1, y: 2 });
      const to = await cellCentre(page, { x: 0, y: 4 });
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.waitForTimeout(HOLD_MS + 100);
      await page.mouse.move(to.x, to.y, { steps: 4 });
      await expect(page.getByTestId('prediction-popup')).toBeVisible();
      await expect(page.getByTestId('prediction-popup')).toContainText('Player gain');
      await page.mouse.up();
      await expect(outcome(page)).toHaveText(/^Player gain is how much that move changes your score/);
      await expect(score(page)).toHaveText('Your score: 3 × 2 = 6'); // a preview places nothing
      await expectNoSeriousFindings(page, `the lesson's end (${theme})`);

      // Finished: Home offers it no more; Play a game starts one.
      await page.getByRole('button', { name: 'Play a game' }).click();
      await expect(page).toHaveURL(/\/game$/);
      await boardReady(page);
      await openHome(page);
      await expect(page.getByRole('button', { name: 'Learn the game' })).toBeVisible();
      await expect(offer(page)).toHaveCount(0);
    });
  }
}

test('Skip on the offer is one tap and is remembered after a reload; Skip in the lesson too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openHome(page);
  await offer(page).getByRole('button', { name: 'Skip' }).click();
  await expect(offer(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(offer(page)).toHaveCount(0);

  // In the lesson, Skip at any step leads Home, with no offer there.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/learn');
  await boardReady(page);
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(offer(page)).toHaveCount(0);
});

test('a player with a game saved on the device is not offered the lesson', async ({ page }) => {
  await openHome(page);
  await page.evaluate(() => localStorage.setItem('cellconnection.game', '{}'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Learn the game' })).toBeVisible();
  await expect(offer(page)).toHaveCount(0);
});

for (const theme of THEMES) {
  test(`How to Play on Home opens the information dialog, which replays the lesson (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await showTheme(page, theme);
    await page.addInitScript(() => localStorage.setItem('cellconnection.lesson', 'skipped'));
    await openHome(page);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'How to Play', exact: true }).click();
    const info = dialog(page, 'How to Play');
    await expect(info).toBeVisible();
    await expect(info.getByText('The first player moves first')).toBeVisible();
    await expect(info.getByText(/never loses/)).toHaveCount(0);
    for (const term of ['Hint', 'Coordinates', 'Numbers']) {
      await expect(info.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
    }
    await expectNoSeriousFindings(page, `How to Play from Home (${theme})`, '[role="dialog"]:not([inert])');
    await info.getByRole('button', { name: 'Replay the lesson' }).click();
    await expect(page).toHaveURL(/\/learn$/);
    await expect(counter(page)).toHaveText('Step 1 of 5');
    await boardReady(page);
  });
}

test('the first tap that hides the numbers says how to show them again, once on this device', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/learn');
  await boardReady(page);
  await clickCell(page, { x: 1, y: 1 });
  await expect(outcome(page)).not.toBeEmpty();
  const notice = page.getByRole('status').filter({ hasText: HIDDEN_NOTICE });
  await expect(notice).toHaveCount(0);

  await clickCell(page, { x: 1, y: 1 }); // hides the numbers and lines
  await expect(notice).toBeVisible();
  await expectNoSeriousFindings(page, 'the notice over the board');
  await clickCell(page, { x: 1, y: 1 }); // the next tap shows them again, and ends the notice
  await expect(notice).toHaveCount(0);
  await clickCell(page, { x: 1, y: 1 }); // hidden again: said once already
  await expect(page.getByTestId('annotation-notice')).toHaveCount(0);

  await page.reload();
  await boardReady(page);
  await clickCell(page, { x: 2, y: 2 });
  await expect(outcome(page)).not.toBeEmpty();
  await clickCell(page, { x: 2, y: 2 });
  await expect(page.getByTestId('annotation-notice')).toHaveCount(0);
});

test('the sign-up form says the password needs at least 6 characters; the sign-in form does not', async ({ page }) => {
  await openHome(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Sign In', exact: true }).click();
  const panel = page.locator('.auth-root.open').getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(panel.getByText('At least 6 characters')).toHaveCount(0);
  await panel.getByRole('button', { name: "Don't have an account?", exact: true }).click();
  await expect(panel.getByRole('heading', { name: 'Sign Up', exact: true })).toBeVisible();
  await expect(panel.getByLabel('Password')).toHaveAccessibleDescription('At least 6 characters');
  await expect(panel.getByText('At least 6 characters')).toBeVisible();
});
