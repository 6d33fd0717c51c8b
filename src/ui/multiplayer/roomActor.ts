/**
 * The page's one room actor, shared by the lobby (/multiplayer) and the game
 * (/multiplayer/game) so moving between them keeps the room. It is wired to the socket
 * service here: the machine itself knows nothing of socket.io.
 */
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ERRORS, roomMachine, type RoomActor, type RoomEvent } from '../../machines/room.machine';
import { SERVER_EVENT_NAMES } from '../../protocol/events';
import type { Answered, ClientRequest } from '../../protocol/messages';
import { parseServerEvent } from '../../protocol/server-events';
import { saveRejoinToken } from '../../net/rejoin';
import { socketService } from '../../net/socket';
import { showNotice } from './roomNotices';
import { logger } from '../../services/logger';

/** The connection's changes and every server event, into the machine. */
const connection = fromCallback<RoomEvent>(({ sendBack }) => {
  const socket = socketService();
  const offs: (() => void)[] = [
    socket.onConnection((change) => {
      if (change.type === 'connected') sendBack({ type: 'socket.connected' });
      else if (change.type === 'disconnected') sendBack({ type: 'socket.disconnected', reason: change.reason });
      else sendBack({ type: 'socket.error', message: change.message });
    }),
  ];
  try {
    socket.connect();
    try {
      for (const name of SERVER_EVENT_NAMES) {
        // Parsed here, at the edge (ARCHITECTURE.md rule 4): a malformed event is dropped and logged.
        offs.push(
          socket.on(name, (payload) => {
            const parsed = parseServerEvent(name, payload);
            if (parsed.ok) sendBack(parsed.message);
            else logger.error(`Dropped server event ${name}: ${parsed.error}`);
          }),
        );
      }
    } catch {
      sendBack({ type: 'socket.failed', message: ERRORS.listeners });
    }
    // The socket outlives this actor's predecessors: it may be connected already.
    if (socket.isConnected()) sendBack({ type: 'socket.connected' });
  } catch {
    sendBack({ type: 'socket.failed', message: ERRORS.connect });
  }
  return () => {
    for (const off of offs) off();
  };
});

/** One request out, answered with its parsed acknowledgement. */
const request = fromPromise<Answered, ClientRequest>(({ input }) => socketService().send(input));

let shared: RoomActor | null = null;

/** The room actor, started on first use and kept for the life of the page. */
export function roomActor(): RoomActor {
  if (shared) return shared;
  const actor = createActor(roomMachine.provide({ actors: { connection, request } }));
  // Starts at null, not undefined: a fresh actor must not wipe the token a reload rejoins with.
  let token: string | null = null;
  actor.subscribe(({ context }) => {
    if (context.rejoinToken === token) return;
    token = context.rejoinToken;
    saveRejoinToken(token);
  });
  // Shown by the pages in a dialog (RoomNoticeDialog, OnlineResults). The room is already
  // cleared after a forfeit, so the game page then goes to the lobby, which shows it there.
  actor.on('notice', showNotice);
  shared = actor.start();
  return shared;
}
