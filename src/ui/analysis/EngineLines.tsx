/**
 * The engine's answer beside the analysis board: the evaluation bar (Player 1's share, as
 * lichess's bar is White's), the verdict (proven with its margin where the solver reaches, else
 * Expert's estimate), and the three best moves with their values and the replies Expert expects
 * (a click plays one), deepening as the worker sends each round. While the engine thinks about a
 * new position the list's room is kept, hidden, so the move tree below does not jump under a
 * click or a finger when the answer comes.
 */
import type { CellPosition, PlayerIndex, Scores } from '../../engine';
import type { AnalysisUpdate } from '../../game/analysis/search';
import { cellName } from '../../game/notation';
import type { EngineAnswer } from './useEngineAnalysis';
import { barShare, NAMES, valueText, verdictText } from './words';

export function EvalBar({ update, mover, scores }: { update: AnalysisUpdate | null; mover: PlayerIndex | null; scores: Scores }) {
  const share = barShare(update, mover, scores);
  const percent = Math.round(share * 100);
  return (
    <div className="analysis-bar-wrap">
      <div
        className="analysis-bar"
        role="meter"
        aria-label={`Expected result for ${NAMES[0]}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% for ${NAMES[0]}`}
        data-testid="eval-bar"
        data-share={share.toFixed(3)}
      >
        <span className="analysis-bar__fill player-0" style={{ width: `${share * 100}%` }} />
      </div>
      <p className="analysis-bar__names" aria-hidden="true">
        <span className="player-0">
          {NAMES[0]} {percent}%
        </span>
        <span className="player-1">
          {100 - percent}% {NAMES[1]}
        </span>
      </p>
    </div>
  );
}

export interface EngineLinesProps {
  answer: EngineAnswer;
  mover: PlayerIndex | null;
  scores: Scores;
  height: number;
  expected: number; // how many best moves the answer will list: TOP_MOVES, or fewer when fewer cells are free
  onPlay(cell: CellPosition): void; // a listed move played on the board
}

export function EngineLines({ answer, mover, scores, height, expected, onPlay }: EngineLinesProps) {
  const { update, error } = answer;
  if (error) {
    return (
      <p className="replay-error" role="alert">
        The engine could not analyse this position: {error}
      </p>
    );
  }
  const depth = update ? (update.exact ? 'exact' : `round ${update.round}${update.done ? ', final' : ''}`) : null;
  return (
    <section className="analysis-lines" aria-label="Engine analysis" data-testid="engine-lines">
      <p className="analysis-verdict" data-testid="analysis-verdict" data-exact={update?.exact ?? false} aria-live="polite">
        {verdictText(update, mover, scores)}
      </p>
      {mover !== null && update && update.top.length > 0 && (
        <>
          <ol className="analysis-top" aria-label={`Best moves for ${NAMES[mover]}`} data-testid="top-moves">
            {update.top.map((candidate, index) => {
              const name = cellName(candidate.cell, height);
              const value = valueText(candidate, mover);
              const line = candidate.line.map((cell) => cellName(cell, height)).join(' ');
              return (
                <li key={`${candidate.cell.gridX}-${candidate.cell.gridY}`} data-cell={`${candidate.cell.gridX}-${candidate.cell.gridY}`}>
                  {/* A listed move is played on the board with a click, as on lichess. */}
                  <button type="button" className="analysis-top__move" onClick={() => onPlay(candidate.cell)} aria-label={`Play ${name}, ${value}${line ? `, then ${line}` : ''}`}>
                    <span className="analysis-top__rank">{index + 1}.</span> <span className="analysis-top__cell">{name}</span>{' '}
                    <span className="analysis-top__value">{value}</span>
                    {line && <span className="analysis-top__line"> {line}</span>}
                  </button>
                </li>
              );
            })}
          </ol>
          <p className="analysis-note">
            Values for {NAMES[0]}
            {update.exact ? ': final margins with best play' : ''} ({depth}, {update.nodes.toLocaleString('en')} positions)
          </p>
        </>
      )}
      {mover !== null && !update && expected > 0 && <KeptRoom rows={expected} />}
    </section>
  );
}

/**
 * The room the answer's list and note will take, hidden (analysis.css): the answer for a new
 * position comes a moment after the move, and without it the move tree below would move down
 * then, under a click or a tap already on its way to one of its moves.
 */
function KeptRoom({ rows }: { rows: number }) {
  return (
    <>
      <ol className="analysis-top analysis-lines__kept" aria-hidden="true" data-testid="top-moves-room">
        {Array.from({ length: rows }, (_, index) => (
          <li key={index}>
            <span className="analysis-top__move">&nbsp;</span>
          </li>
        ))}
      </ol>
      <p className="analysis-note analysis-lines__kept" aria-hidden="true">
        &nbsp;
      </p>
    </>
  );
}
