/** The AI dev server's settings (ARCHITECTURE.md "Ports and settings"), read once from the environment. */
export interface AiServerConfig {
  port: number;
  /** 127.0.0.1 unless AI_HOST says otherwise: a developer's tool, not a public server. */
  host: string;
  /** The web pages (origins) allowed to call it: the game's own. */
  allowedOrigins: ReadonlySet<string>;
}

export const DEFAULT_AI_PORT = 5000;
/** The game server's default port and Vite's dev server, by either loopback name. */
export const DEFAULT_ALLOWED_ORIGINS = ['http://localhost:3001', 'http://127.0.0.1:3001', 'http://localhost:5173', 'http://127.0.0.1:5173'];

/** Refuses a bad AI_PORT or AI_ALLOWED_ORIGINS with a clear error rather than listening somewhere unexpected. */
export function readAiConfig(env: NodeJS.ProcessEnv = process.env): AiServerConfig {
  const rawPort = env.AI_PORT ?? String(DEFAULT_AI_PORT);
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535) {
    throw new Error(`AI_PORT must be an integer from 0 to 65535, got "${rawPort}"`);
  }
  const origins = env.AI_ALLOWED_ORIGINS === undefined ? DEFAULT_ALLOWED_ORIGINS : env.AI_ALLOWED_ORIGINS.split(',').map((origin) => origin.trim());
  for (const origin of origins) {
    if (!isOrigin(origin)) {
      throw new Error(`AI_ALLOWED_ORIGINS must list origins like http://localhost:3001, separated by commas; got "${origin}"`);
    }
  }
  return { port, host: env.AI_HOST || '127.0.0.1', allowedOrigins: new Set(origins) };
}

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
  } catch {
    return false;
  }
}
