/**
 * Client → server: one schema per event payload (the server parses them) and one per
 * acknowledgement (the page parses them). Usernames and room codes fail with the texts the
 * player sees (SERVER_ERRORS); everything else names its field.
 */
import * as v from 'valibot';
import { nameProblem, normalName } from '../../game/names';
import { ROOM_CODE_LENGTH, SERVER_ERRORS, USERNAME_MAX } from '../messages';
import { IdSchema, RoomBoardSizeSchema, ScoringMechanismSchema, TimeControlSchema, VisibilitySchema, WholeNumberSchema, must } from './common';
import { WatchedRoomSchema } from './server';
import { EnteredRoomSchema, GameStateViewSchema, RoomViewSchema } from './views';

/**
 * A lobby username: 1..20 characters (SPEC §5) in the normal form accounts' usernames have
 * (src/game/names.ts: trimmed, NFKC), so a name reads and compares the same in a room as on a
 * profile. Nothing that shows (blank, or only invisible characters) asks for one; a character
 * that does not show is refused: `alice` with a zero-width space would sit beside `alice`, and a
 * NUL cannot be stored by PostgreSQL (a room's log entry holding it would never commit).
 */
export const UsernameSchema = v.pipe(
  v.nullish(v.string(must('a string')), ''),
  v.transform(normalName),
  v.check((name) => nameProblem(name) !== 'blank', SERVER_ERRORS.usernameRequired),
  v.check((name) => [...name].length <= USERNAME_MAX, SERVER_ERRORS.usernameTooLong),
  v.check((name) => nameProblem(name) !== 'invisible', SERVER_ERRORS.usernameUnprintable),
);

/** A room code: trimmed and upper-cased; blank asks for one; a string that cannot be a code names no room. */
export const RoomCodeSchema = v.pipe(
  v.nullish(v.string(must('a string')), ''),
  v.trim(),
  v.toUpperCase(),
  v.nonEmpty(SERVER_ERRORS.roomCodeRequired),
  v.length(ROOM_CODE_LENGTH, SERVER_ERRORS.roomNotFound),
  v.regex(/^[A-Z0-9]+$/, SERVER_ERRORS.roomNotFound),
);

export const CreateRoomPayloadSchema = v.object({ username: UsernameSchema });

/** The username is checked first: its text is the one a player with both wrong sees. */
export const JoinRoomPayloadSchema = v.object({ username: UsernameSchema, code: RoomCodeSchema });

export const SetReadyPayloadSchema = v.object({ ready: v.boolean() });

/** One or both of the fields. (Whether a mode is offered is the server's rule.) */
export const UpdateSettingsPayloadSchema = v.pipe(
  v.object({
    boardSize: v.optional(RoomBoardSizeSchema),
    scoringMechanism: v.optional(ScoringMechanismSchema),
    rated: v.optional(v.boolean()),
    timeControl: v.optional(TimeControlSchema),
    visibility: v.optional(VisibilitySchema),
    /** "No mirroring": the host's choice, on by default. */
    mirrorRule: v.optional(v.boolean()),
  }),
  v.check((s) => Object.values(s).some((value) => value !== undefined), 'must have boardSize, scoringMechanism, rated, timeControl, visibility or mirrorRule'),
);

/** The room to watch; a code that names no room fails as joining it would. */
export const WatchRoomPayloadSchema = v.object({ code: RoomCodeSchema });

/** A move {row, col} (row = y, col = x): whole numbers; the grid bounds are the server's check. */
export const MovePayloadSchema = v.object({ row: WholeNumberSchema, col: WholeNumberSchema });

export const RespondUndoPayloadSchema = v.object({
  requestId: v.pipe(IdSchema, v.maxLength(100, must('at most 100 characters'))),
  approved: v.boolean(),
});

export const RejoinPayloadSchema = v.object({
  rejoinToken: v.pipe(IdSchema, v.maxLength(200, must('at most 200 characters'))),
});

/** Quick play: the pool's board size and time control, and the name to play under. */
export const JoinPoolPayloadSchema = v.object({ username: UsernameSchema, boardSize: RoomBoardSizeSchema, timeControl: TimeControlSchema });

const isEmpty = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'object' && !Array.isArray(input) && Object.keys(input).length === 0);

/** Events without data: nothing, or an empty object. */
export const EmptyPayloadSchema = v.pipe(
  v.unknown(),
  v.check(isEmpty, must('nothing or {}')),
  v.transform((): Record<string, never> => ({})),
);

