/** Server → client: one schema per event payload (the page parses them where they arrive). */
import * as v from 'valibot';
import { CountSchema, IdSchema, PlayerIndexSchema, RoomBoardSizeSchema, ScoringMechanismSchema, TimeControlSchema, must } from './common';
import { ClocksViewSchema, EnteredRoomSchema, GameStateViewSchema, MoveViewSchema, PlayerViewSchema, RoomSettingsSchema, RoomViewSchema, ScoresSchema } from './views';

const players = v.array(PlayerViewSchema);

export const PlayerJoinedPayloadSchema = v.object({ player: PlayerViewSchema, players, room: RoomViewSchema });

export const PlayerLeftPayloadSchema = v.object({
  playerId: IdSchema,
  players,
  /** The (possibly new) host. */
  hostId: IdSchema,
  room: RoomViewSchema,
});

export const SettingsUpdatedPayloadSchema = v.object({ settings: RoomSettingsSchema, room: RoomViewSchema });

export const PlayerReadyPayloadSchema = v.object({ playerId: IdSchema, ready: v.boolean(), players, room: RoomViewSchema });

export const GameStartingPayloadSchema = v.object({
  /** Seconds left: 3, 2, 1. */
  countdown: CountSchema,
  room: RoomViewSchema,
});

/** room:playerDisconnected and room:playerReconnected. */
export const PlayerConnectionPayloadSchema = v.object({
  playerId: IdSchema,
  players,
  /** The room after the change: a drop stops a countdown (status back to waiting). */
  room: RoomViewSchema,
  /** On a drop: ms the player has to come back before forfeiting (or, outside a game, losing the seat). */
  graceMs: v.optional(CountSchema),
});

export const GameStartedPayloadSchema = v.object({ room: RoomViewSchema, gameState: GameStateViewSchema });

export const MoveMadePayloadSchema = v.object({ gameState: GameStateViewSchema, move: MoveViewSchema });

/** The outcome of a rated game for one player (both players signed in). */
export const RatingChangeSchema = v.object({ playerId: v.string(), before: v.number(), after: v.number() });

/**
 * 'aborted': the game ended before both players had moved (a forfeit, a player gone, or the
 * first player idle): no winner, not rated. 'claimed': the opponent of an idle player claimed victory.
 * 'timeout': the player to move ran out of time; the other wins.
 */
export const FinishReasonSchema = v.picklist(
  ['board-full', 'forfeit', 'abandoned', 'aborted', 'claimed', 'timeout'],
  must('board-full, forfeit, abandoned, aborted, claimed or timeout'),
);

/**
 * Why a decided game between two signed-in players in a rated room changed no rating:
 * 'too-few-moves', it ended (not on a full board) before each player had made RATED_MIN_MOVES
 * moves; 'pair-limit', the two accounts had played RATED_GAMES_PER_PAIR_PER_DAY rated games in
 * the last 24 hours. Absent for a rated game, a casual one and an aborted one.
 */
export const UnratedReasonSchema = v.picklist(['too-few-moves', 'pair-limit'], must('too-few-moves or pair-limit'));

export const GameFinishedPayloadSchema = v.object({
  /** null when the game was aborted. */
  winner: v.union([PlayerIndexSchema, v.literal('draw'), v.null()], must('0, 1, draw or null')),
  scores: ScoresSchema,
  reason: FinishReasonSchema,
  gameState: GameStateViewSchema,
  room: RoomViewSchema,
  /** Present when the game was rated; written after the game ends, so possibly a moment later. */
  ratings: v.optional(v.strictTuple([RatingChangeSchema, RatingChangeSchema], must('two rating changes'))),
  /** Present when the game would have been rated but was not, and why. */
  unrated: v.optional(UnratedReasonSchema),
});

export const UndoRequestedPayloadSchema = v.object({ requestId: IdSchema, requestedBy: PlayerIndexSchema, playerId: IdSchema });

export const UndoApprovedPayloadSchema = v.object({ requestId: IdSchema, gameState: GameStateViewSchema });

export const UndoRejectedPayloadSchema = v.object({ requestId: IdSchema });

export const ForfeitedPayloadSchema = v.object({
  forfeitingPlayer: v.object({ id: v.string(), username: v.string(), index: PlayerIndexSchema }),
  winner: PlayerIndexSchema,
  reason: v.picklist(['forfeit', 'abandoned'], must('forfeit or abandoned')),
  /** As game:finished's, which comes after it: the page tells a forfeit's players whether it was rated. */
  unrated: v.optional(UnratedReasonSchema),
});

