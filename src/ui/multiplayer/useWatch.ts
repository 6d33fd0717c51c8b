/**
 * A spectator's connection (issue 14): a socket.io connection of its own, apart from the page's
 * room connection (src/net/socket.ts's shared one), so that a spectator never carries a rejoin
 * token and the room actor never hears a watched room's events as its own. It asks room:watch on
 * every (re)connection: after a server restart, spectators are not part of the rooms the server
 * rebuilds, so the page watches again. Every event is parsed at the edge (parseServerEvent).
 */
import { useEffect, useReducer } from 'react';
import { SERVER_EVENTS } from '../../protocol/messages';
import { parseServerEvent } from '../../protocol/server-events';
import { createSocketService, socketUrl } from '../../net/socket';
import { initialWatch, watchReducer, type WatchState } from './watchState';

export const WATCH_TEXTS = {
  reconnecting: 'Connection lost: reconnecting…',
  noAnswer: 'The game server did not answer: trying again when the connection is back',
} as const;

export function useWatch(code: string): WatchState {
  const [state, dispatch] = useReducer(watchReducer, initialWatch);
  useEffect(() => {
    let open = true;
    const events = new EventTarget();
    const service = createSocketService({ url: socketUrl(), events, getToken: () => Promise.resolve(null) });
    const watch = () => {
      try {
        service.emit('room:watch', { code }).then(
          (ack) => open && dispatch(ack.success ? { type: 'watched', watched: ack } : { type: 'refused', error: ack.error }),
          () => open && dispatch({ type: 'disconnected', message: WATCH_TEXTS.noAnswer }),
        );
      } catch {
        dispatch({ type: 'disconnected', message: WATCH_TEXTS.reconnecting });
      }
    };
    const dropped = () => open && dispatch({ type: 'disconnected', message: WATCH_TEXTS.reconnecting });
    events.addEventListener('websocket-connected', watch);
    events.addEventListener('websocket-disconnected', dropped);
    service.connect();
    for (const name of Object.values(SERVER_EVENTS)) {
      service.on(name, (payload) => {
        const parsed = parseServerEvent(name, payload);
        if (!parsed.ok) return console.error(`Dropped server event ${name}: ${parsed.error}`);
        if (open) dispatch(parsed.message);
      });
    }
    return () => {
      open = false;
      events.removeEventListener('websocket-connected', watch);
      events.removeEventListener('websocket-disconnected', dropped);
      // The server takes a spectator who goes off the count.
      service.disconnect();
    };
  }, [code]);
  return state;
}
