import { describe, expect, it, vi } from 'vitest';
import { createLogger, LOG_LEVELS, logger, logLevelFor } from './logger';

function fakeConsole() {
  return { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
}

describe('the client log', () => {
  it('is at level 3 in a production build and 4 otherwise (tests run as development: 4)', () => {
    expect(logLevelFor(true)).toBe(3);
    expect(logLevelFor(false)).toBe(4);
    expect(logger.level).toBe(4);
    expect(LOG_LEVELS).toEqual({ error: 1, warn: 2, info: 3, debug: 4 });
  });

  it('at level 3 drops a debug line and keeps info, warnings and errors', () => {
    const sink = fakeConsole();
    const log = createLogger(logLevelFor(true), () => sink);
    log.debug('hint search: depth 4');
    log.info('ready');
    log.warn('Game results unavailable:', 'offline');
    log.error('Score submission failed:', 'refused');
    expect(sink.debug).not.toHaveBeenCalled();
    expect(sink.info).toHaveBeenCalledWith('ready');
    expect(sink.warn).toHaveBeenCalledWith('Game results unavailable:', 'offline');
    expect(sink.error).toHaveBeenCalledWith('Score submission failed:', 'refused');
  });

  it('at level 4 prints the debug line', () => {
    const sink = fakeConsole();
    createLogger(logLevelFor(false), () => sink).debug('detail');
    expect(sink.debug).toHaveBeenCalledWith('detail');
  });

  it('writes to the console of the moment, so a watched console.error sees the line', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      logger.error('Dropped server event room:state: bad');
      expect(spy).toHaveBeenCalledWith('Dropped server event room:state: bad');
    } finally {
      spy.mockRestore();
    }
  });
});
