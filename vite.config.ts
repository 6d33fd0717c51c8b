import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { createKeys, loadSecret } from './server/src/auth/keys.ts';
import { precompress } from './scripts/compress-plugin.ts';
import { routePreloads } from './scripts/route-preload-plugin.ts';
import { serviceWorker } from './scripts/service-worker-plugin.ts';

// Vite builds the client into dist/, which the node server (server/src) serves.
// Vitest shares this file so tests resolve imports exactly as the build does.
export default defineConfig(async () => {
  // The client carries the anon key, as a Supabase client does: a JWT with role anon signed
  // with the server's secret (./data/jwt-secret, made once, or JWT_SECRET), unless one is given.
  const anonKey = process.env.VITE_SUPABASE_ANON_KEY || (await createKeys(loadSecret())).anonKey;
  return {
    // All three apply to `vite build` only. routePreloads(): a deep link to /game fetches the
    // game's chunks, PixiJS's browser extensions and the engine's .wasm (src/app/lazyRoutes.ts)
    // alongside the entry. serviceWorker() emits /sw.js into the bundle (its precache list is the
    // bundle's files, index.html as routePreloads left it); precompress() then writes .br/.gz twins
    // of everything, sw.js included, which the server sends as they are.
    plugins: [
      react(),
      routePreloads({
        '/game': ['src/ui/game/GamePage.tsx', 'src/engine/load.ts', 'pixi.js/lib/environment-browser/browserAll.mjs'],
        '/replay': ['src/ui/replay/ReplayPage.tsx', 'src/engine/load.ts', 'pixi.js/lib/environment-browser/browserAll.mjs'],
      }),
      serviceWorker(),
      precompress(),
    ],
    define: { 'import.meta.env.VITE_SUPABASE_ANON_KEY': JSON.stringify(anonKey) },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      // The engine's .wasm must stay a separate file: the server sends it as
      // application/wasm so browsers can compile it while it streams.
      assetsInlineLimit: (file: string) => (file.endsWith('.wasm') ? false : undefined),
    },
    // The AI worker (src/engine/worker.ts) is an ES module: it awaits its set-up at top level.
    worker: { format: 'es' as const },
    server: { port: 5173 },
    test: {
      environment: 'node',
      exclude: ['e2e/**', 'node_modules/**', 'dist/**', 'target/**'],
      // Sized for a busy 2-core machine: an engine search or a booted server can take seconds there.
      testTimeout: 60_000,
      // Two test files at once even on two cores (the default is one there): most of a database
      // test's time is spent waiting on the databases, PostgREST and server processes it starts.
      maxWorkers: 2,
      // Two projects (README, Developing). `unit`: every pure test, with nothing but `npm ci` (no
      // database is booted, so one file runs in seconds). `db`: the *.db.test.ts files.
      projects: [
        {
          extends: true as const,
          test: {
            name: 'unit',
            include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts', 'server/**/*.test.ts'],
            exclude: ['**/*.db.test.{ts,tsx}'],
          },
        },
        {
          extends: true as const,
          test: {
            name: 'db',
            include: ['src/**/*.db.test.{ts,tsx}', 'tests/**/*.db.test.ts', 'server/**/*.db.test.ts'],
            // The databases are migrated once per run; test files copy them
            // (server/src/db/databases.testkit.ts).
            globalSetup: ['server/src/db/database-templates.testkit.ts'],
            // A test file boots its database, PostgREST and servers.
            hookTimeout: 120_000,
          },
        },
      ],
    },
  };
});
