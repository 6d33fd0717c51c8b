/**
 * What can happen to a room: every command the reducer takes, as it is written to the room's
 * log. Commands carry every random value (ids, token hashes) so that replaying the log gives
 * the same room; the time comes with each log entry.
 */
import type { RoomBoardSize, RoomVisibility, TimeControl } from '../../../../src/protocol';

export type Command =
  /**
   * `mirrorRule`: the room starts with "No mirroring" on (every room since the rule). A room logged
   * before the rule has none: it played without it, and replaying its moves must keep them legal.
   */
  | { type: 'create'; roomId: string; code: string; playerId: string; username: string; userId: string | null; tokenHash: string; mirrorRule?: boolean }
  /**
   * Quick play: a new room for two players the pool paired, player 0 first, both ready;
   * each is away until they come back with their rejoin token, and the game counts down then.
   */
  | { type: 'paired'; roomId: string; code: string; settings: PairedSettings; players: [Entrant, Entrant] }
  | { type: 'join'; playerId: string; username: string; userId: string | null; tokenHash: string }
  | { type: 'leave'; playerId: string }
  | { type: 'setReady'; playerId: string; ready: boolean }
  | { type: 'updateSettings'; playerId: string; boardSize?: RoomBoardSize; scoringMechanism?: string; rated?: boolean; timeControl?: TimeControl; visibility?: RoomVisibility; mirrorRule?: boolean }
  | { type: 'start'; playerId: string }
  | { type: 'move'; playerId: string; row: number; col: number }
  | { type: 'requestUndo'; playerId: string; requestId: string }
  | { type: 'respondUndo'; playerId: string; requestId: string; approved: boolean }
  | { type: 'withdrawUndo'; playerId: string }
  | { type: 'forfeit'; playerId: string }
  | { type: 'claimVictory'; playerId: string }
  | { type: 'rematch'; playerId: string }
  /** The player's connection dropped: the seat is kept for the grace period. */
  | { type: 'dropped'; playerId: string }
  /** The player is back (rejoin token or a recovered connection). */
  | { type: 'back'; playerId: string }
  /**
   * The server started again: nobody is connected; every timer starts afresh from now. `lastAt`:
   * the time of the room's last logged command, up to which the player to move is charged.
   */
  | { type: 'restarted'; lastAt?: number }
  /** A deadline is due (the reducer applies every due deadline before any command). */
  | { type: 'tick' };

/** A player entering a room: the ids and token hash the command carries. */
export interface Entrant {
  playerId: string;
  username: string;
  userId: string | null;
  tokenHash: string;
}

/** What the pool chose for a paired room: its board size and time control; rated when both are signed in. */
export interface PairedSettings {
  boardSize: RoomBoardSize;
  timeControl: TimeControl;
  rated: boolean;
  /** "No mirroring": quick play pairs under it (absent in a room paired before the rule: off). */
  mirrorRule?: boolean;
}

export type CommandType = Command['type'];

/** The commands a seated player sends, less their player id. */
export type PlayerCommand = Extract<Command, { playerId: string }>;
