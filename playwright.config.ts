import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium';
import { loadSecret } from './server/src/auth/keys';

// Runs against the built client (`npm run build` first; scripts/test does) served by the
// real node server, in Debian's Chromium: Playwright's own browsers cannot be downloaded here.
// E2E_PORT / E2E_LOCKED_PORT let a second run share the machine.
const port = Number(process.env.E2E_PORT ?? 3101);
// A second server serves the client built with the premium modes locked (dist-locked/), for the
// unlock journey only: the shipped build starts unlocked, so its modal never opens there.
const lockedPort = Number(process.env.E2E_LOCKED_PORT ?? 3102);
// E2E_CLIENT_DIR lets that second run serve a client built elsewhere (`vite build --outDir dist-mine`).
const clientDir = process.env.E2E_CLIENT_DIR ?? 'dist';

// Without a build the server answers 503 and Playwright would wait out its whole timeout.
if (!existsSync(new URL(`${clientDir}/index.html`, import.meta.url))) {
  throw new Error(`${clientDir}/ is missing: run \`npm run build\` before the e2e tests`);
}

/** The locked client is rebuilt (about 5 s) when missing or older than dist/, e.g. after a plain `npm run build`. */
const buildLocked =
  '[ dist-locked/index.html -nt dist/index.html ] || ' +
  'VITE_PREMIUM_DEFAULT=locked node_modules/.bin/vite build --outDir dist-locked --emptyOutDir --logLevel warn';

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  },
};

const freshDataDir = (name: string) => mkdtempSync(join(tmpdir(), `cc-e2e-${name}-`));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Two: the journeys mostly wait for the AI's 600 ms answers, so a second worker halves the run
  // (about 80 s instead of 140 s on two busy cores). `--workers 1` works too.
  workers: 2,
  retries: 0,
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  use: {
    trace: 'retain-on-failure',
    // The built client registers a service worker, and page.route() does not see what a worker
    // answers: the journeys run without it. The offline journey allows it (e2e/offline.spec.ts).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /unlock\.spec\.ts$/,
      use: { ...chromium, baseURL: `http://localhost:${port}` },
    },
    {
      name: 'chromium-locked',
      testMatch: /unlock\.spec\.ts$/,
      use: { ...chromium, baseURL: `http://localhost:${lockedPort}` },
    },
  ],
  // Each test server starts on an empty database of its own: the embedded PostgreSQL, made in a
  // fresh data folder (mode 0700; as root the server lets PostgreSQL's user through it). Both
  // sign with the secret that the built client's anon key was made from.
  webServer: [
    {
      command: 'node_modules/.bin/tsx server/src/index.ts',
      url: `http://localhost:${port}`,
      // Every journey signs up from this one address: more than a real network's hourly share.
      env: { PORT: String(port), CLIENT_DIR: clientDir, DATA_DIR: freshDataDir('main'), JWT_SECRET: loadSecret(), SIGN_UP_RATE_LIMIT: '100' },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `${buildLocked} && exec node_modules/.bin/tsx server/src/index.ts`,
      url: `http://localhost:${lockedPort}`,
      env: { PORT: String(lockedPort), CLIENT_DIR: 'dist-locked', DATA_DIR: freshDataDir('locked'), JWT_SECRET: loadSecret() },
      reuseExistingServer: false,
      timeout: 90_000,
    },
  ],
});
