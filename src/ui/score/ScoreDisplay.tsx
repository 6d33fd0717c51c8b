/**
 * The player panel (SPEC §2 "Game page"): both players' names with their colour chips,
 * their scores with the per-group breakdown, the player to move underlined and bold in a card
 * outlined in their colour, a trophy by the strict leader; under them whose turn it is and the
 * last move in words, and once the board is full a banner with the result that reopens Game
 * Results. The analysis board shows it (the local and online games and the replay show one
 * PlayerStrip per player instead).
 */
import type { Progress } from '../../game/types';
import { Breakdown } from './Breakdown';
import { leaderOf, scoreDigits } from './format';
import { ScoreText } from './ScoreText';
import { TrophyIcon } from './TrophyIcon';
import { TurnOrResult } from './TurnOrResult';
import './score.css';

export { Breakdown };

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
      <TurnOrResult turn={turn} over={over} />
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
