import { Fragment } from 'react';
import { breakdownInWords } from '../../game/notation';
import { groupFactors } from '../groupFactors';

/**
 * The breakdown (SPEC §2), e.g. 4² × 3: values descending, repeats as exponents, joined by ×.
 * Thin spaces around the × and exponents no smaller than 12 px (score.css) keep "3² × 2⁶ × 1²"
 * readable on a phone. Empty without groups.
 */
export function Breakdown({ groups }: { groups: readonly number[] }) {
  const factors = groupFactors(groups);
  if (factors.length === 0) return null;
  // Read aloud as "4 squared times 3" rather than bare digits and superscripts.
  return (
    <span className="breakdown-factors" role="img" aria-label={breakdownInWords(factors)}>
      {factors.map(({ value, count }, index) => (
        <Fragment key={value}>
          {index > 0 && <span className="breakdown-times">{'\u2009×\u2009'}</span>}
          <span className="breakdown-factor">
            {value}
            {count > 1 && <sup>{count}</sup>}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
