/**
 * One player's strip, as lichess shows a player above and below the board (SPEC §2 "Game page"):
 * colour dot, name (cut short with an ellipsis, the full name in its tooltip and accessible
 * text), rating, score with every digit, the breakdown, an optional clock; lit in the player's
 * colour on their turn, with an optional large turn text ("Your turn"). The score never loses a
 * digit: it shrinks with the strip and breaks only after a thousands separator (score.css).
 */
import type { ReactNode } from 'react';
import type { ScoringMechanism } from '../../engine';
import { Breakdown } from './Breakdown';
import { scoreDigits } from './format';
import { ScoreDigits } from './ScoreDigits';
import { TrophyIcon } from './TrophyIcon';
import './score.css';
import './strip.css';

export interface PlayerStripProps {
  player: 0 | 1;
  name: string;
  rating?: number | undefined;
  /** Exact: a bigint past 2^53 (a 16×16 expansion board reaches 2^96); a number is fine below. */
  score: number | bigint;
  /** The player's group values, any order. */
  groups: readonly number[];
  /** The breakdown reads the same in every mode (group values and exponents); kept for callers that know it. */
  mode?: ScoringMechanism | undefined;
  /** Their turn: the strip is lit in their colour and its score underlined and bold (SPEC §2). */
  active: boolean;
  /** Online: this browser's player, marked "(You)". */
  you?: boolean | undefined;
  /** Strictly ahead while playing (SPEC §2's trophy by the leading score). */
  leader?: boolean | undefined;
  /** The game is over and this player won: the trophy reads "Winner". */
  winner?: boolean | undefined;
  /** Large text in the lit strip, e.g. "Your turn". */
  turnText?: string | undefined;
  clock?: ReactNode;
}

export function PlayerStrip({ player, name, rating, score, groups, active, you, leader, winner, turnText, clock }: PlayerStripProps) {
  const exact = BigInt(score);
  const digits = scoreDigits(exact);
  const trophy = winner ? 'Winner' : leader ? 'Leader' : null;
  return (
    <div
      className={`player-strip score-player player-${player}${active ? ' active' : ''}`}
      aria-current={active ? 'true' : undefined}
      data-testid={`player-strip-${player}`}
    >
      <div className="strip-head">
        <span className={`score-swatch player-${player}`} aria-hidden="true" />
        <span className="strip-name score-name">
          <span className="score-name-text" title={name}>
            {name}
          </span>
          {rating !== undefined && <span className="strip-rating">{rating}</span>}
          {you && <span className="score-you">(You)</span>}
        </span>
        {trophy && (
          <span className="score-trophy" role="img" aria-label={trophy}>
            <TrophyIcon />
          </span>
        )}
        {active && turnText && <span className="strip-turn">{turnText}</span>}
        {clock !== undefined && clock !== null && <span className="strip-clock">{clock}</span>}
      </div>
      <div className="strip-body">
        <span className="score-line">
          <span className="score-value" data-testid={`score-${player}`} data-score={String(exact)} title={digits}>
            <ScoreDigits score={exact} />
          </span>
        </span>
        <span className="score-breakdown" data-testid={`breakdown-${player}`}>
          <Breakdown groups={groups} />
        </span>
      </div>
    </div>
  );
}
