// Composition root of the local AI development server (`npm run ai-server`, SPEC §7):
// reads settings, starts the search thread, listens.
import type { AddressInfo } from 'node:net';
import { createAiServer } from './app';
import { readAiConfig, type AiServerConfig } from './config';
import { workerSearcher } from './searcher';

/** A bad AI_PORT or AI_ALLOWED_ORIGINS is a set-up problem: one line, not a stack trace. */
function prepare(): AiServerConfig {
  try {
    return readAiConfig();
  } catch (error) {
    console.error(`AI server: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const config = prepare();
const searcher = workerSearcher();
const server = createAiServer({ searcher, allowedOrigins: config.allowedOrigins });

server.on('error', (error: NodeJS.ErrnoException) => {
  const hint = error.code === 'EADDRINUSE' ? `: port ${config.port} is taken, set AI_PORT to another` : '';
  console.error(`AI server could not listen${hint}`, error.message);
  process.exit(1);
});

server.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`AI server at http://localhost:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void searcher.close();
    server.close(() => process.exit(0));
    // Open keep-alive connections would otherwise hold the process up.
    server.closeAllConnections();
  });
}
