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
 * shape in expansion: 8 points a square, 8^32 = 2^96 on 16×16. `swaps` pairs of neighbouring
 * squares trade one cell each, so the two scores differ and the groups are not all alike.
 */
export function squaresGame(side: number, swaps: number): CellPosition[] {
  const owner = (x: number, y: number): 0 | 1 => ((Math.floor(x / 2) + Math.floor(y / 2)) % 2 === 0 ? 0 : 1);
  const cells: [CellPosition[], CellPosition[]] = [[], []];
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) cells[owner(x, y)].push({ gridX: x, gridY: y });
  }
  // Square (2i, 2j)'s bottom-right cell trades places with its right-hand neighbour square's bottom-left one.
  for (let swap = 0; swap < swaps; swap++) {
    const row = (swap * 4) % side;
    const column = 2 * ((swap * 3) % (side / 2 - 1));
    const a = { gridX: column + 1, gridY: row + 1 };
    const b = { gridX: column + 2, gridY: row + 1 };
    const same = (c: CellPosition, d: CellPosition) => c.gridX === d.gridX && c.gridY === d.gridY;
    const [ofA, ofB] = owner(a.gridX, a.gridY) === 0 ? [cells[0], cells[1]] : [cells[1], cells[0]];
    const i = ofA.findIndex((c) => same(c, a));
    const j = ofB.findIndex((c) => same(c, b));
    if (i >= 0 && j >= 0) [ofA[i], ofB[j]] = [b, a];
  }
  return cells[0].flatMap((cell, index) => [cell, cells[1][index]!]);
}
