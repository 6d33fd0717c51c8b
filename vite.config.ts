import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Vite builds the client into dist/, which the node server (server/src) serves.
// Vitest shares this file so tests resolve imports exactly as the build does.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The engine's .wasm must stay a separate file: the server sends it as
    // application/wasm so browsers can compile it while it streams.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
  },
  // The AI worker (src/engine/worker.ts) is an ES module: it awaits its set-up at top level.
  worker: { format: 'es' },
  server: { port: 5173 },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts', 'server/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**', 'target/**'],
  },
});
