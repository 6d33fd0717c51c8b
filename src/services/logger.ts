/**
 * The client's log (levels: src/protocol/logging.ts). A production build (Vite's
 * `import.meta.env.PROD`) logs at 3, the development server and tests at 4.
 */
import { leveledLogger, levelFor, type LogLevel, type Logger } from '../protocol/logging';

export { LOG_LEVELS, type LogLevel, type Logger } from '../protocol/logging';

/** 3 in a production build, 4 otherwise. */
export function logLevelFor(production: boolean): LogLevel {
  return levelFor(production);
}

type Sink = Pick<Console, 'error' | 'warn' | 'info' | 'debug'>;

export function createLogger(level: LogLevel, sink: () => Sink = () => console): Logger {
  return leveledLogger(level, sink);
}

/** The client's one logger. */
export const logger = createLogger(logLevelFor(import.meta.env.PROD));
