/**
 * The one socket.io connection to the game server (SPEC §4 "Socket connection", §7 "Realtime
 * socket", §9 "Socket client"). Its connection states are surfaced as window events
 * (websocket-connected, websocket-disconnected with the reason, websocket-error with the
 * message) so any part of the page can follow them without holding the socket.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { HandshakeAuth } from '../protocol/messages';
import { getSupabase } from '../services/supabase';
import { loadRejoinToken } from './rejoin';

export const NOT_CONNECTED = 'Socket not connected';

/** SPEC §9: auto-connect, reconnection on, 5 attempts, 1000 ms delay, 5000 ms maximum, 20000 ms time-out. */
export const SOCKET_OPTIONS = {
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

export interface SocketService {
  /** Opens the connection (once; later calls reuse it). */
  connect(): void;
  /** Sends an event and resolves with the server's acknowledgement. Throws before connecting. */
  emit<Ack = unknown>(event: string, payload?: unknown): Promise<Ack>;
  /** Listens to a server event; returns the unsubscribe. Throws before connecting. */
  on(event: string, handler: (payload: unknown) => void): Unsubscribe;
  isConnected(): boolean;
  /** Closes the connection; a later connect() opens a new one. */
  disconnect(): void;
}

export interface SocketServiceOptions {
  url: string;
  /** Receives the window events; the window in the browser, any EventTarget in tests. */
  events: EventTarget;
  /** The signed-in user's access token, read at each (re)connection; null when anonymous. */
  getToken(): Promise<string | null>;
  /** The rejoin token of the room this tab was in, if any: the server puts the player back. */
  getRejoinToken?: () => string | null;
}

/** Builds the service; the page uses the shared `socketService` below. */
export function createSocketService({ url, events, getToken, getRejoinToken = () => null }: SocketServiceOptions): SocketService {
  let socket: Socket | null = null;
  const fire = (type: string, detail?: unknown) => events.dispatchEvent(new CustomEvent(type, { detail }));

  return {
    connect() {
      if (socket) return;
      socket = io(url, {
        ...SOCKET_OPTIONS,
        // A function, so every reconnection sends the token current at that moment.
        auth: (send) => {
          const handshake = (token: string | null) => {
            const auth: HandshakeAuth = {};
            if (token) auth.token = token;
            const rejoinToken = getRejoinToken();
            if (rejoinToken) auth.rejoinToken = rejoinToken;
            send(auth as Record<string, unknown>);
          };
          getToken().then(handshake, () => handshake(null));
        },
      });
      socket.on('connect', () => fire('websocket-connected'));
      socket.on('disconnect', (reason) => fire('websocket-disconnected', reason));
      socket.on('connect_error', (error) => fire('websocket-error', error.message));
    },
    emit<Ack>(event: string, payload?: unknown): Promise<Ack> {
      if (!socket?.connected) throw new Error(NOT_CONNECTED);
      const timed = socket.timeout(ACK_TIMEOUT);
      return (payload === undefined ? timed.emitWithAck(event) : timed.emitWithAck(event, payload)) as Promise<Ack>;
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
    disconnect() {
      socket?.disconnect();
      socket = null;
    },
  };
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

function socketUrl(): string {
  const configured: unknown = import.meta.env.VITE_SOCKET_URL;
  return typeof configured === 'string' && configured ? configured : window.location.origin;
}

let shared: SocketService | null = null;

/** The page's one connection, made on first use (modules stay loadable in Node tests). */
export function socketService(): SocketService {
  shared ??= createSocketService({ url: socketUrl(), events: window, getToken: sessionToken, getRejoinToken: loadRejoinToken });
  return shared;
}
