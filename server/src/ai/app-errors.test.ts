/**
 * How the server answers when the engine fails: a position it cannot score exactly is the
 * client's problem (422), anything else a bug (500). Either way the server keeps running.
 * These need an engine that fails on demand, so they use a stand-in.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EngineError } from '../../../src/engine';
import type { AiEngine } from './handlers';
import { inlineSearcher } from './searcher';
import { call, post, startAiServer, type RunningServer } from './ai-server.testkit';

const payload = {
  boardState: { occupiedCells: [[], []], gridWidth: 4, gridHeight: 4 },
  currentPlayer: 0,
  model: 'easy',
  scoringMechanism: 'connection',
};

const failing: AiEngine = {
  chooseMove() {
    throw new EngineError('score-too-large', 'a score exceeds 2^128 − 1 and cannot be given exactly');
  },
  evaluateCells() {
    throw new TypeError('engine bug');
  },
};

let ai: RunningServer;
beforeAll(async () => {
  ai = await startAiServer({ searcher: inlineSearcher(failing) });
});
afterAll(async () => {
  await ai.stop();
});

describe('engine failures', () => {
  it('answers an EngineError with 422 and its message', async () => {
    expect(await post(ai.url, '/move', payload)).toMatchObject({
      status: 422,
      body: { success: false, error: 'a score exceeds 2^128 − 1 and cannot be given exactly' },
    });
  });

  it('answers an unexpected error with 500 JSON, logs it, and keeps serving', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const reply = await post(ai.url, '/evaluate', payload);
      expect(reply).toMatchObject({ status: 500, body: { success: false, error: 'internal error' } });
      expect(log).toHaveBeenCalledOnce();
    } finally {
      log.mockRestore();
    }
    expect((await call(ai.url, '/health')).body).toEqual({ status: 'ok' });
  });
});
