import { medalFor, rankLabel, type Medal } from './format';

/** Disc, rim and digit colours of each medal: drawn, so they look the same on every system. */
const COLOURS: Record<Medal, { disc: string; rim: string; digit: string }> = {
  gold: { disc: '#f2c230', rim: '#a67c00', digit: '#4d3800' },
  silver: { disc: '#d5dae1', rim: '#7d8590', digit: '#2f353d' },
  bronze: { disc: '#d9915a', rim: '#8a4b1c', digit: '#3d1f08' },
};

/** The digits 1, 2 and 3 as strokes in the 24-unit disc: no font needed. */
const DIGITS: Record<Medal, string> = {
  gold: 'M9.8 8.9 12.6 7v10',
  silver: 'M9.3 9.6a2.8 2.8 0 1 1 4.9 1.9L9.3 17h5.6',
  bronze: 'M9.4 7.2h5.2l-3 3.6a3 3 0 1 1-2.5 5.2',
};

/**
 * The rank column's mark: a gold, silver or bronze disc with its number for the top three (drawn
 * in SVG: an emoji medal shows as an empty box where no colour emoji font is installed), '#n'
 * after. The medals' text is '1st', '2nd', '3rd', for screen readers.
 */
export function Rank({ rank }: { rank: number }) {
  const medal = medalFor(rank);
  if (medal === null) return <span className="leaderboard-rank">{rankLabel(rank)}</span>;
  const { disc, rim, digit } = COLOURS[medal];
  return (
    <span className={`leaderboard-rank leaderboard-medal leaderboard-medal-${medal}`}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10.5" fill={disc} stroke={rim} strokeWidth="1.5" />
        <path d={DIGITS[medal]} fill="none" stroke={digit} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="leaderboard-sr-only">{rankLabel(rank)}</span>
    </span>
  );
}
