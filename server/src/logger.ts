/**
 * The server's log (levels: src/protocol/logging.ts). NODE_ENV=production logs at 3, anything else
 * at 4. Info lines go to stdout (console.log), as the ready line always did.
 */
import { leveledLogger, levelFor, type LogLevel, type Logger } from '../../src/protocol/logging';

export { LOG_LEVELS, type LogLevel, type Logger } from '../../src/protocol/logging';

/** 3 in production, 4 otherwise. */
export function logLevelFor(nodeEnv: string | undefined): LogLevel {
  return levelFor(nodeEnv === 'production');
}

type Sink = Pick<Console, 'error' | 'warn' | 'log' | 'debug'>;

export function createLogger(level: LogLevel, sink: () => Sink = () => console): Logger {
  return leveledLogger(level, () => {
    const s = sink();
    return { error: (...p) => s.error(...p), warn: (...p) => s.warn(...p), info: (...p) => s.log(...p), debug: (...p) => s.debug(...p) };
  });
}

/** The server's one logger. */
export const logger = createLogger(logLevelFor(process.env.NODE_ENV));
