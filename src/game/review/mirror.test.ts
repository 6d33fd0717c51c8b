/**
 * The post-game review of a game played under "No mirroring" judges it by its rule: Expert,
 * which answers a first move with its copy when copying is allowed, never names a copy as the
 * best move of a nomirror game. The real engine, on this thread.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CellKey, Engine } from '../../engine';
import { loadEngine } from '../../engine/load';
import { parseRecord } from '../record';
import { replayRecord } from '../replay';
import { analyseGame, REVIEW_BUDGET, type Analyst } from './analyse';

let engine: Engine;
let analyst: Analyst;
beforeAll(async () => {
  engine = await loadEngine();
  analyst = { solve: async (request) => engine.solve(request), think: async (request) => engine.chooseMove(request) };
});

/** c5's five images on 6×6 (x 2, y 1): the half turn, the two axis flips, the two diagonal flips. */
const COPIES_OF_C5: CellKey[] = ['3-4', '3-1', '2-4', '1-2', '4-3'];

async function bestAfterC5(text: string): Promise<CellKey> {
  const parsed = parseRecord(text);
  if (!parsed.ok) throw new Error(parsed.error);
  const replay = replayRecord(parsed.record, engine);
  if (!replay.ok) throw new Error(replay.error);
  const positions = await analyseGame(parsed.record, replay.steps, analyst, undefined, undefined, { budget: { ...REVIEW_BUDGET, thinkMs: 100 } });
  const best = positions[1]?.best;
  if (!best) throw new Error('no best move after c5');
  return `${best.gridX}-${best.gridY}`;
}

describe('the review of a nomirror game', () => {
  it("never names a copy of the first move as Player 2's best; without the rule Expert copies", async () => {
    expect(COPIES_OF_C5).not.toContain(await bestAfterC5('CC1 6x6 connection nomirror: c5 *'));
    expect(await bestAfterC5('CC1 6x6 connection: c5 *')).toBe('3-4');
  });
});
