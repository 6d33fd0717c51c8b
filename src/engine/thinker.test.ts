/**
 * Searches in a real worker thread running the real engine: answers match the
 * engine's own, and cancelling really stops a long search.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AiCancelledError, Thinker } from './thinker';
import { spawnNodeWorker } from './worker-node';
import { loadEngine } from './load';
import type { AiRequest, BoardState, CellKey } from './index';

const empty = (side: number): BoardState => ({
  gridWidth: side,
  gridHeight: side,
  occupiedCells: [new Set<CellKey>(), new Set<CellKey>()],
});

let thinker: Thinker | undefined;
afterEach(() => thinker?.dispose());

describe('the AI worker', () => {
  it('answers with the move the engine gives on the main thread', async () => {
    thinker = new Thinker(spawnNodeWorker);
    const request: AiRequest = { board: empty(8), player: 1, level: 'expert', mode: 'expansion', seed: 4, nodeLimit: 3000 };
    const [inWorker, direct] = [await thinker.think(request), (await loadEngine()).chooseMove(request)];
    expect(inWorker?.cell).toEqual(direct?.cell);
    expect(inWorker?.stats.nodes).toBe(direct?.stats.nodes);
  });

  it('stops a long search when cancelled, and searches again afterwards', async () => {
    thinker = new Thinker(spawnNodeWorker);
    // A minute's budget: if cancelling did not stop it, this test would time out.
    const long = thinker.think({ board: empty(10), player: 0, level: 'expert', mode: 'connection', seed: 1, timeMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(thinker.thinking).toBe(true);
    thinker.cancel();
    await expect(long).rejects.toBeInstanceOf(AiCancelledError);
    expect(thinker.thinking).toBe(false);
    const next = await thinker.think({ board: empty(6), player: 0, level: 'hard', mode: 'connection', seed: 1 });
    expect(next?.cell.gridX).toBeGreaterThanOrEqual(0);
  });

  it('cancels the search under way when a new one starts', async () => {
    thinker = new Thinker(spawnNodeWorker);
    const first = thinker.think({ board: empty(10), player: 0, level: 'expert', mode: 'extension', seed: 2, timeMs: 60_000 });
    const second = thinker.think({ board: empty(6), player: 1, level: 'easy', mode: 'extension', seed: 2 });
    await expect(first).rejects.toBeInstanceOf(AiCancelledError);
    await expect(second).resolves.not.toBeNull();
  });

  it('reports an engine error as a rejection, not a crash', async () => {
    thinker = new Thinker(spawnNodeWorker);
    const bad = { board: empty(6), player: 0, level: 'grandmaster', mode: 'connection', seed: 1 } as unknown as AiRequest;
    await expect(thinker.think(bad)).rejects.toThrow('unknown AI level "grandmaster"');
  });
});
