import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

// Runs against the built client (`npm run build` first; scripts/test does) served by the
// real node server, in Debian's Chromium: Playwright's own browsers cannot be downloaded here.
const port = 3101;

// Without a build the server answers 503 and Playwright would wait out its whole timeout.
if (!existsSync(new URL('dist/index.html', import.meta.url))) {
  throw new Error('dist/ is missing: run `npm run build` before the e2e tests');
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          // SwiftShader gives WebGL without a GPU; the rest keeps Chromium off the network.
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--use-angle=swiftshader',
            '--enable-unsafe-swiftshader',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node_modules/.bin/tsx server/src/index.ts',
    url: `http://localhost:${port}`,
    env: { PORT: String(port) },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
