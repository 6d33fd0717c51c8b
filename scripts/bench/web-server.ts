/**
 * bench:web's server and browser: the real server on a free loopback port with the embedded
 * database on a fresh data folder (as playwright.config.ts's webServer runs it), and Debian's
 * Chromium launched as the e2e tests launch it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright';
import { loadSecret } from '../../server/src/auth/keys';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium';
import { freePort } from '../../server/src/db/postgres-cluster';

export const root = fileURLToPath(new URL('../..', import.meta.url));
/** The built client measured: dist/, or CLIENT_DIR as the server reads it (e.g. another build to compare). */
export const clientDir = resolve(root, process.env.CLIENT_DIR || 'dist');
const STARTUP_TIMEOUT_MS = 90_000;


export interface BenchServer {
  origin: string; // e.g. http://127.0.0.1:40123
  stop(): Promise<void>;
}

/** Throws a readable error when dist/ is missing: the server would answer 503 to everything. */
export function requireBuild(): void {
  if (!existsSync(join(clientDir, 'index.html'))) {
    throw new Error(`${clientDir} has no index.html: run \`npm run build\` (or \`npx vite build\`) before \`npm run bench:web\``);
  }
}

/** Starts the server; resolves once it listens. The data folder goes with it on stop(). */
export async function startServer(): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-web-'));
  const child = spawn(process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', 'server/src/index.ts'], {
    cwd: root,
    // The built client's anon key was signed with this secret (vite.config.ts), so sign-in works.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CLIENT_DIR: clientDir, DATA_DIR: dataDir, JWT_SECRET: loadSecret(), DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await listening(child);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      const gone = await Promise.race([exited.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 10_000))]);
      if (!gone) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 90 s')), STARTUP_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('Cell Connection at')) return;
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it listened`));
    });
  });
}

/**
 * `gpuCompositing`: leaves out --disable-gpu, so pages are composited by SwiftShader in the GPU
 * process. With it (the e2e tests' flags), compositing is in software, which reads each WebGL frame
 * back on the main thread (GLES2::ReadPixels in a trace). Either way this Chromium's WebGL is
 * SwiftShader, so the board draws with Canvas 2D (src/board/renderer.ts).
 */
export function launchChromium(gpuCompositing = false): Promise<Browser> {
  const args = gpuCompositing ? CHROMIUM_ARGS.filter((arg) => arg !== '--disable-gpu') : CHROMIUM_ARGS;
  return chromium.launch({ executablePath: CHROMIUM_PATH, args });
}
