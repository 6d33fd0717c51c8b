/**
 * The replay's move list: each move numbered as the step counter counts them ("Move 5 of 36"),
 * with a small dot in its player's colour (the players told apart at a glance, not by a thin
 * underline alone), each a button to its position; the current one marked, and the review's marks.
 * The number and the dot are decorative: each button's name says the move, the player and the mark.
 */
import { cellName } from '../../../game/notation';
import type { GameRecord } from '../../../game/record';
import type { ReplayStep } from '../../../game/replay';
import { markInWords, MARK_SYMBOLS } from '../../../game/review/judgement';
import type { MoveReview } from '../../../game/review/moves';
import './review.css';

export interface MoveListProps {
  record: GameRecord;
  steps: readonly ReplayStep[];
  step: number;
  marks: readonly (MoveReview | null)[]; // the review's, once analysed
  names: readonly [string, string];
  onGo(step: number): void;
}

export function MoveList({ record, steps, step, marks, names, onGo }: MoveListProps) {
  return (
    <ol className="replay-moves" aria-label="Moves" data-testid="replay-moves">
      {steps.slice(1).map((entry, index) => {
        const number = index + 1;
        const player = entry.player ?? 0;
        const name = entry.move ? cellName(entry.move, record.height) : '';
        const mark = marks[index]?.mark;
        return (
          <li key={number}>
            <button
              type="button"
              className={`replay-move player-${player}`}
              aria-current={number === step ? 'step' : undefined}
              aria-label={`Move ${number}, ${names[player]}, ${name}${mark ? `, ${markInWords(mark)}` : ''}`}
              data-mark={mark}
              data-player={player}
              onClick={() => onGo(number)}
            >
              <span className="replay-move__number" aria-hidden="true">
                {number}.
              </span>
              <span className={`replay-move__dot player-${player}`} aria-hidden="true" />
              {name}
              {mark && MARK_SYMBOLS[mark] && (
                <span className={`replay-move__mark mark-${mark}`} aria-hidden="true">
                  {MARK_SYMBOLS[mark]}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
