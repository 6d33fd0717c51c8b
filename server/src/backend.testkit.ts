/**
 * Tests' server: the real backend (HTTP edge, auth, PostgREST, optionally the game server) on a
 * test database, listening on a loopback port. The throttles see the address in X-Forwarded-For
 * (TRUST_PROXY), so a test can speak from several addresses.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startBackend, type Backend, type BackendOptions } from './backend';
import { LOOPBACK_PROXIES } from './http/client-address';
import type { Keys } from './auth/keys';
import type { TestDatabase } from './db/databases.testkit';

export const TEST_SECRET = 'a test secret that is long enough for HS256 ok';

export interface TestBackend {
  url: string;
  keys: Keys;
  backend: Backend;
  stop(): Promise<void>;
}

export async function startTestBackend(database: TestDatabase, options: Partial<BackendOptions> = {}): Promise<TestBackend> {
  const backend = await startBackend({
    db: database.db,
    restUrl: database.restUrl,
    secret: TEST_SECRET,
    distDir: '/nonexistent',
    trustProxy: LOOPBACK_PROXIES,
    ...options,
  });
  const url = await backend.listen(0, '127.0.0.1');
  return { url, keys: backend.keys, backend, stop: () => backend.close() };
}

/** supabase-js as the game uses it, in Node, keeping its session in memory. */
export function supabaseClient(server: Pick<TestBackend, 'url' | 'keys'>, accessToken?: string, headers: Record<string, string> = {}): SupabaseClient {
  return createClient(server.url, server.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // ws's constructor is what realtime-js expects in Node, but its types differ from the DOM's.
    realtime: { transport: WebSocket as never },
    global: { headers: { ...headers, ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}) } },
  });
}
