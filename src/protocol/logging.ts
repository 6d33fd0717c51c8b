/**
 * The log levels the client and the server share (SPEC "Logging level 3 in production, 4 otherwise"):
 *   1 error: something failed (a write, a request) and someone may notice;
 *   2 warn: something odd that was worked around;
 *   3 info: what is worth seeing (the server is up, at which address);
 *   4 debug: detail for developers, dropped in production.
 * A line is printed when its level is at most the logger's. Where it goes is the caller's sink,
 * looked up at each call, so a test that watches console.error sees the line.
 */
export const LOG_LEVELS = { error: 1, warn: 2, info: 3, debug: 4 } as const;
export type LogLevel = (typeof LOG_LEVELS)[keyof typeof LOG_LEVELS];

/** Where each level's lines go. */
export type LogSink = Record<keyof typeof LOG_LEVELS, (...parts: unknown[]) => void>;

export interface Logger {
  readonly level: LogLevel;
  error(...parts: unknown[]): void;
  warn(...parts: unknown[]): void;
  info(...parts: unknown[]): void;
  debug(...parts: unknown[]): void;
}

/** 3 in production, 4 otherwise. */
export function levelFor(production: boolean): LogLevel {
  return production ? LOG_LEVELS.info : LOG_LEVELS.debug;
}

export function leveledLogger(level: LogLevel, sink: () => LogSink): Logger {
  return {
    level,
    error: (...parts) => void (level >= LOG_LEVELS.error && sink().error(...parts)),
    warn: (...parts) => void (level >= LOG_LEVELS.warn && sink().warn(...parts)),
    info: (...parts) => void (level >= LOG_LEVELS.info && sink().info(...parts)),
    debug: (...parts) => void (level >= LOG_LEVELS.debug && sink().debug(...parts)),
  };
}
