/**
 * The views of a room and a game the server sends (messages.ts names their types), as schemas.
 * Unknown fields are dropped; a few fields older servers left out get their old defaults.
 */
import * as v from 'valibot';
import { boardStateToJson, parseBoardState } from '../../engine/boardState';
import { CountSchema, IdSchema, PlayerIndexSchema, RoomBoardSizeSchema, ScoreTextSchema, ScoringMechanismSchema, TimeControlSchema, VisibilitySchema, WholeNumberSchema, must } from './common';

export { TimeControlSchema };

export const RoomStatusSchema = v.picklist(['waiting', 'starting', 'playing', 'finished'], must('waiting, starting, playing or finished'));

export const RoomSettingsSchema = v.object({
  boardSize: RoomBoardSizeSchema, // 6 by default
  scoringMechanism: ScoringMechanismSchema, // 'connection' (the others are 'Coming Soon')
  maxPlayers: v.optional(CountSchema, 2),
  /**
   * The host's choice, rated (true, the default) or casual. A rated game changes the
   * ratings only when both players are signed in; a casual one never does.
   */
  rated: v.optional(v.boolean(), true),
  /** The host's choice; 'untimed' (the default) has no clocks. */
  timeControl: v.optional(TimeControlSchema, 'untimed'),
  /** The host's choice; 'public' lists the waiting room in the lobby's open games. */
  visibility: v.optional(VisibilitySchema, 'private'),
  /**
   * "No mirroring" (src/game/mirrorRule.ts): the second player may not copy the first by a turn or
   * flip of the board. On by default: rooms are rated, so a server that leaves it out plays its
   * rooms under it (read it with mirrorRuleOn, rules.ts). Anything but true or false is refused.
   */
  mirrorRule: v.optional(v.boolean()),
});

export const PlayerViewSchema = v.object({
  /** The server's id for this player in this room (not a socket id). */
  id: v.string(),
  username: v.string(),
  ready: v.boolean(),
  /** False while a dropped player may still come back. */
  connected: v.optional(v.boolean(), true),
  /** True when the player's access token was verified (rated games). */
  signedIn: v.optional(v.boolean(), false),
});

export const PendingUndoViewSchema = v.object({ requestId: v.string(), requestedBy: PlayerIndexSchema });

/** A room as the server sends it; `players` in join order (index = player index in the game). */
export const RoomViewSchema = v.object({
  code: v.string(), // 6 upper-case letters/digits
  status: RoomStatusSchema,
  /** The host's PlayerView.id. */
  hostId: v.string(),
  /** Only in a message to one client: whether that client is the host. */
  isHost: v.optional(v.boolean()),
  players: v.array(PlayerViewSchema),
  settings: RoomSettingsSchema,
  pendingUndo: v.optional(v.nullable(PendingUndoViewSchema), null),
  /** Undo requests each player has left in this game, player 0 first. */
  undoRequestsLeft: v.strictTuple([CountSchema, CountSchema], must('two counts, player 0 first')),
  /** The player who may claim victory now: their opponent, to move, has been idle for IDLE_CLAIM_MS. */
  claimableBy: v.nullable(PlayerIndexSchema),
  /**
   * A room quick play opened for two paired players: it starts by itself once both are
   * in, and keeps the pool's settings. Until a player leaves it; absent from older servers.
   */
  quickPlay: v.optional(v.boolean(), false),
});

const CellKeysSchema = v.array(v.string(must('an "x-y" cell key')));

/**
 * A board state in JSON form: occupiedCells as two lists of 'x-y' keys, player 0 first. The
 * engine's own parser checks the cells (on the grid, owned once) and writes the keys canonically.
 */
export const BoardStateJsonSchema = v.pipe(
  v.object({
    occupiedCells: v.strictTuple([CellKeysSchema, CellKeysSchema], must('two lists of cell keys, player 0 first')),
    gridWidth: WholeNumberSchema,
    gridHeight: WholeNumberSchema,
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const board = parseBoardState(dataset.value);
    if (board.ok) return boardStateToJson(board.value);
    addIssue({ message: `is not a board: ${board.error}` });
    return NEVER;
  }),
);

export const GameProgressSchema = v.picklist(['playing', 'over'], must('playing or over'));

export const MoveViewSchema = v.object({
  row: WholeNumberSchema, // y
  col: WholeNumberSchema, // x
  player: PlayerIndexSchema,
});

/** Who sits in a seat of a game: kept with the game, so names stay with their seats after someone leaves. */
export const SeatViewSchema = v.object({ id: v.string(), username: v.string() });

/** Both scores, player 0 first (the engine's Scores): decimal strings on the socket, bigints parsed. */
export const ScoresSchema = v.strictTuple([ScoreTextSchema, ScoreTextSchema], must('two scores, player 0 first'));

/** The most moves a game has: a 16×16 board's 256 cells. A longer score history is no game. */
const MOVES_MAX = 256;

/** A player's score after each move, as ScoreTextSchema parses each. */
const ScoreHistorySchema = v.pipe(v.array(ScoreTextSchema), v.maxLength(MOVES_MAX, must(`at most ${MOVES_MAX} scores (one a move)`)));

/**
 * A timed game's clocks, as of when the server sent them: each player's time left in
 * milliseconds, player 0 first, and whose clock is running (null before it starts: a player's
 * clock starts after their first move). The page counts the running one down from when it heard.
 */
export const ClocksViewSchema = v.object({
  remainingMs: v.strictTuple([CountSchema, CountSchema], must('two times in milliseconds, player 0 first')),
  running: v.nullable(PlayerIndexSchema),
});

/** The authoritative game state a client renders (SPEC §3 "Game state", JSON form). */
export const GameStateViewSchema = v.object({
  boardState: BoardStateJsonSchema,
  scores: ScoresSchema,
  /** Index into RoomView.players. */
  currentPlayer: PlayerIndexSchema,
  progress: GameProgressSchema,
  /** Player 0's score after each move. */
  scoreHistory1: ScoreHistorySchema,
  /** Player 1's score after each move. */
  scoreHistory2: ScoreHistorySchema,
  scoringMechanism: ScoringMechanismSchema,
  moveCount: CountSchema,
  lastMove: v.optional(v.nullable(MoveViewSchema), null),
  /** The game's two players, player 0 first (not the current player list). */
  seats: v.strictTuple([SeatViewSchema, SeatViewSchema], must('two seats, player 0 first')),
  /** A timed game's clocks; null in an untimed game. */
  clocks: v.optional(v.nullable(ClocksViewSchema), null),
});

/** What a client gets back on entering a room (create, join, rejoin; the event room:rejoined). */
export const EnteredRoomSchema = v.object({
  room: RoomViewSchema,
  /** The local player's PlayerView.id. */
  playerId: IdSchema,
  /** Keep it (e.g. sessionStorage) and send it as `auth: { rejoinToken }` or room:rejoin after a drop. */
  rejoinToken: IdSchema,
  /** Set when a game is under way or finished. */
  gameState: v.optional(v.nullable(GameStateViewSchema), null),
});
