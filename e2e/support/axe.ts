/**
 * Accessibility checks of the journeys: axe's serious and critical findings, in
 * either theme.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export type Theme = 'light' | 'dark';

/** Shows the app in `theme` from the first paint: the system preference and the player's choice agree. */
export async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.addInitScript((value) => localStorage.setItem('cellconnection.theme', value), theme);
}

/**
 * Runs axe on the page as it is now, or only inside `within` (an open dialog: the page under it,
 * checked on its own, is hidden from assistive technology meanwhile), and fails with a readable
 * list of the serious and critical findings.
 */
export async function expectNoSeriousFindings(page: Page, where: string, within?: string): Promise<void> {
  // Transitions (panels sliding in, dialogs fading) must have ended: axe reads colours as drawn.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (within) axe = axe.include(within);
  const results = await axe.analyze();
  const findings = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) =>
      [
        `${violation.id} (${violation.impact}): ${violation.help}`,
        ...violation.nodes.map((node) => `  ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
      ].join('\n'),
    );
  expect(findings, `axe findings on ${where}`).toEqual([]);
}
