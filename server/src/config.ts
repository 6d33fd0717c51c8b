import { hostname } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTrustedProxies, type TrustedProxies } from './http/client-address';
import { DEFAULT_REST_LIMITS, type RestLimits } from './http/rest-limits';
import { DEFAULT_LIMITS, type AuthLimits } from './auth/throttles';

export interface ServerConfig {
  port: number;
  /**
   * 127.0.0.1 unless HOST says otherwise (`0.0.0.0` or `::` for every interface): a node behind a
   * proxy on this machine is reached only through it. Browsers try 127.0.0.1 for `localhost` too.
   */
  host: string;
  /** Absolute path of the built client the server serves, e.g. /srv/cell-connection/dist. */
  distDir: string;
  /** Behind reverse proxies: the proxies whose X-Forwarded-For is believed (TRUST_PROXY=127.0.0.1,10.0.0.0/8). */
  trustProxy: TrustedProxies;
  /** Origins the built client talks to besides this server (VITE_SUPABASE_URL, VITE_SOCKET_URL), for the page's policy. */
  connectOrigins: string[];
  /** The analytics service's origin (VITE_ANALYTICS_SRC's), which the page may load its script from and report to. */
  analyticsOrigins: string[];
  /** One address's share of /rest/v1: REST_RATE_LIMIT requests per 10 s (all nodes), REST_CONCURRENCY at once (this node). */
  restLimits: RestLimits;
  /** The auth API's limits: SIGN_UP_RATE_LIMIT sign-ups per address per hour (as a Supabase project's rate limits are set). */
  authLimits: AuthLimits;
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
  const trustProxy = parseTrustedProxies(env.TRUST_PROXY);
  const connectOrigins = (['VITE_SUPABASE_URL', 'VITE_SOCKET_URL'] as const).flatMap((name) => originOf(name, env[name]));
  // The same variable the client was built with: its script tag renders only when it is set.
  const analyticsOrigins = originOf('VITE_ANALYTICS_SRC', env.VITE_ANALYTICS_SRC?.trim());
  // CLIENT_DIR: which built client to serve, e.g. dist-locked for the e2e tests; dist by default.
  const clientDir = env.CLIENT_DIR || 'dist';
  const adapter = (env.SOCKET_ADAPTER || (env.DATABASE_URL ? 'postgres' : 'none')).toLowerCase();
  if (adapter !== 'postgres' && adapter !== 'redis' && adapter !== 'none') {
    throw new Error(`SOCKET_ADAPTER must be postgres, redis or none, got "${env.SOCKET_ADAPTER}"`);
  }
  if (adapter !== 'none' && !env.DATABASE_URL) throw new Error(`SOCKET_ADAPTER=${adapter} needs DATABASE_URL: nodes share rooms only on PostgreSQL`);
  if (adapter === 'redis' && !env.REDIS_URL) throw new Error('SOCKET_ADAPTER=redis needs REDIS_URL, e.g. redis://127.0.0.1:6379');
  const restLimits: RestLimits = {
    ...DEFAULT_REST_LIMITS,
    requests: { ...DEFAULT_REST_LIMITS.requests, points: count('REST_RATE_LIMIT', env.REST_RATE_LIMIT, DEFAULT_REST_LIMITS.requests.points) },
    inFlight: count('REST_CONCURRENCY', env.REST_CONCURRENCY, DEFAULT_REST_LIMITS.inFlight),
  };
  const authLimits: AuthLimits = {
    ...DEFAULT_LIMITS,
    signUpsPerAddress: { ...DEFAULT_LIMITS.signUpsPerAddress, points: count('SIGN_UP_RATE_LIMIT', env.SIGN_UP_RATE_LIMIT, DEFAULT_LIMITS.signUpsPerAddress.points) },
  };
  const nodeId = env.NODE_ID || `${hostname()}:${port}`;
  if (!/^[\w.:-]{1,100}$/.test(nodeId)) throw new Error(`NODE_ID must be 1 to 100 letters, digits, '.', ':', '_' or '-', got "${nodeId}"`);
  return {
    nodeId,
    adapter,
    redisUrl: env.REDIS_URL || undefined,
    port,
    host: env.HOST || '127.0.0.1',
    distDir: isAbsolute(clientDir) ? resolve(clientDir) : resolve(REPO_ROOT, clientDir),
    trustProxy,
    connectOrigins,
    analyticsOrigins,
    restLimits,
    authLimits,
  };
}

/** A whole number of at least 1, or the default when unset. */
function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new Error(`${name} must be a whole number of at least 1, got "${value}"`);
  return Number(value);
}

/** The origin of a URL setting the client was built with, if set. */
function originOf(name: string, value: string | undefined): string[] {
  if (!value) return [];
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return [url.origin];
  } catch {
    // refused below
  }
  throw new Error(`${name} must be an http(s) URL such as https://project.supabase.co, got "${value}"`);
}
