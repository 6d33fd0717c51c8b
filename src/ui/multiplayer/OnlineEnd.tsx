/**
 * However an online game ended (a full board, a forfeit, a flag, a claim, a player gone), it
 * ends in place: under the final board the result, both rating changes (or why there were none),
 * Rematch, Analysis (the game's review, /replay with its record) and New opponent (the lobby).
 */
import type { ReactNode } from 'react';
import { replayPath } from '../../game/record';
import type { RatingChange } from '../../protocol';
import { ratingLine } from '../results/OnlineResults';

interface OnlineEndProps {
  /** '<name> wins!', '<name> wins: opponent forfeited', 'Draw!', 'Game aborted' (room.rules resultText). */
  result: string | null;
  names: readonly [string, string];
  ratings: readonly [RatingChange, RatingChange] | null;
  /** Why a game that could have been rated was not (or that it was casual). */
  note?: string | null;
  /** The game's record, for Analysis. */
  record: string;
  /** The room's Rematch (RematchPanel), for players. */
  rematch?: ReactNode;
  /** New opponent: back to the lobby to find one (players only). */
  onNewOpponent?: () => void;
}

export function OnlineEnd({ result, names, ratings, note, record, rematch, onNewOpponent }: OnlineEndProps) {
  return (
    <section className="online-end" aria-label="Result">
      {result && (
        <p className="multiplayer-result" data-testid="game-result">
          {result}
        </p>
      )}
      {ratings && (
        <ul className="online-end-ratings" aria-label="Rating changes">
          {([0, 1] as const).map((seat) => (
            <li key={seat}>{ratingLine(names[seat], ratings[seat])}</li>
          ))}
        </ul>
      )}
      {note && (
        <p className="multiplayer-note" data-testid="game-unrated">
          {note}
        </p>
      )}
      <div className="online-end-actions">
        {rematch}
        <a className="button" href={replayPath(record)}>
          Analysis
        </a>
        {onNewOpponent && (
          <button type="button" className="button" onClick={onNewOpponent}>
            New opponent
          </button>
        )}
      </div>
    </section>
  );
}
