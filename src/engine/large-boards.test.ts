/**
 * Exact scores on the large boards through the typed API, as the page plays them:
 * every score against a slow BigInt flood fill, under the board's symmetries, and
 * through whole 12×12 to 16×16 games, past 2^64 (a 16×16 expansion board reaches 2^96).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from './load';
import { SCORING_MECHANISMS, type BoardState, type CellKey, type Engine, type PlayerIndex, type ScoringMechanism } from './index';

/** `owner[y][x]`: 0, 1 or null (free). */
type Grid = (PlayerIndex | null)[][];

const toBoard = (grid: Grid): BoardState => {
  const cells: [Set<CellKey>, Set<CellKey>] = [new Set(), new Set()];
  grid.forEach((row, y) => row.forEach((owner, x) => owner !== null && cells[owner].add(`${x}-${y}`)));
  return { gridWidth: grid[0]!.length, gridHeight: grid.length, occupiedCells: cells };
};

/** SPEC §9 read plainly: flood fill each group, value it, multiply the values as BigInts. */
function oracleScore(grid: Grid, player: PlayerIndex, mode: ScoringMechanism): bigint {
  const [h, w] = [grid.length, grid[0]!.length];
  const seen = grid.map((row) => row.map(() => false));
  let product = 1n;
  let groups = 0;
  for (let sy = 0; sy < h; sy++) {
    for (let sx = 0; sx < w; sx++) {
      if (seen[sy]![sx] || grid[sy]![sx] !== player) continue;
      let [cells, directed] = [0, 0];
      const queue: [number, number][] = [[sx, sy]];
      seen[sy]![sx] = true;
      while (queue.length > 0) {
        const [x, y] = queue.pop()!;
        cells++;
        for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]] as const) {
          if (nx < 0 || ny < 0 || nx >= w || ny >= h || grid[ny]![nx] !== player) continue;
          directed++;
          if (!seen[ny]![nx]) {
            seen[ny]![nx] = true;
            queue.push([nx, ny]);
          }
        }
      }
      const value = mode === 'connection' ? cells : mode === 'expansion' ? Math.max(1, directed) : Math.max(1, directed / 2);
      product *= BigInt(value);
      groups++;
    }
  }
  return groups === 0 ? 0n : product;
}

const oracle = (grid: Grid, mode: ScoringMechanism) => [oracleScore(grid, 0, mode), oracleScore(grid, 1, mode)];

/** A small seeded generator: the same boards every run. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const randomGrid = (next: () => number, side: number, freeShare: number): Grid =>
  Array.from({ length: side }, () =>
    Array.from({ length: side }, () => (next() < freeShare ? null : next() < 0.5 ? 0 : 1)),
  );

/** A checkerboard of 2×2 blocks: every group a square worth 8 under expansion. */
const blocks = (side: number): Grid =>
  Array.from({ length: side }, (_, y) => Array.from({ length: side }, (_, x) => ((Math.floor(x / 2) + Math.floor(y / 2)) % 2) as PlayerIndex));

/** Rotations and reflections of a square grid (`symmetry` 1..7). */
const transform = (grid: Grid, symmetry: number): Grid => {
  const n = grid.length;
  const out: Grid = grid.map((row) => row.map(() => null));
  grid.forEach((row, y) =>
    row.forEach((owner, x) => {
      let [tx, ty] = [symmetry & 1 ? n - 1 - x : x, symmetry & 2 ? n - 1 - y : y];
      if (symmetry & 4) [tx, ty] = [ty, tx];
      out[ty]![tx] = owner;
    }),
  );
  return out;
};

const LARGE = [12, 14, 16] as const;
let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

describe('scores on large boards', () => {
  it('match a slow BigInt flood fill on random and extreme 12×12, 14×14 and 16×16 boards, in every mode', () => {
    const next = random(1216);
    for (const side of LARGE) {
      const grids = [blocks(side), ...[0, 0.1, 0.3, 0.6].map((free) => randomGrid(next, side, free))];
      for (const grid of grids) {
        for (const mode of SCORING_MECHANISMS) {
          expect(engine.scores(toBoard(grid), mode), `${side}x${side} ${mode}`).toEqual(oracle(grid, mode));
          expect(engine.score(toBoard(grid), mode).scores).toEqual(oracle(grid, mode));
        }
      }
    }
    // 32 squares each on 16×16: 8^32 = 2^96, every digit.
    expect(engine.scores(toBoard(blocks(16)), 'expansion')).toEqual([79228162514264337593543950336n, 2n ** 96n]);
  });

  it('are the same under every rotation and reflection of the board', () => {
    const next = random(1416);
    for (const side of LARGE) {
      for (const grid of [blocks(side), randomGrid(next, side, 0), randomGrid(next, side, 0.25)]) {
        for (const mode of SCORING_MECHANISMS) {
          const scores = engine.scores(toBoard(grid), mode);
          for (let symmetry = 1; symmetry < 8; symmetry++) {
            expect(engine.scores(toBoard(transform(grid, symmetry)), mode), `${side} ${mode} ${symmetry}`).toEqual(scores);
          }
        }
      }
    }
  });
});

