/**
 * Under the players: whose turn it is, or once the board is full the result with Show Results,
 * which reopens Game Results (SPEC §2 "Game page"). The local game and the analysis board say it
 * the same way.
 */
export interface TurnOrResultProps {
  /** "Your turn", "Player 2 to move", "The AI is thinking…" (panelWords.ts); nothing when absent. */
  turn?: string | undefined;
  /** Once the board is full: the result, and how to see Game Results again. */
  over?: { result: string; onShowResults?: (() => void) | undefined } | undefined;
}

export function TurnOrResult({ turn, over }: TurnOrResultProps) {
  if (over) {
    return (
      <div className="score-over">
        <span className="score-over-text">
          <span className="score-over-label">Game over:</span> {over.result}
        </span>
        {over.onShowResults && (
          <button type="button" className="button button-primary score-over-button" onClick={over.onShowResults}>
            Show Results
          </button>
        )}
      </div>
    );
  }
  if (turn === undefined) return null;
  return (
    <p className="score-turn" role="status">
      {turn}
    </p>
  );
}
