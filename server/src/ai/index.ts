// Composition root of the local AI development server (`npm run ai-server`, SPEC §7):
// reads settings, loads the engine, listens.
import type { AddressInfo } from 'node:net';
import { loadEngine } from '../../../src/engine/load';
import { createAiServer } from './app';
import { readAiConfig } from './config';

const config = readAiConfig();
const engine = await loadEngine();
const server = createAiServer(engine);

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
    server.close(() => process.exit(0));
    // Open keep-alive connections would otherwise hold the process up.
    server.closeAllConnections();
  });
}