describe('whole large games through the typed API', () => {
  it('plays a 16×16 expansion game to 2^96 each, every score and gain exact at every move', () => {
    const target = blocks(16);
    const turns: [number, number][][] = [[], []];
    target.forEach((row, y) => row.forEach((owner, x) => turns[owner!]!.push([x, y])));
    const grid: Grid = target.map((row) => row.map(() => null));
    let board = toBoard(grid);
    let past64 = 0;
    for (let turn = 0; turn < 256; turn++) {
      const player = (turn % 2) as PlayerIndex;
      const [x, y] = turns[player]![turn >> 1]!;
      const before = engine.scores(board, 'expansion')[player];
      const predicted = engine.predict(board, { gridX: x, gridY: y }, player, 'expansion');
      const played = engine.play(board, { gridX: x, gridY: y }, player, 'expansion');
      if (!played.ok || !predicted.ok) throw new Error(`move ${turn} refused`);
      grid[y]![x] = player;
      expect(played.scores, `move ${turn}`).toEqual(oracle(grid, 'expansion'));
      expect(predicted.prediction.playerGain).toBe(played.scores[player] - before);
      if (played.scores[player] > 2n ** 64n) past64++;
      board = played.board;
    }
    expect(engine.scores(board, 'expansion')).toEqual([2n ** 96n, 2n ** 96n]);
    expect(past64).toBeGreaterThan(20);
  });

  it('replays legal 12×12 and 16×16 records and a computer game in every mode without an error', () => {
    const next = random(99);
    for (const side of [12, 16]) {
      for (const mode of SCORING_MECHANISMS) {
        // A legal record: every cell once, the players in turn, in a random order.
        const order = Array.from({ length: side * side }, (_, i) => i);
        for (let i = order.length - 1; i > 0; i--) {
          const j = Math.floor(next() * (i + 1));
          [order[i], order[j]] = [order[j]!, order[i]!];
        }
        const grid: Grid = Array.from({ length: side }, () => Array.from({ length: side }, () => null));
        let board = toBoard(grid);
        order.forEach((index, turn) => {
          const [x, y] = [index % side, Math.floor(index / side)];
          const player = (turn % 2) as PlayerIndex;
          const played = engine.play(board, { gridX: x, gridY: y }, player, mode);
          if (!played.ok) throw new Error(`${side} ${mode}: move ${turn} refused: ${played.rejection}`);
          grid[y]![x] = player;
          board = played.board;
        });
        expect(engine.scores(board, mode), `${side} ${mode}`).toEqual(oracle(grid, mode));
      }
    }
    // The computer on both sides of a 16×16 connection game, as the page asks it.
    let board = toBoard(Array.from({ length: 16 }, () => Array.from({ length: 16 }, () => null)));
    for (let turn = 0; turn < 256; turn++) {
      const player = (turn % 2) as PlayerIndex;
      const move = engine.chooseMove({ board, player, level: player === 0 ? 'medium' : 'easy', mode: 'connection', seed: turn });
      const played = engine.play(board, move!.cell, player, 'connection');
      if (!played.ok) throw new Error(`computer move ${turn} refused`);
      board = played.board;
    }
    expect(engine.chooseMove({ board, player: 0, level: 'hard', mode: 'connection', seed: 1 })).toBeNull();
  });
});

describe('the endgame solver on a 16×16 expansion board', () => {
  /** The mover's exact final difference with best play, trying every move. */
  function minimax(grid: Grid, player: PlayerIndex): bigint {
    const free: [number, number][] = [];
    grid.forEach((row, y) => row.forEach((owner, x) => owner === null && free.push([x, y])));
    if (free.length === 0) {
      const [a, b] = oracle(grid, 'expansion');
      return player === 0 ? a! - b! : b! - a!;
    }
    let best: bigint | undefined;
    for (const [x, y] of free) {
      grid[y]![x] = player;
      const value = -minimax(grid, (1 - player) as PlayerIndex);
      grid[y]![x] = null;
      if (best === undefined || value > best) best = value;
    }
    return best!;
  }

  it('gives exact values past 2^64, equal to a BigInt minimax', () => {
    const next = random(1616);
    for (let k = 0; k < 3; k++) {
      const grid = blocks(16);
      // One cell in twelve to the other player, then five cells freed.
      grid.forEach((row, y) => row.forEach((owner, x) => next() < 1 / 12 && (grid[y]![x] = (1 - owner!) as PlayerIndex)));
      for (let freed = 0; freed < 5; ) {
        const [x, y] = [Math.floor(next() * 16), Math.floor(next() * 16)];
        if (grid[y]![x] !== null) {
          grid[y]![x] = null;
          freed++;
        }
      }
      const player = (k % 2) as PlayerIndex;
      const solved = engine.solve({ board: toBoard(grid), player, mode: 'expansion' });
      expect(solved?.value).toBe(minimax(grid, player));
      expect(engine.scores(toBoard(grid), 'expansion').every((score) => score > 2n ** 64n)).toBe(true);
      for (const { cell, value } of solved!.cells) {
        grid[cell.gridY]![cell.gridX] = player;
        expect(value).toBe(-minimax(grid, (1 - player) as PlayerIndex));
        grid[cell.gridY]![cell.gridX] = null;
      }
    }
  });
});
