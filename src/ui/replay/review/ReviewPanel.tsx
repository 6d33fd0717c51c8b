/**
 * The post-game review on the replay page: "Analyse the game" starts it; a progress bar
 * ("Analysing… 12 of 256 moves") and Cancel while it runs; then the evaluation chart, each player's inaccuracies,
 * mistakes and blunders, and for the step shown the verdict, the engine's best move and what the
 * move that led here was worth. The board shows the best move as a ghost piece (ReplayView).
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { analysisPath } from '../../../game/analysis/link';
import { formatRecord, type GameRecord } from '../../../game/record';
import { exactValueFor, type PositionReview } from '../../../game/review/analyse';
import type { EvalPoint } from './evalOption';
import type { GameReview } from './useGameReview';
import { EvalChart } from './EvalChart';
import { bestInWords, markCounts, moveInWords, verdictInWords } from './verdict';
import './review.css';

export interface ReviewPanelProps {
  review: GameReview;
  record: GameRecord;
  step: number;
  names: [string, string];
  onGo(step: number): void;
}

export function ReviewPanel({ review, record, step, names, onGo }: ReviewPanelProps) {
  const id = useId();
  const { status, done, total, positions, moves, chart } = review;
  const movesInGame = total - 1;
  if (movesInGame < 1) return null;
  const running = status === 'running';
  // Positions count the empty board too; the bar counts moves, so it ends on the last one.
  const analysed = Math.min(done, movesInGame);
  const position = positions[step];
  const move = step > 0 ? moves[step - 1] : null;
  const best = position ? bestInWords(position, record.height, names) : null;

  return (
    <section className="review" aria-labelledby={`${id}-heading`} data-testid="review">
      <h2 id={`${id}-heading`}>Computer analysis</h2>
      {!running && status !== 'done' && (
        <div className="review-start">
          {status === 'cancelled' && <p role="status">Analysis cancelled.</p>}
          {status === 'failed' && <p role="alert">The analysis failed: {review.error}</p>}
          {/* The button first: on a phone it is in reach under the board, its explanation after it. */}
          <button type="button" className="button button-primary" onClick={review.start}>
            Analyse the game
          </button>
          {status === 'idle' && <p>The engine checks every move, finds the best one and proves the result where it can.</p>}
        </div>
      )}
      {running && (
        <div className="review-progress">
          <progress id={`${id}-progress`} max={movesInGame} value={analysed} aria-labelledby={`${id}-progress-label`} />
          <span id={`${id}-progress-label`} data-testid="review-progress">
            Analysing… {analysed} of {movesInGame} moves
          </span>
          <button type="button" className="button" onClick={review.cancel}>
            Cancel
          </button>
        </div>
      )}
      {(running || status === 'done') && done > 0 && (
        <>
          <EvalChart points={chartPoints(chart, positions)} step={step} onGo={onGo} />
          <div className="review-step" aria-live="polite">
            {move && (
              <p data-testid="review-move" className={`review-move mark-${move.mark}`}>
                {moveInWords(move, record.height, names)}
              </p>
            )}
            {position && (
              <p data-testid="review-verdict" className="review-verdict">
                {verdictInWords(position, chart[step] ?? null, names)}
              </p>
            )}
            {best && (
              <p data-testid="review-best" className="review-best">
                {best}
              </p>
            )}
            {/* The engine's three best moves and the variations from here, on the analysis board. */}
            <p>
              <Link className="button" to={analysisPath(formatRecord(record), step)}>
                Analyse this position
              </Link>
            </p>
          </div>
          {status === 'done' && (
            <ul className="review-summary" aria-label="Inaccuracies, mistakes and blunders" data-testid="review-summary">
              {([0, 1] as const).map((player) => {
                const counts = markCounts(moves, player);
                return (
                  <li key={player} className={`player-${player}`}>
                    {names[player]}: {counts.inaccuracy} {counts.inaccuracy === 1 ? 'inaccuracy' : 'inaccuracies'}, {counts.mistake}{' '}
                    {counts.mistake === 1 ? 'mistake' : 'mistakes'}, {counts.blunder} {counts.blunder === 1 ? 'blunder' : 'blunders'}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/** The chart's points: Player 1's expected result, and the exact margin where proven. */
function chartPoints(chart: readonly (number | null)[], positions: readonly (PositionReview | undefined)[]): EvalPoint[] {
  return chart.map((chance, index) => {
    const position = positions[index];
    return { chance, exact: position?.exact ?? false, margin: position ? exactValueFor(position, 0) : null };
  });
}
