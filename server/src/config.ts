import { hostname } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ServerConfig {
  port: number;
  /** Undefined listens on every interface, IPv4 and IPv6 alike, so `localhost` works either way. */
  host: string | undefined;
  /** Absolute path of the built client the server serves, e.g. /srv/cell-connection/dist. */
  distDir: string;
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (TRUST_PROXY=1). */
  trustProxy: boolean;
  /** This node's name among the nodes sharing one PostgreSQL (NODE_ID): distinct per node, stable across its restarts. */
  nodeId: string;
  /** Events between nodes (SOCKET_ADAPTER): postgres by default on PostgreSQL, none on the embedded database. */
  adapter: 'postgres' | 'redis' | 'none';
  /** REDIS_URL, for SOCKET_ADAPTER=redis. */
  redisUrl: string | undefined;
}

/** The repository's root, which a relative CLIENT_DIR is resolved against (not the working directory). */
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Reads the server's settings from the environment, once, refusing bad values with a clear error. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const rawPort = env.PORT ?? '3001';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${rawPort}"`);
  }
  const trust = (env.TRUST_PROXY ?? '').toLowerCase();
  if (!['', '0', '1', 'true', 'false'].includes(trust)) {
    throw new Error(`TRUST_PROXY must be 1 (behind a reverse proxy) or 0, got "${env.TRUST_PROXY}"`);
  }
  // CLIENT_DIR: which built client to serve, e.g. dist-locked for the e2e tests; dist by default.
  const clientDir = env.CLIENT_DIR || 'dist';
  const adapter = (env.SOCKET_ADAPTER || (env.DATABASE_URL ? 'postgres' : 'none')).toLowerCase();
  if (adapter !== 'postgres' && adapter !== 'redis' && adapter !== 'none') {
    throw new Error(`SOCKET_ADAPTER must be postgres, redis or none, got "${env.SOCKET_ADAPTER}"`);
  }
  if (adapter !== 'none' && !env.DATABASE_URL) throw new Error(`SOCKET_ADAPTER=${adapter} needs DATABASE_URL: nodes share rooms only on PostgreSQL`);
  if (adapter === 'redis' && !env.REDIS_URL) throw new Error('SOCKET_ADAPTER=redis needs REDIS_URL, e.g. redis://127.0.0.1:6379');
  const nodeId = env.NODE_ID || `${hostname()}:${port}`;
  if (!/^[\w.:-]{1,100}$/.test(nodeId)) throw new Error(`NODE_ID must be 1 to 100 letters, digits, '.', ':', '_' or '-', got "${nodeId}"`);
  return {
    nodeId,
    adapter,
    redisUrl: env.REDIS_URL || undefined,
    port,
    host: env.HOST || undefined,
    distDir: isAbsolute(clientDir) ? resolve(clientDir) : resolve(REPO_ROOT, clientDir),
    trustProxy: trust === '1' || trust === 'true',
  };
}
