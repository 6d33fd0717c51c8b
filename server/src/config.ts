import { fileURLToPath } from 'node:url';

export interface ServerConfig {
  port: number;
  /** Undefined listens on every interface, IPv4 and IPv6 alike, so `localhost` works either way. */
  host: string | undefined;
  distDir: string;
}

/** Reads the server's settings from the environment, once, refusing bad values with a clear error. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const rawPort = env.PORT ?? '3001';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${rawPort}"`);
  }
  return {
    port,
    host: env.HOST || undefined,
    distDir: fileURLToPath(new URL('../../dist', import.meta.url)),
  };
}
