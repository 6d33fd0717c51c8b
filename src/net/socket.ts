/**
 * The one socket.io connection to the game server (SPEC §4 "Socket connection", §7 "Realtime
 * socket", §9 "Socket client"). Its connection's changes (connected, disconnected with the
 * reason, an error with the message) go to whoever subscribed with onConnection: the room's
 * statechart (src/ui/multiplayer/roomActor.ts) and a spectator's connection; the page's shared
 * connection also surfaces them as SPEC §9's window events. The socket is
 * typed with the protocol's events, and every acknowledgement is parsed by its event's schema
 * (parseAck) before anyone sees it (ARCHITECTURE.md rule 4).
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type {
  AckOf,
  Answered,
  ClientEventName,
  ClientEventPayload,
  ClientRequest,
  ClientToServerEvents,
  EmptyPayload,
  HandshakeAuth,
  ServerEventName,
  ServerToClientEvents,
} from '../protocol/messages';
import { SERVER_ERRORS } from '../protocol/messages';
import { parseAck, parseAnswer } from '../protocol/parse';
import { getSupabase } from '../services/supabase';
import { loadRejoinToken } from './rejoin';

export const NOT_CONNECTED = 'Socket not connected';

/**
 * SPEC §9: auto-connect, reconnection on, 5 attempts, 1000 ms delay, 5000 ms maximum, 20000 ms
 * time-out. WebSocket first: one connection, so a load balancer in front of several
 * game nodes needs no sticky sessions; long-polling only where WebSockets are blocked.
 */
export const SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
  autoConnect: true,
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
} as const satisfies Partial<ManagerOptions & SocketOptions>;

/** An acknowledgement that never comes must not leave a button busy forever. */
export const ACK_TIMEOUT = 10_000;

export type Unsubscribe = () => void;

/** What happened to the connection (socket.io's connect, disconnect and connect_error). */
export type ConnectionChange = { type: 'connected' } | { type: 'disconnected'; reason: string } | { type: 'error'; message: string };

/** The page's end of the typed socket.io connection. */
export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A client event's payload argument: optional for the events without data. */
export type PayloadArgs<E extends ClientEventName> =
  ClientEventPayload<E> extends EmptyPayload ? [payload?: EmptyPayload] : [payload: ClientEventPayload<E>];

export interface SocketService {
  /** Opens the connection (once; later calls reuse it). */
  connect(): void;
  /**
   * Sends a client event and resolves with its acknowledgement, parsed by the event's schema:
   * a malformed one resolves as {success: false, error} naming the field. Rejects when none
   * comes within ACK_TIMEOUT. Throws before connecting.
   */
  emit<E extends ClientEventName>(event: E, ...payload: PayloadArgs<E>): Promise<AckOf<E>>;
  /**
   * The same for a request held as any client event (the room machine's): it resolves with the
   * request and its parsed acknowledgement together, so a switch on the event types both.
   */
  send(request: ClientRequest): Promise<Answered>;
  /**
   * Listens to a server event; returns the unsubscribe. Throws before connecting. The payload
   * arrives as it came off the wire: the listener parses it (parseServerEvent).
   */
  on(event: ServerEventName, handler: (payload: unknown) => void): Unsubscribe;
  isConnected(): boolean;
  /** Hears every change of the connection from now on; returns the unsubscribe. */
  onConnection(listener: (change: ConnectionChange) => void): Unsubscribe;
  /** Closes the connection; a later connect() opens a new one. */
  disconnect(): void;
}

