import { Fragment } from 'react';
import { breakdownInWords } from '../game/notation';
import { groupFactors } from './groupFactors';
import { scoreDigits } from './score/format';

/** An exact score with its per-group breakdown, e.g. "4 × 2³ = 32". */
export function GroupBreakdown({ groups, score }: { groups: readonly number[]; score: bigint }) {
  const factors = groupFactors(groups);
  if (factors.length === 0) return <span className="breakdown">no groups</span>;
  return (
    // Read aloud as "4 times 2 cubed equals 32" rather than bare digits and superscripts.
    <span className="breakdown" role="img" aria-label={`${breakdownInWords(factors)} equals ${scoreDigits(score)}`}>
      {factors.map(({ value, count }, index) => (
        <Fragment key={value}>
          {index > 0 && ' × '}
          {value}
          {count > 1 && <sup>{count}</sup>}
        </Fragment>
      ))}
      {` = ${scoreDigits(score)}`}
    </span>
  );
}
