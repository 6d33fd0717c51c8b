/**
 * The game page's score display (SPEC §2 "Game page"): both scores with their per-group
 * breakdown, the player to move underlined and bold, a trophy by the strict leader.
 */
import { Fragment } from 'react';
import type { Progress } from '../../game/types';
import { groupFactors } from '../groupFactors';
import { formatScore, leaderOf } from './format';
import './score.css';

export interface ScoreDisplayProps {
  scores: [number, number];
  groups: [number[], number[]]; // each player's group values, any order
  currentPlayer: 0 | 1;
  names: [string, string];
  progress: Progress;
}

/** The breakdown, e.g. 4²×3: values descending, repeats as exponents. Empty without groups. */
export function Breakdown({ groups }: { groups: readonly number[] }) {
  return (
    <>
      {groupFactors(groups).map(({ value, count }, index) => (
        <Fragment key={value}>
          {index > 0 && '×'}
          {value}
          {count > 1 && <sup>{count}</sup>}
        </Fragment>
      ))}
    </>
  );
}

export function ScoreDisplay({ scores, groups, currentPlayer, names, progress }: ScoreDisplayProps) {
  const leader = leaderOf(scores);
  // Once the game is over nobody is to move, so nobody is marked active.
  const active = progress === 'over' ? null : currentPlayer;
  return (
    <section className="score-display" aria-label="Scores">
      {([0, 1] as const).map((player) => {
        const isActive = active === player;
        return (
          <div
            key={player}
            className={`score-player player-${player}${isActive ? ' active' : ''}`}
            aria-current={isActive ? 'true' : undefined}
          >
            <div className="score-name">
              <span className={`score-swatch player-${player}`} aria-hidden="true" />
              <span className="score-name-text">{names[player]}</span>
            </div>
            <div className="score-line">
              <span className="score-value" data-testid={`score-${player}`} data-score={scores[player]}>
                {formatScore(scores[player])}
              </span>
              {leader === player && (
                <span className="score-trophy" role="img" aria-label="Leader">
                  <TrophyIcon />
                </span>
              )}
            </div>
            <div className="score-breakdown" data-testid={`breakdown-${player}`}>
              <Breakdown groups={groups[player]} />
            </div>
          </div>
        );
      })}
    </section>
  );
}

/** Drawn rather than an emoji: not every system has a colour emoji font. */
function TrophyIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#e6a817"
        d="M7 3h10v2h3v3a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V5h3V3Zm10 4v3a2 2 0 0 0 1-2V7h-1ZM6 7v1a2 2 0 0 0 1 2V7H6Z"
      />
    </svg>
  );
}
