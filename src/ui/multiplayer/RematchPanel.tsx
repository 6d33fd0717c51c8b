/**
 * After a game that ended on a full board: play again in the same room (not in the spec; as
 * lichess's Rematch). Either player asks; the other sees the offer and accepts with the same
 * button; then the next game counts down ('Game starting in N...') with the seats swapped.
 */
import { localSeat, rematchOf, type RoomContext, type RoomEvent } from '../../machines/room.machine';
import { otherPlayer, seatName } from '../../protocol/rules';

export interface RematchPanelProps {
  context: RoomContext;
  busy: boolean;
  send(event: RoomEvent): void;
}

export function RematchPanel({ context, busy, send }: RematchPanelProps) {
  const rematch = rematchOf(context);
  if (rematch === 'none') return null;
  // The opponent of the game just played, by seat: the room's list may have changed since.
  const seat = localSeat(context);
  const opponent = context.gameState && seat !== null ? seatName(context.gameState, otherPlayer(seat)) : 'Your opponent';
  const note = {
    open: null,
    offered: `${opponent} wants a rematch`,
    asked: context.gameCountdown === null ? `Waiting for ${opponent} to accept…` : null,
    'opponent-left': 'Your opponent has left the room',
  }[rematch];

  return (
    <section className="multiplayer-rematch" aria-label="Rematch">
      {context.gameCountdown !== null && (
        <p className="multiplayer-countdown" role="status">
          Game starting in {context.gameCountdown}...
        </p>
      )}
      {note && <p className="multiplayer-note">{note}</p>}
      {rematch !== 'opponent-left' && (
        <button
          type="button"
          className="button button-primary"
          disabled={busy || rematch === 'asked'}
          onClick={() => send({ type: 'rematch.request' })}
        >
          Rematch
        </button>
      )}
    </section>
  );
}
