/**
 * The journeys' `test`: Playwright's, plus a check after every test that the page threw no
 * uncaught error (a crash the screens might otherwise hide).
 */
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ pageErrors: Error[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect(errors.map((error) => error.message), 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
