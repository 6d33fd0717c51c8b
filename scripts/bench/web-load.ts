/**
 * One cold page load of bench:web: a new browser context (empty cache), Chromium's network
 * emulation through CDP, and what went over the wire until the page was ready and once the
 * network had settled.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright';
import { clientDir } from './web-server';

/** The slow connection: 1.6 Mbps down, 750 kbps up, 150 ms latency (bytes per second for CDP). */
export const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

/** The network counts as settled after this long with nothing in flight. */
const QUIET_MS = 1000;
const READY_TIMEOUT_MS = 60_000;

export interface PageTarget {
  name: string; // printed, e.g. '/game'
  path: string;
  /** Local storage set before the page's scripts run (e.g. the game's settings). */
  storage?: Record<string, unknown>;
  /** Milestones in order: each resolves in the page, when it holds, to performance.now(). */
  milestones: { name: string; ready: (page: Page) => Promise<number> }[];
}

export interface Wire {
  bytes: number; // CDP encodedDataLength summed: headers and bodies as sent
  requests: number;
}

export interface LoadResult {
  target: string;
  milestones: { name: string; ms: number; wire: Wire }[];
  settled: Wire;
  /** Scripts fetched before the first milestone, with their gzip size (the .gz twin dist/ holds). */
  firstScripts: { path: string; gzipBytes: number }[];
}

export async function measureLoad(browser: Browser, origin: string, target: PageTarget): Promise<LoadResult> {
  // The service worker is blocked: its precache (the whole build, fetched once after the first
  // visit, in the background) is not part of what the page needs to be ready.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    if (target.storage) {
      await context.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
      }, target.storage);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const inFlight = new Map<string, string>(); // requestId → URL
    const scripts: string[] = [];
    const wire: Wire = { bytes: 0, requests: 0 };
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (!request.url.startsWith('http')) return; // data: and blob: URLs cost nothing on the wire
      if (!inFlight.has(requestId)) wire.requests += 1; // a redirect keeps its requestId
      inFlight.set(requestId, request.url);
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type === 'Script' && inFlight.has(requestId)) scripts.push(new URL(response.url).pathname);
    });
    const finished = ({ requestId, encodedDataLength = 0 }: { requestId: string; encodedDataLength?: number }) => {
      if (!inFlight.delete(requestId)) return;
      wire.bytes += encodedDataLength;
      lastActivity = Date.now();
    };
    cdp.on('Network.loadingFinished', finished);
    cdp.on('Network.loadingFailed', finished);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);

    await page.goto(origin + target.path, { waitUntil: 'commit' });
    const milestones: LoadResult['milestones'] = [];
    let firstScripts: string[] | undefined;
    for (const milestone of target.milestones) {
      const ms = await milestone.ready(page);
      milestones.push({ name: milestone.name, ms, wire: { ...wire } });
      firstScripts ??= [...scripts];
    }
    while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(100);
    return { target: target.name, milestones, settled: { ...wire }, firstScripts: (firstScripts ?? []).map(gzipSize) };
  } finally {
    await context.close();
  }
}

/** Resolves, in the page's clock (ms since navigation start), once `selector` matches. */
export function whenShown(selector: string) {
  return async (page: Page): Promise<number> => {
    const handle = await page.waitForFunction((s) => document.querySelector(s) !== null && performance.now(), selector, {
      polling: 'raf',
      timeout: READY_TIMEOUT_MS,
    });
    return (await handle.jsonValue()) as number;
  };
}

function gzipSize(path: string): { path: string; gzipBytes: number } {
  const file = join(clientDir, path);
  if (existsSync(`${file}.gz`)) return { path, gzipBytes: readFileSync(`${file}.gz`).length };
  return { path, gzipBytes: existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0 };
}