/** The requester took back their pending undo request. */
export const UndoWithdrawnPayloadSchema = v.object({ requestId: IdSchema });

/** The player to move has been idle for IDLE_CLAIM_MS: `claimant` may claim victory. */
export const VictoryClaimablePayloadSchema = v.object({ claimant: PlayerIndexSchema, room: RoomViewSchema });

/**
 * After a restart the clock of the player to move waits for them to come back (the
 * server's downtime and their reconnection are not their time); it runs again from now.
 */
export const ClockResumedPayloadSchema = v.object({ clocks: ClocksViewSchema });

/** The server is shutting down for a restart: reconnect (with the rejoin token) and carry on. */
export const ServerRestartingPayloadSchema = v.object({ message: v.string() });

/**
 * A public room waiting for an opponent, as the lobby lists it: what a stranger may
 * see before joining (no player ids, no tokens), and the code that joins it.
 */
export const OpenGameViewSchema = v.object({
  code: IdSchema,
  /** The host's username. */
  host: v.string(),
  /** The host's rating when they are signed in; null for an anonymous host. */
  hostRating: v.optional(v.nullable(v.number()), null),
  boardSize: RoomBoardSizeSchema,
  scoringMechanism: ScoringMechanismSchema,
  rated: v.boolean(),
  timeControl: TimeControlSchema,
  /** "No mirroring" in this room; a server that does not send it plays its rated rooms under it. */
  mirrorRule: v.optional(v.boolean()),
});

/** How many open games a lobby is sent at most (the newest): a flood of public rooms cannot bloat it. */
export const OPEN_GAMES_LIMIT = 50;

/** lobby:openGames: the open games, newest first; sent on lobby:subscribe and whenever the list changes. */
export const OpenGamesPayloadSchema = v.object({
  games: v.pipe(v.array(OpenGameViewSchema), v.maxLength(OPEN_GAMES_LIMIT, must(`at most ${OPEN_GAMES_LIMIT} games`))),
});
/** Paired by quick play into room `code`; the page enters it with room:rejoin and this token. */
export const PoolPairedPayloadSchema = v.object({ code: IdSchema, rejoinToken: IdSchema });

/** The number watching the room `code` now. */
export const SpectatorsPayloadSchema = v.object({ code: v.string(must('a string')), count: CountSchema });

/**
 * What a spectator gets on starting to watch: the room, its game (null before the first
 * game), how the game ended (null while it is under way) and how many are watching.
 */
export const WatchedRoomSchema = v.object({
  room: RoomViewSchema,
  gameState: v.nullable(GameStateViewSchema),
  result: v.nullable(v.object({ winner: GameFinishedPayloadSchema.entries.winner, reason: FinishReasonSchema })),
  spectators: CountSchema,
});

/**
 * Every server event, once: its name and the schema of its payload (the page parses it). The
 * names, the payload types, the socket.io event maps and the list of events the page listens to
 * are derived from this table (../messages.ts, ../events.ts).
 */
export const SERVER_EVENTS = {
  'room:playerJoined': PlayerJoinedPayloadSchema,
  'room:playerLeft': PlayerLeftPayloadSchema,
  'room:settingsUpdated': SettingsUpdatedPayloadSchema,
  'room:playerReady': PlayerReadyPayloadSchema,
  'room:gameStarting': GameStartingPayloadSchema,
  'room:playerDisconnected': PlayerConnectionPayloadSchema,
  'room:playerReconnected': PlayerConnectionPayloadSchema,
  'room:rejoined': EnteredRoomSchema,
  'game:started': GameStartedPayloadSchema,
  'game:moveMade': MoveMadePayloadSchema,
  'game:finished': GameFinishedPayloadSchema,
  'game:undoRequested': UndoRequestedPayloadSchema,
  'game:undoApproved': UndoApprovedPayloadSchema,
  'game:undoRejected': UndoRejectedPayloadSchema,
  'game:forfeited': ForfeitedPayloadSchema,
  'game:undoWithdrawn': UndoWithdrawnPayloadSchema,
  'game:victoryClaimable': VictoryClaimablePayloadSchema,
  'game:clockResumed': ClockResumedPayloadSchema,
  'server:restarting': ServerRestartingPayloadSchema,
  'lobby:openGames': OpenGamesPayloadSchema,
  'pool:paired': PoolPairedPayloadSchema,
  'room:spectators': SpectatorsPayloadSchema,
} as const;
