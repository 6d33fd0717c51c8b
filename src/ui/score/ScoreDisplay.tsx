/**
 * The player panel (SPEC §2 "Game page"): both players' names with their colour chips,
 * their scores with the per-group breakdown, the player to move underlined and bold in a card
 * outlined in their colour, a trophy by the strict leader; under them whose turn it is and the
 * last move in words, and once the board is full a banner with the result that reopens Game
 * Results. Beside the board on wide screens, above it on narrow ones (game.css).
 */
import { Fragment } from 'react';
import { breakdownInWords } from '../../game/notation';
import type { Progress } from '../../game/types';
import { groupFactors } from '../groupFactors';
import { leaderOf, scoreDigits } from './format';
import { ScoreText } from './ScoreText';
import './score.css';

export interface ScoreDisplayProps {
  scores: readonly [bigint, bigint]; // exact
  groups: [number[], number[]]; // each player's group values, any order
  currentPlayer: 0 | 1;
  names: [string, string];
  progress: Progress;
  /** Online: this browser's seat, marked "(You)". */
  you?: 0 | 1 | undefined;
  /** "Your turn", "Player 2 to move", "The AI is thinking…" (panelWords.ts). */
  turn?: string | undefined;
  /** "Player 2 played c3"; empty before the first move. */
  lastMove?: string | undefined;
  /** Once the board is full: the result, and how to see Game Results again. */
  over?: { result: string; onShowResults?: (() => void) | undefined } | undefined;
}

/** The breakdown, e.g. 4²×3: values descending, repeats as exponents. Empty without groups. */
export function Breakdown({ groups }: { groups: readonly number[] }) {
  const factors = groupFactors(groups);
  if (factors.length === 0) return null;
  // Read aloud as "4 squared times 3" rather than bare digits and superscripts.
  return (
    <span role="img" aria-label={breakdownInWords(factors)}>
      {factors.map(({ value, count }, index) => (
        <Fragment key={value}>
          {index > 0 && '×'}
          {value}
          {count > 1 && <sup>{count}</sup>}
        </Fragment>
      ))}
    </span>
  );
}

export function ScoreDisplay({ scores, groups, currentPlayer, names, progress, you, turn, lastMove, over }: ScoreDisplayProps) {
  const leader = leaderOf(scores);
  // Once the game is over nobody is to move, so nobody is marked active.
  const active = progress === 'over' ? null : currentPlayer;
  return (
    <section className="score-display" aria-label="Scores">
      <div className="score-players">
        {([0, 1] as const).map((player) => (
          <PlayerCard
            key={player}
            player={player}
            name={names[player]}
            score={scores[player]}
            groups={groups[player]}
            active={active === player}
            leader={leader === player}
            you={you === player}
          />
        ))}
      </div>
      {over ? (
        <div className="score-over">
          <span className="score-over-text">
            <span className="score-over-label">Game over:</span> {over.result}
          </span>
          {over.onShowResults && (
            <button type="button" className="button button-primary score-over-button" onClick={over.onShowResults}>
              Show Results
            </button>
          )}
        </div>
      ) : (
        turn !== undefined && (
          <p className="score-turn" role="status">
            {turn}
          </p>
        )
      )}
      {lastMove !== undefined && <p className="score-last-move">{lastMove || '\u00a0'}</p>}
    </section>
  );
}

interface PlayerCardProps {
  player: 0 | 1;
  name: string;
  score: bigint;
  groups: number[];
  active: boolean;
  leader: boolean;
  you: boolean;
}

/** One player: colour chip and name, score (with the trophy when strictly ahead), breakdown. */
function PlayerCard({ player, name, score, groups, active, leader, you }: PlayerCardProps) {
  return (
    <div className={`score-player player-${player}${active ? ' active' : ''}`} aria-current={active ? 'true' : undefined}>
      <div className="score-name">
        <span className={`score-swatch player-${player}`} aria-hidden="true" />
        <span className="score-name-text" title={name}>
          {name}
        </span>
        {you && <span className="score-you">(You)</span>}
      </div>
      <div className="score-line">
        <span className="score-value" data-testid={`score-${player}`} data-score={String(score)} title={scoreDigits(score)}>
          <ScoreText score={score} />
        </span>
        {leader && (
          <span className="score-trophy" role="img" aria-label="Leader">
            <TrophyIcon />
          </span>
        )}
      </div>
      <div className="score-breakdown" data-testid={`breakdown-${player}`}>
        <Breakdown groups={groups} />
      </div>
    </div>
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
