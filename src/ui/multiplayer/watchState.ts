/**
 * What a spectator's page knows of the room it watches: the room, its game, the result
 * once the game is over and the number watching. Pure: the watch connection (useWatch.ts) feeds it
 * the acknowledgement of room:watch and the room's server events, already parsed at the edge.
 */
import type { FinishReason, GameStateView, RoomView, WatchedRoom } from '../../protocol/messages';
import type { ServerEventMessage } from '../../protocol/server-events';

export interface WatchState {
  /** 'connecting' until the server has answered room:watch (again after each reconnection). */
  status: 'connecting' | 'watching' | 'refused';
  /** The server's refusal (say, 'Room not found'), or the connection's trouble. */
  error: string | null;
  room: RoomView | null;
  gameState: GameStateView | null;
  result: { winner: 0 | 1 | 'draw' | null; reason: FinishReason } | null;
  spectators: number;
}

export const initialWatch: WatchState = { status: 'connecting', error: null, room: null, gameState: null, result: null, spectators: 0 };

export type WatchAction =
  | { type: 'watched'; watched: WatchedRoom }
  | { type: 'refused'; error: string }
  /** The connection dropped: what is shown stays, until the server answers room:watch again. */
  | { type: 'disconnected'; message: string }
  | ServerEventMessage;

export function watchReducer(state: WatchState, action: WatchAction): WatchState {
  switch (action.type) {
    case 'watched': {
      const { room, gameState, result, spectators } = action.watched;
      return { status: 'watching', error: null, room, gameState, result, spectators };
    }
    case 'refused':
      return { ...state, status: 'refused', error: action.error };
    case 'disconnected':
      return { ...state, status: 'connecting', error: action.message };
  }
  // Events heard before the answer to room:watch are older than it (the socket joined the room
  // before the server took the view it answers with): the answer has them.
  if (state.status !== 'watching') return state;
  switch (action.type) {
    case 'room:playerJoined':
    case 'room:playerLeft':
    case 'room:settingsUpdated':
    case 'room:playerReady':
    case 'room:gameStarting':
    case 'room:playerDisconnected':
    case 'room:playerReconnected':
    case 'game:victoryClaimable':
      return { ...state, room: action.payload.room };
    case 'game:started':
      return { ...state, room: action.payload.room, gameState: action.payload.gameState, result: null };
    case 'game:moveMade': {
      const known = state.gameState?.moveCount ?? -1;
      return action.payload.gameState.moveCount > known ? { ...state, gameState: action.payload.gameState } : state;
    }
    case 'game:undoApproved':
      return { ...state, gameState: action.payload.gameState };
    case 'game:clockResumed':
      return state.gameState ? { ...state, gameState: { ...state.gameState, clocks: action.payload.clocks } } : state;
    case 'game:finished': {
      const { room, gameState, winner, reason } = action.payload;
      return { ...state, room, gameState, result: { winner, reason } };
    }
    case 'room:spectators':
      return action.payload.code === state.room?.code ? { ...state, spectators: action.payload.count } : state;
    default:
      return state;
  }
}

/** "3 watching". */
export const watchingText = (count: number): string => `${count} watching`;

/** The link that opens the room's game for spectators. */
export function watchLink(origin: string, code: string): string {
  return `${origin}/multiplayer/watch/${encodeURIComponent(code)}`;
}
