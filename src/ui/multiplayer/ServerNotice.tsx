/**
 * "Server restarting — reconnecting…" after server:restarting: not a dialog, the page
 * stays usable; socket.io reconnects by itself and the rejoin token in the handshake puts the
 * player back in the room and game (src/net/socket.ts).
 */
import { RESTARTING_NOTICE, type RoomContext } from '../../machines/room.machine';

export function ServerNotice({ context }: { context: RoomContext }) {
  if (!context.serverRestarting) return null;
  return (
    <p className="multiplayer-note multiplayer-restarting" role="status" data-testid="server-notice">
      {RESTARTING_NOTICE}
    </p>
  );
}
