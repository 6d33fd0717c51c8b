/**
 * After a game that ended on a full board: play again in the same room (not in the spec; as
 * lichess's Rematch). Either player asks; the other sees the offer and accepts with the same
 * button; then the next game counts down ('Game starting in N...') with the seats swapped.
 */
import { rematchOf, type RoomContext, type RoomEvent } from '../../machines/room.machine';

export interface RematchPanelProps {
  context: RoomContext;
  busy: boolean;
  send(event: RoomEvent): void;
}

export function RematchPanel({ context, busy, send }: RematchPanelProps) {
  const rematch = rematchOf(context);
  if (rematch === 'none') return null;
  const opponent = context.players.find((p) => p.id !== context.localPlayerId)?.username ?? 'Your opponent';
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
