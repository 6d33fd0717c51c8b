// Composition root of the node server: reads settings, wires the parts, listens.
import type { AddressInfo } from 'node:net';
import { readConfig } from './config';
import { createHttpServer } from './http/server';

const config = readConfig();
const server = createHttpServer({ distDir: config.distDir });

server.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`Cell Connection at http://localhost:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    // Open keep-alive connections would otherwise hold the process up.
    server.closeAllConnections();
  });
}
