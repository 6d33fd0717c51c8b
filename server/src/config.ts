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
  return {
    port,
    host: env.HOST || undefined,
    distDir: isAbsolute(clientDir) ? resolve(clientDir) : resolve(REPO_ROOT, clientDir),
    trustProxy: trust === '1' || trust === 'true',
  };
}