const handshakeToken = v.fallback(v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(4095))), undefined);

/**
 * The socket handshake's `auth`: a Supabase access token and/or a rejoin token; `follow`:
 * the client connects again to the node that owns a room when told to; anything else is ignored.
 */
export const HandshakeAuthSchema = v.fallback(
  v.object({ token: handshakeToken, rejoinToken: handshakeToken, follow: v.fallback(v.optional(v.boolean()), undefined) }),
  {},
);

// ---------------------------------------------------------------- acknowledgements

/** A refusal: the error text the page shows. */
export const AckFailureSchema = v.object({ success: v.literal(false), error: v.string() });

/** An acknowledgement carrying `entries` on success: {success: true, ...entries} | {success: false, error}. */
const ack = <E extends v.ObjectEntries>(entries: E) =>
  v.variant('success', [v.object({ success: v.literal(true), ...entries }), AckFailureSchema], must('true or false'));

const done = ack({});
const room = ack({ room: RoomViewSchema });
const enteredRoom = ack(EnteredRoomSchema.entries);

// ---------------------------------------------------------------- the events

/**
 * Every client event, once: its name, the schema of its payload (the server parses it) and of its
 * acknowledgement (the page parses it). The names, the payload and acknowledgement types, the
 * socket.io event maps, the lists of events and the server's transport are all derived from this
 * table (../messages.ts, ../events.ts, server/src/rooms/edge/transport.ts): a new event is a line
 * here, its handler on the server and the screen that sends it.
 */
export const CLIENT_EVENTS = {
  'room:create': { payload: CreateRoomPayloadSchema, ack: enteredRoom },
  'room:join': { payload: JoinRoomPayloadSchema, ack: enteredRoom },
  'room:leave': { payload: EmptyPayloadSchema, ack: done },
  'room:setReady': { payload: SetReadyPayloadSchema, ack: room },
  'room:updateSettings': { payload: UpdateSettingsPayloadSchema, ack: room },
  'room:rejoin': { payload: RejoinPayloadSchema, ack: enteredRoom },
  /**
   * After a finished game (not in SPEC §7; as lichess's rematch): ready for another game in the
   * same room. The first request takes the room back to waiting with the seats swapped (the other
   * player opens); when both have asked, the next game's countdown starts.
   */
  'room:rematch': { payload: EmptyPayloadSchema, ack: room },
  'game:start': { payload: EmptyPayloadSchema, ack: done },
  'game:move': { payload: MovePayloadSchema, ack: ack({ gameState: GameStateViewSchema }) },
  'game:requestUndo': { payload: EmptyPayloadSchema, ack: ack({ requestId: IdSchema }) },
  'game:respondUndo': { payload: RespondUndoPayloadSchema, ack: done },
  'game:forfeit': { payload: EmptyPayloadSchema, ack: done },
  /** The requester takes back their pending undo request (everyone hears game:undoWithdrawn). */
  'game:withdrawUndo': { payload: EmptyPayloadSchema, ack: done },
  /** The opponent of a player idle for IDLE_CLAIM_MS wins (game:finished, reason 'claimed'). */
  'game:claimVictory': { payload: EmptyPayloadSchema, ack: done },
  /** The lobby's open games, please: lobby:openGames now and whenever the list changes. */
  'lobby:subscribe': { payload: EmptyPayloadSchema, ack: done },
  /** No more lobby:openGames (the player entered a room or left the lobby). */
  'lobby:unsubscribe': { payload: EmptyPayloadSchema, ack: done },
  /**
   * Quick play (lichess's quick pairing): into the pool for an opponent with the same board size
   * and time control (signed-in players within a rating band that widens as they wait). `rated`:
   * whether the game will be (both signed in). Paired, both hear pool:paired.
   */
  'pool:join': { payload: JoinPoolPayloadSchema, ack: ack({ rated: v.boolean() }) },
  /** Out of the pool (Cancel); closing the page or a dropped socket does the same. */
  'pool:leave': { payload: EmptyPayloadSchema, ack: done },
  /**
   * Watch a room's game as a spectator (anyone with the code): the socket gets the room's
   * broadcasts from then on, never one player's events; every command of a watching socket is refused.
   */
  'room:watch': { payload: WatchRoomPayloadSchema, ack: ack(WatchedRoomSchema.entries) },
  /** Stop watching (also on disconnecting). */
  'room:unwatch': { payload: EmptyPayloadSchema, ack: done },
} as const;