export interface SocketServiceOptions {
  url: string;
  /** The signed-in user's access token, read at each (re)connection; null when anonymous. */
  getToken(): Promise<string | null>;
  /** The rejoin token of the room this tab was in, if any: the server puts the player back. */
  getRejoinToken?: () => string | null;
  /**
   * Reports the signed-in user's id (null when anonymous) at once and at every auth change;
   * returns the unsubscribe. When the user changes (a sign-in, a sign-out) the connection starts
   * again, so the server counts the player as who they now are: a signed-out token counts for
   * nobody, and without a new handshake the old one would go on counting the socket as signed in.
   */
  watchUser?: (changed: (userId: string | null) => void) => Unsubscribe;
  /** Tests only: other reconnection timings than SPEC §9's. */
  timings?: Partial<Pick<ManagerOptions, 'reconnectionAttempts' | 'reconnectionDelay' | 'reconnectionDelayMax'>> & { retryAfterGivingUpMs?: number };
}

/**
 * After SPEC §9's five reconnection attempts (about 17 s) the page does not give up: a server
 * restart (a deploy, or a crash with its rooms rebuilt from the log) can take longer, and the
 * game is waiting on the other side. It tries again at this pace, as lichess does.
 */
export const RETRY_AFTER_GIVING_UP_MS = 10_000;

