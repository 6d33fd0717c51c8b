// Composition root of the node server: reads settings, opens the database, wires the APIs, listens.
import type { AddressInfo } from 'node:net';
import { createAuthApi } from './auth/api';
import { createKeys, loadSecret } from './auth/keys';
import { readConfig } from './config';
import { openDatabase } from './db/open';
import { createHttpServer } from './http/server';
import { createRestApi } from './rest/api';
import { attachGameServer } from './rooms';
import { loadEngine } from '../../src/engine/load';

const config = readConfig();
const db = await openDatabase();
const keys = await createKeys(loadSecret());
const server = createHttpServer({
  distDir: config.distDir,
  apis: [await createAuthApi({ db, keys }), await createRestApi({ db, keys })],
});
// socket.io on the same port: rooms and authoritative online games.
const games = attachGameServer(server, { engine: await loadEngine(), db, keys });

server.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`Cell Connection at http://localhost:${port} (${db.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // Closing socket.io closes its sockets and then the HTTP server.
    void games.close().then(() => db.close()).finally(() => process.exit(0));
    // Open keep-alive connections would otherwise hold the process up.
    server.closeAllConnections();
  });
}
