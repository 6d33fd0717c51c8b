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
                  🏆
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