/** Builds the service; the page uses the shared `socketService` below. */
export function createSocketService({ url, getToken, getRejoinToken = () => null, watchUser = () => () => {}, timings = {} }: SocketServiceOptions): SocketService {
  const { retryAfterGivingUpMs = RETRY_AFTER_GIVING_UP_MS, ...reconnection } = timings;
  let socket: GameSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let unwatch: Unsubscribe = () => {};
  /** Connecting again to another node, asked for by the server: not a drop. */
  let moving = false;

  /** Connects again through the load balancer, asking for `node` (nginx sends `?node=` there). */
  const follow = (current: GameSocket, node: string) =>
    new Promise<void>((resolve, reject) => {
      moving = true;
      const done = (error?: Error) => {
        moving = false;
        clearTimeout(timer);
        current.off('connect', onConnect);
        if (error) reject(error);
        else resolve();
      };
      const onConnect = () => done();
      const timer = setTimeout(() => done(new Error(NOT_CONNECTED)), ACK_TIMEOUT);
      current.io.opts.query = { ...current.io.opts.query, node };
      current.on('connect', onConnect);
      current.disconnect().connect();
    });
  const listeners = new Set<(change: ConnectionChange) => void>();
  const tell = (change: ConnectionChange) => {
    for (const listener of [...listeners]) listener(change);
  };

  /** Sends a client event; resolves with its acknowledgement as it came, before any parsing. */
  const ask = (event: ClientEventName, payload: unknown): Promise<unknown> => {
    if (!socket?.connected) throw new Error(NOT_CONNECTED);
    const current = socket;
    const send = () => {
      // Untyped here on purpose: socket.io would type the acknowledgement as the protocol
      // promises, but it is untrusted until its schema has parsed it.
      const timed = current.timeout(ACK_TIMEOUT) as unknown as { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
      return payload === undefined ? timed.emitWithAck(event) : timed.emitWithAck(event, payload);
    };
    return send().then(async (ack) => {
      // Several nodes: the room is on another node. Connect to it and join there,
      // so that the room's players sit on its node: nothing of the game crosses between nodes.
      const node = elsewhere(ack);
      if (event !== 'room:join' || node === null || current.io.opts.query?.node === node) return ack;
      await follow(current, node);
      return send();
    });
  };

  return {
    connect() {
      if (socket) return;
      socket = io(url, {
        ...SOCKET_OPTIONS,
        ...reconnection,
        // A function, so every reconnection sends the token current at that moment.
        auth: (send) => {
          const handshake = (token: string | null) => {
            // Told that a room is on another node, this page connects again to that one.
            const auth: HandshakeAuth = { follow: true };
            if (token) auth.token = token;
            const rejoinToken = getRejoinToken();
            if (rejoinToken) auth.rejoinToken = rejoinToken;
            send(auth as Record<string, unknown>);
          };
          getToken().then(handshake, () => handshake(null));
        },
      });
      // Moving to a room's node is no news to the page: it never left the lobby.
      socket.on('connect', () => moving || tell({ type: 'connected' }));
      socket.on('disconnect', (reason) => moving || tell({ type: 'disconnected', reason }));
      socket.on('connect_error', (error) => tell({ type: 'error', message: error.message }));
      const current = socket;
      current.io.on('reconnect_failed', () => {
        retry = setTimeout(() => socket === current && current.connect(), retryAfterGivingUpMs);
      });
      // Undefined until the first report: the handshake under way already carries that user.
      let user: string | null | undefined;
      unwatch = watchUser((next) => {
        const changed = user !== undefined && next !== user;
        user = next;
        // Not connected, the next (re)connection reads the token current then.
        if (changed && socket === current && current.connected) current.disconnect().connect();
      });
    },
    emit<E extends ClientEventName>(event: E, payload?: unknown): Promise<AckOf<E>> {
      return ask(event, payload).then((ack) => parseAck(event, ack));
    },
    send(request) {
      return ask(request.event, request.payload).then((ack) => parseAnswer(request, ack));
    },
    on(event, handler) {
      if (!socket) throw new Error(NOT_CONNECTED);
      const current = socket;
      current.on(event, handler);
      return () => {
        current.off(event, handler);
      };
    },
    isConnected: () => socket?.connected ?? false,
    onConnection(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    disconnect() {
      unwatch();
      unwatch = () => {};
      clearTimeout(retry);
      socket?.disconnect();
      socket = null;
    },
  };
}

/** The node to join a room on, when an acknowledgement says the room is elsewhere; else null. */
function elsewhere(ack: unknown): string | null {
  if (typeof ack !== 'object' || ack === null) return null;
  const { success, error, node } = ack as { success?: unknown; error?: unknown; node?: unknown };
  return success === false && error === SERVER_ERRORS.roomElsewhere && typeof node === 'string' && /^[\w.:-]{1,100}$/.test(node) ? node : null;
}

/** The signed-in user's access token, or null (anonymous, or no backend configured). */
async function sessionToken(): Promise<string | null> {
  try {
    const { data } = await getSupabase().auth.getSession();
    return data.session?.access_token ?? null;
  } catch {
    return null;
  }
}

/** The signed-in user's id at each of supabase-js's auth events (null when signed out); none without a backend. */
function watchSignedInUser(changed: (userId: string | null) => void): Unsubscribe {
  try {
    const { data } = getSupabase().auth.onAuthStateChange((_event, session) => {
      // Deferred: supabase-js holds its auth lock during the callback, and the handshake reads the session.
      setTimeout(() => changed(session?.user.id ?? null), 0);
    });
    return () => data.subscription.unsubscribe();
  } catch {
    return () => {};
  }
}

/** The game server's address: VITE_SOCKET_URL, else the page's own origin. */
export function socketUrl(): string {
  const configured: unknown = import.meta.env.VITE_SOCKET_URL;
  return typeof configured === 'string' && configured ? configured : window.location.origin;
}

/**
 * SPEC §9: the connection's states surfaced as window events — websocket-connected,
 * websocket-disconnected with the reason, websocket-error with the message — for any part of the
 * page, or of a page that embeds the game, that follows them without holding the socket.
 */
export function surfaceAsWindowEvents(service: SocketService, target: EventTarget): Unsubscribe {
  return service.onConnection((change) => {
    const detail = change.type === 'disconnected' ? change.reason : change.type === 'error' ? change.message : null;
    target.dispatchEvent(new CustomEvent(`websocket-${change.type}`, { detail }));
  });
}

let shared: SocketService | null = null;

/** The page's one connection, made on first use (modules stay loadable in Node tests). */
export function socketService(): SocketService {
  if (!shared) {
    shared = createSocketService({ url: socketUrl(), getToken: sessionToken, getRejoinToken: loadRejoinToken, watchUser: watchSignedInUser });
    surfaceAsWindowEvents(shared, window);
  }
  return shared;
}
