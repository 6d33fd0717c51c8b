import { Fragment } from 'react';
import { scoreDigits } from './format';

/**
 * Every digit of a score, e.g. "79,228,162,514,264,337,593,543,950,336", allowed to break onto
 * a new line only after a thousands separator, so a 16×16 board's score fits a phone's box
 * without a digit group split in two.
 */
export function ScoreDigits({ score }: { score: bigint }) {
  const groups = scoreDigits(score).split(',');
  return (
    <>
      {groups.map((group, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <>
              ,<wbr />
            </>
          )}
          {group}
        </Fragment>
      ))}
    </>
  );
}
