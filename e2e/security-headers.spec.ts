/**
 * The security headers in the real browser: every page of the game runs under its
 * Content-Security-Policy without a single violation (the engine's WebAssembly in its worker, the
 * board's PixiJS without eval, the leaderboard's reads, the lobby's socket), and no other site can
 * frame the game to trick a player into clicking Forfeit, Approve undo or Sign Out.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Response } from '@playwright/test';
import { boardReady, buttonBar, dialog, expectOccupied, freeCells, playRound, readBoard, startGame } from './support/board';
import { closeBoth, createRoom, openLobby, openPlayer } from './support/multiplayer';
import { expect, test } from './support/test';

/** Records every policy violation the pages report, and every console error (Chromium logs workers' refusals there). */
async function watchPolicy(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(message.text());
  });
  // Each document the page opens reports to the test, so a navigation loses nothing.
  await page.exposeFunction('reportPolicyViolation', (line: string) => seen.push(line));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportPolicyViolation: (line: string) => void }).reportPolicyViolation;
    document.addEventListener('securitypolicyviolation', (event) => report(`${event.effectiveDirective} blocked ${event.blockedURI}`));
  });
  return seen;
}

function expectSecurityHeaders(response: Response | null): void {
  expect(response, 'the page answered').not.toBeNull();
  const headers = response!.headers();
  expect(headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')*; connect-src 'self' ws:\/\/localhost:\d+ wss:\/\/localhost:\d+/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain("'unsafe-eval'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // Plain HTTP, no proxy: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
}

test('every page runs under the policy without a violation: menu, a game against the AI, a replay, the leaderboard', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await watchPolicy(page);

  expectSecurityHeaders(await page.goto('/'));
  await expect(page.getByRole('button', { name: 'Play', exact: true }).first()).toBeVisible();
  expectSecurityHeaders(await page.goto('/home'));

  // The board (PixiJS) draws and the computer (the engine's WebAssembly, in a worker) answers.
  await startGame(page, { mode: 'Human (first) vs AI', level: 'Easy', size: '6x6' });
  await playRound(page, freeCells(await readBoard(page))[0]!);
  await expectOccupied(page, 2);
  // The score chart (ECharts), with its tooltip: markup whose colour swatches are style attributes.
  await buttonBar(page).getByRole('button', { name: 'Stats', exact: true }).click();
  const chart = dialog(page, 'Game Statistics').getByRole('img', { name: /^Score history of/ });
  await expect(chart.locator('canvas')).toHaveCount(1);
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(dialog(page, 'Game Statistics').getByText(/^Move \d+/).first()).toBeVisible();
  await page.keyboard.press('Escape');
  // The rules' example boards: PixiJS on WebGL, whose shader code would otherwise be made with eval.
  await page.getByRole('button', { name: 'How to play', exact: true }).click();
  const example = dialog(page, 'How to Play').getByRole('img', { name: /^Connection example on a 5x5 board/ });
  await expect(example).toHaveAttribute('data-drawn', 'true');
  await expect.poll(() => example.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.keyboard.press('Escape');

  expectSecurityHeaders(await page.goto('/replay#CC1_6x6_connection:_c3_d4_c4_d3_b3_*'));
  await boardReady(page);
  await expectOccupied(page, 5, 5_000);

  // The leaderboard's reads go through the data API (connect-src).
  const read = page.waitForResponse((response) => response.url().includes('/rest/v1/') && response.status() === 200);
  expectSecurityHeaders(await page.goto('/leaderboard'));
  expectSecurityHeaders(await read);
  await expect(page.getByRole('tabpanel')).toBeVisible();

  expect(violations).toEqual([]);
});

test("the lobby's socket connects under the policy and a room is made", async ({ browser, baseURL }) => {
  const host = await openPlayer(browser, 'Alice', baseURL);
  try {
    const violations = await watchPolicy(host.page);
    await openLobby(host);
    expect(await createRoom(host)).toMatch(/^[A-Z0-9]{6}$/);
    expect(violations).toEqual([]);
    expect(host.errors).toEqual([]);
  } finally {
    await closeBoth(host);
  }
});

test('another site cannot frame the game', async ({ page, baseURL }) => {
  // A site of its own (127.0.0.1 is another site than localhost) that lays the game under a decoy.
  // A real server on this machine: a page the browser cannot place on the local network may not frame it at all.
  const decoy = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Win a prize</title><iframe src="${baseURL}/game" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => decoy.listen(0, '127.0.0.1', resolve));
  try {
    const gameAnswered = page.waitForResponse(`${baseURL}/game`);
    await page.goto(`http://127.0.0.1:${(decoy.address() as AddressInfo).port}/`);
    expectSecurityHeaders(await gameAnswered);
    // The browser shows its own error page in the frame instead of the game.
    const framed = () => page.frames().find((frame) => frame !== page.mainFrame());
    await expect.poll(() => framed()?.url()).toBe('chrome-error://chromewebdata/');
    expect(await framed()!.locator('#root').count()).toBe(0);
  } finally {
    decoy.close();
  }
});
