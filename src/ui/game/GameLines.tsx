/**
 * The game's lines in words under the players' strips (SPEC §2 "Game page"): whose turn it is, or
 * once the board is full the result with Show Results, and the last move (GameLines, in the
 * scores region); then the hint and why "No mirroring" refused a tap (GameNotes, outside it).
 * Compact, so a phone keeps the board and both strips on screen.
 */
import { TurnOrResult } from '../score/TurnOrResult';

export interface GameLinesProps {
  /** "Your turn", "Player 2 to move", "The AI is thinking…" (panelWords.ts). */
  turn: string;
  /** "Player 2 played c3"; empty before the first move. */
  lastMove: string;
  /** Once the board is full: the result, and how to see Game Results again. */
  over?: { result: string; onShowResults?: (() => void) | undefined } | undefined;
}

export function GameLines({ turn, lastMove, over }: GameLinesProps) {
  return (
    <div className="game-lines">
      <TurnOrResult turn={turn} over={over} />
      <p className="score-last-move">{lastMove || '\u00a0'}</p>
    </div>
  );
}

/** "Hint: c3" (or "Looking for a hint…"), and a refused tap's reason. */
export function GameNotes({ hint, refusal }: { hint: string; refusal?: string | null | undefined }) {
  return (
    <div className="game-notes">
      <p className="game-hint" role="status" data-testid="hint-line">
        {hint}
      </p>
      {/* "No mirroring" refused the tap: said until the player's next move, undo or new game. */}
      {refusal && (
        <p className="game-refusal" role="alert" data-testid="refusal-line">
          {refusal}
        </p>
      )}
    </div>
  );
}
