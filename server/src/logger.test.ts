import { describe, expect, it, vi } from 'vitest';
import { createLogger, LOG_LEVELS, logLevelFor } from './logger';

function fakeConsole() {
  return { error: vi.fn(), warn: vi.fn(), log: vi.fn(), debug: vi.fn() };
}

describe('the server log', () => {
  it('is at level 3 in production and 4 otherwise', () => {
    expect(logLevelFor('production')).toBe(3);
    expect(logLevelFor('development')).toBe(4);
    expect(logLevelFor('test')).toBe(4);
    expect(logLevelFor(undefined)).toBe(4);
    expect(LOG_LEVELS).toEqual({ error: 1, warn: 2, info: 3, debug: 4 });
  });

  it('at level 3 drops a debug line and keeps errors, warnings and the ready line', () => {
    const sink = fakeConsole();
    const log = createLogger(logLevelFor('production'), () => sink);
    log.debug('room 12: command 4 applied');
    log.info('Cell Connection at http://localhost:3001');
    log.warn('slow write');
    log.error('room log: writing failed');
    expect(sink.debug).not.toHaveBeenCalled();
    expect(sink.log).toHaveBeenCalledWith('Cell Connection at http://localhost:3001');
    expect(sink.warn).toHaveBeenCalledWith('slow write');
    expect(sink.error).toHaveBeenCalledWith('room log: writing failed');
  });

  it('at level 4 prints the debug line too', () => {
    const sink = fakeConsole();
    createLogger(logLevelFor('development'), () => sink).debug('detail', 7);
    expect(sink.debug).toHaveBeenCalledWith('detail', 7);
  });

  it('at level 1 prints errors only', () => {
    const sink = fakeConsole();
    const log = createLogger(1, () => sink);
    log.warn('w');
    log.info('i');
    log.error('e');
    expect(sink.warn).not.toHaveBeenCalled();
    expect(sink.log).not.toHaveBeenCalled();
    expect(sink.error).toHaveBeenCalledWith('e');
  });
});
