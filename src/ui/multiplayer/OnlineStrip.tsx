/**
 * A player's strip on the online pages (PlayerStrip): name in full where it fits, rating once a
 * rated game gave one, score and breakdown, the clock of a timed game, lit on their turn with
 * "Your turn" large in the player's own, and the trophy beside the winner once it is over.
 */
import type { PlayerIndex } from '../../engine';
import { winnerOf } from '../../game/result';
import type { FinishReason, GameStateView, TimeControl } from '../../protocol/messages';
import { SeatClock } from '../clocks/GameClocks';
import { PlayerStrip } from '../score/PlayerStrip';
import type { OnlineGame } from './OnlineGameView';

/** The winning seat: the server's word when it ended the game (a forfeit, a flag), else the full board's scores. */
export function winningSeat(gameState: GameStateView, finish: { winner: PlayerIndex | 'draw' | null; reason?: FinishReason } | null, over: boolean): PlayerIndex | null {
  if (!over) return null;
  const winner = finish ? finish.winner : winnerOf(gameState.scores);
  return winner === 0 || winner === 1 ? winner : null;
}

interface OnlineStripProps {
  game: OnlineGame;
  gameState: GameStateView;
  seat: PlayerIndex;
  timeControl: TimeControl;
  over: boolean;
  winner: PlayerIndex | null;
  /** This browser's player. */
  you?: boolean;
  rating?: number | undefined;
}

export function OnlineStrip({ game, gameState, seat, timeControl, over, winner, you, rating }: OnlineStripProps) {
  const active = !over && gameState.currentPlayer === seat;
  const name = game.names[seat];
  return (
    <PlayerStrip
      player={seat}
      name={name}
      rating={rating}
      score={gameState.scores[seat]}
      groups={game.breakdown[seat]}
      mode={gameState.scoringMechanism}
      active={active}
      you={you}
      winner={winner === seat}
      turnText={you ? 'Your turn' : undefined}
      clock={gameState.clocks ? <SeatClock clocks={gameState.clocks} seat={seat} name={name} timeControl={timeControl} you={you} /> : undefined}
    />
  );
}
