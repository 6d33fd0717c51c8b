/**
 * The client's log, by level (SPEC "Logging level 3 in production, 4 otherwise"):
 *   1 error: something failed (a write, a request) and someone may notice;
 *   2 warn: something odd that the game worked around (a service unavailable);
 *   3 info: what is worth seeing in a player's console;
 *   4 debug: detail for developers, dropped in production.
 * A line is printed when its level is at most the logger's. A production build (Vite's
 * `import.meta.env.PROD`) gives 3, the development server and tests 4. The console is looked up at
 * each call, so a test that watches console.error sees the line.
 */
export const LOG_LEVELS = { error: 1, warn: 2, info: 3, debug: 4 } as const;
export type LogLevel = (typeof LOG_LEVELS)[keyof typeof LOG_LEVELS];

/** 3 in a production build, 4 otherwise. */
export function logLevelFor(production: boolean): LogLevel {
  return production ? LOG_LEVELS.info : LOG_LEVELS.debug;
}

type Sink = Pick<Console, 'error' | 'warn' | 'info' | 'debug'>;

export interface Logger {
  readonly level: LogLevel;
  error(...parts: unknown[]): void;
  warn(...parts: unknown[]): void;
  info(...parts: unknown[]): void;
  debug(...parts: unknown[]): void;
}

export function createLogger(level: LogLevel, sink: () => Sink = () => console): Logger {
  return {
    level,
    error: (...parts) => void (level >= LOG_LEVELS.error && sink().error(...parts)),
    warn: (...parts) => void (level >= LOG_LEVELS.warn && sink().warn(...parts)),
    info: (...parts) => void (level >= LOG_LEVELS.info && sink().info(...parts)),
    debug: (...parts) => void (level >= LOG_LEVELS.debug && sink().debug(...parts)),
  };
}

/** The client's one logger. */
export const logger = createLogger(logLevelFor(import.meta.env.PROD));
