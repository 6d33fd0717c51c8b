/**
 * The players' actions in one bar (ActionBar: at the bottom of a phone's screen, within the
 * thumb's reach): Request Undo (Withdraw while asked), Back to Lobby, Home and, last and apart,
 * Forfeit. Each keeps its full name as its accessible name, whatever label the phone shows.
 */
import { canRequestUndo, ownUndo, undoRefusalOf, type RoomContext, type RoomEvent } from '../../machines/room.machine';
import { ActionBar, ActionButton } from '../layout/ActionBar';

interface OnlineActionsProps {
  context: RoomContext;
  busy: boolean;
  send(event: RoomEvent): void;
  playing: boolean;
  over: boolean;
  onLeave(to: string): void;
  onForfeit(): void;
}

export function OnlineActions({ context, busy, send, playing, over, onLeave, onForfeit }: OnlineActionsProps) {
  const asked = ownUndo(context) !== null && playing;
  return (
    <ActionBar label="Game actions">
      <ActionButton
        label="Request Undo"
        short="Undo"
        aria-label="Request Undo"
        icon="undo"
        disabled={!canRequestUndo(context)}
        title={playing ? undoRefusalOf(context) : undefined}
        aria-describedby={playing ? 'mp-undo-left' : undefined}
        onClick={() => send({ type: 'undo.request' })}
      />
      {asked && <ActionButton label="Withdraw" aria-label="Withdraw" icon="back" disabled={busy} onClick={() => send({ type: 'undo.withdraw' })} />}
      <ActionButton label="Back to Lobby" short="Lobby" aria-label="Back to Lobby" icon="back" onClick={() => onLeave('/multiplayer')} />
      <ActionButton label="Home" aria-label="Home" icon="home" onClick={() => onLeave('/home')} />
      {/* Apart and quiet: a forfeit is a decision, not a slip of the finger. */}
      <ActionButton label="Forfeit" aria-label="Forfeit" icon="flag" className="online-forfeit" disabled={over} onClick={onForfeit} />
    </ActionBar>
  );
}
