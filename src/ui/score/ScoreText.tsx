import { formatScore, scoreDigits } from './format';
import './score.css';

/**
 * A score where room is short (cards, tables, lists): compact when long ("1.37 × 10¹¹"), with
 * every digit in its tooltip and in the text a screen reader reads ("137,438,953,472").
 */
export function ScoreText({ score }: { score: bigint }) {
  const digits = scoreDigits(score);
  const shown = formatScore(score);
  if (shown === digits) return <>{digits}</>;
  return (
    <span className="score-text" title={digits}>
      <span aria-hidden="true">{shown}</span>
      <span className="score-sr-only">{digits}</span>
    </span>
  );
}
