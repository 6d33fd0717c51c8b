/** The AI dev server's settings (ARCHITECTURE.md "Ports and settings"), read once from the environment. */
export interface AiServerConfig {
  port: number;
  /** Undefined listens on every interface, IPv4 and IPv6 alike, so `localhost` works either way. */
  host: string | undefined;
}

export const DEFAULT_AI_PORT = 5000;

/** Refuses a bad AI_PORT with a clear error rather than listening somewhere unexpected. */
export function readAiConfig(env: NodeJS.ProcessEnv = process.env): AiServerConfig {
  const rawPort = env.AI_PORT ?? String(DEFAULT_AI_PORT);
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535) {
    throw new Error(`AI_PORT must be an integer from 0 to 65535, got "${rawPort}"`);
  }
  return { port, host: env.AI_HOST || undefined };
}
