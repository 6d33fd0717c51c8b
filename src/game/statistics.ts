/**
 * The end-of-game statistics table (SPEC §2 "Statistics table"), computed from the two score
 * histories. Pure: the table and the results dialogs only format what this returns.
 *
 * A history holds one player's score after each move of the game (both players' moves), so
 * index i of the two histories is the same moment. Before the first move both scores are 0.
 * Scores are exact (`bigint`): a large board's score passes 2^53, so every figure but the
 * percentage is exact too.
 */

/** One column of the table: one player's figures. */
export interface PlayerStatistics {
  finalScore: bigint; // the score after the last recorded move
  highestScore: bigint; // a score can fall (merging groups in connection mode), so not always the final one
  biggestGain: bigint; // largest increase of this player's score over one move; 0 if it never rose
  largestLead: bigint; // largest (own - opponent) while strictly ahead; 0 if never ahead
  timeInLead: number; // percent, rounded, of recorded moves after which this player led strictly
}

export interface GameStatistics {
  players: [PlayerStatistics, PlayerStatistics];
  totalMoves: number; // occupied cells of both players
  leadChanges: number; // times the leader flipped from one player to the other
}

type Histories = readonly [readonly bigint[], readonly bigint[]];

const larger = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/** Who leads strictly after move `index`: 0, 1, or null on a tie. */
function leaderAt(histories: Histories, index: number): 0 | 1 | null {
  const a = histories[0][index] ?? 0n;
  const b = histories[1][index] ?? 0n;
  if (a > b) return 0;
  if (b > a) return 1;
  return null;
}

/** How many moves both histories record (they grow together; the shorter one bounds comparisons). */
function commonLength(histories: Histories): number {
  return Math.min(histories[0].length, histories[1].length);
}

function playerStatistics(histories: Histories, player: 0 | 1): PlayerStatistics {
  const own = histories[player];
  const other = histories[player === 0 ? 1 : 0];
  let highestScore = 0n;
  let biggestGain = 0n;
  let previous = 0n; // the score before the first move
  for (const score of own) {
    highestScore = larger(highestScore, score);
    biggestGain = larger(biggestGain, score - previous);
    previous = score;
  }
  const moves = commonLength(histories);
  let largestLead = 0n;
  let movesInLead = 0;
  for (let index = 0; index < moves; index += 1) {
    const lead = (own[index] ?? 0n) - (other[index] ?? 0n);
    if (lead > 0n) {
      movesInLead += 1;
      largestLead = larger(largestLead, lead);
    }
  }
  return {
    finalScore: own.at(-1) ?? 0n,
    highestScore,
    biggestGain,
    largestLead,
    timeInLead: moves === 0 ? 0 : Math.round((100 * movesInLead) / moves),
  };
}

/**
 * Counts flips of the leader. A tie does not reset who led last: 0 ahead, tie, 0 ahead again is
 * no change, while 0 ahead, tie, 1 ahead is one.
 */
export function countLeadChanges(histories: Histories): number {
  let lastLeader: 0 | 1 | null = null;
  let changes = 0;
  for (let index = 0; index < commonLength(histories); index += 1) {
    const leader = leaderAt(histories, index);
    if (leader === null) continue;
    if (lastLeader !== null && leader !== lastLeader) changes += 1;
    lastLeader = leader;
  }
  return changes;
}

/** The whole table. `occupiedCells` is the final board's count of both players' cells. */
export function computeStatistics(histories: Histories, occupiedCells: number): GameStatistics {
  return {
    players: [playerStatistics(histories, 0), playerStatistics(histories, 1)],
    totalMoves: occupiedCells,
    leadChanges: countLeadChanges(histories),
  };
}
