/**
 * For the tests: SPEC §9's scoring worked out again with BigInt, slowly and plainly, to check the
 * engine's exact scores against; and games on large boards whose scores pass 2^64.
 */
import type { BoardState, CellKey, CellPosition, Scores, ScoringMechanism } from '../engine';

const NEIGHBOURS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/** One player's score: the product of their groups' values (4-neighbour groups; no cells scores 0). */
function playerScore(cells: ReadonlySet<CellKey>, mode: ScoringMechanism): bigint {
  if (cells.size === 0) return 0n;
  const seen = new Set<string>();
  let score = 1n;
  for (const start of cells) {
    if (seen.has(start)) continue;
    seen.add(start);
    const queue = [start];
    let size = 0n;
    let inGroupNeighbours = 0n; // each adjacent pair counted from both of its cells
    while (queue.length > 0) {
      const [x = 0, y = 0] = queue.pop()!.split('-').map(Number);
      size += 1n;
      for (const [dx, dy] of NEIGHBOURS) {
        const key: CellKey = `${x + dx}-${y + dy}`;
        if (!cells.has(key)) continue;
        inGroupNeighbours += 1n;
        if (!seen.has(key)) {
          seen.add(key);
          queue.push(key);
        }
      }
    }
    const atLeastOne = (value: bigint) => (value > 0n ? value : 1n);
    if (mode === 'connection') score *= size;
    else if (mode === 'expansion') score *= atLeastOne(inGroupNeighbours);
    else score *= atLeastOne(inGroupNeighbours / 2n);
  }
  return score;
}

/** Both players' scores, player 0 first, worked out with BigInt from SPEC §9. */
export function oracleScores(board: BoardState, mode: ScoringMechanism): Scores {
  return [playerScore(board.occupiedCells[0], mode), playerScore(board.occupiedCells[1], mode)];
}

/**
 * A whole game on a side×side board, players alternating from Player 1, in which each player
 * builds 2×2 squares that touch their own only at corners (a checkerboard of squares), the best
 * shape in expansion: 8 points a square, 8^32 = 2^96 each on 16×16. Where the squares do not
 * share out evenly (7 a row on 14×14), Player 1 hands its last cells over. Then `swaps` times a
 * cell of each player, picked by a fixed sequence, changes hands, so the two scores differ.
 */
export function squaresGame(side: number, swaps: number): CellPosition[] {
  const owner = (x: number, y: number): 0 | 1 => ((Math.floor(x / 2) + Math.floor(y / 2)) % 2 === 0 ? 0 : 1);
  const cells: [CellPosition[], CellPosition[]] = [[], []];
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) cells[owner(x, y)].push({ gridX: x, gridY: y });
  }
  while (cells[0].length > cells[1].length) cells[1].push(cells[0].pop()!);
  let seed = 12345;
  const next = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % below;
  };
  for (let swap = 0; swap < swaps; swap++) {
    const i = next(cells[0].length);
    const j = next(cells[1].length);
    [cells[0][i], cells[1][j]] = [cells[1][j]!, cells[0][i]!];
  }
  return cells[0].flatMap((cell, index) => [cell, cells[1][index]!]);
}
