/** Test helpers: the auth API on a real `node:http` server on a free loopback port. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../db/database';
import { createAuthApi } from './api';
import { createKeys, type Keys } from './keys';

export const TEST_SECRET = 'a test secret that is long enough for HS256 ok';

export interface RunningAuthServer {
  url: string;
  keys: Keys;
  stop(): Promise<void>;
}

export async function startAuthServer(db: Database, now?: () => Date): Promise<RunningAuthServer> {
  const keys = await createKeys(TEST_SECRET);
  const api = await createAuthApi({ db, keys, now });
  const server = createServer((req, res) => {
    api(req, res)
      .then((answered) => {
        if (!answered) {
          res.writeHead(404);
          res.end('not found');
        }
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keys,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** supabase-js as the game uses it, in Node, keeping its session in memory. */
export function supabaseClient(server: RunningAuthServer): SupabaseClient {
  return createClient(server.url, server.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // ws's constructor is what realtime-js expects in Node, but its types differ from the DOM's.
    realtime: { transport: WebSocket as never },
  });
}
