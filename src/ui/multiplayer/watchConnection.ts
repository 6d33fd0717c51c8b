/**
 * A spectator's connection: a socket.io connection of its own, apart from the page's
 * room connection (src/net/socket.ts's shared one), so that a spectator never carries a rejoin
 * token and the room actor never hears a watched room's events as its own. It asks room:watch on
 * every (re)connection: spectators are not part of the rooms a server rebuilds after a restart, so
 * the page watches again. Every acknowledgement and event is parsed at the edge.
 */
import { SERVER_EVENT_NAMES } from '../../protocol/events';
import { parseServerEvent } from '../../protocol/server-events';
import { createSocketService, type SocketServiceOptions } from '../../net/socket';
import type { WatchAction } from './watchState';
import { logger } from '../../services/logger';

export const WATCH_TEXTS = {
  reconnecting: 'Connection lost: reconnecting…',
  noAnswer: 'The game server did not answer: trying again when the connection is back',
} as const;

export interface WatchConnectionOptions {
  url: string;
  /** Tests only: quicker reconnections. */
  timings?: SocketServiceOptions['timings'];
}

/** Watches the room `code`, telling `dispatch` all it hears, until the returned function closes it. */
export function openWatch(code: string, dispatch: (action: WatchAction) => void, { url, timings }: WatchConnectionOptions): () => void {
  let open = true;
  const tell = (action: WatchAction) => open && dispatch(action);
  const service = createSocketService({ url, getToken: () => Promise.resolve(null), timings });
  const watch = () => {
    try {
      service.emit('room:watch', { code }).then(
        (ack) => tell(ack.success ? { type: 'watched', watched: ack } : { type: 'refused', error: ack.error }),
        () => tell({ type: 'disconnected', message: WATCH_TEXTS.noAnswer }),
      );
    } catch {
      tell({ type: 'disconnected', message: WATCH_TEXTS.reconnecting });
    }
  };
  const stopHearing = service.onConnection((change) => {
    if (change.type === 'connected') watch();
    else if (change.type === 'disconnected') tell({ type: 'disconnected', message: WATCH_TEXTS.reconnecting });
  });
  service.connect();
  for (const name of SERVER_EVENT_NAMES) {
    service.on(name, (payload) => {
      const parsed = parseServerEvent(name, payload);
      if (parsed.ok) tell(parsed.message);
      else logger.error(`Dropped server event ${name}: ${parsed.error}`);
    });
  }
  return () => {
    open = false;
    stopHearing();
    // The server takes a spectator who goes off the count.
    service.disconnect();
  };
}
