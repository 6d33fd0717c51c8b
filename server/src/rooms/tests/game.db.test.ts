// Online games over real sockets with the real engine: a whole game, refused moves, undo,
// forfeit, rejoining within and after the grace period (by rejoin token, or by socket.io's
// connection-state recovery after a dropped transport), and rated results in the database.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecord } from '../../../../src/game/record';
import { parseGameStateView } from '../../../../src/protocol';
import { SimulatedClock } from '../core/room-clock';
import { call, COUNTDOWN_TICK_MS, next, record, startHarness, type Harness } from './rooms.testkit';

type GameState = { boardState: { occupiedCells: [string[], string[]] }; scores: [string, string]; currentPlayer: number; progress: string; scoreHistory1: string[]; moveCount: number };
type Entered = { success: boolean; room: { code: string }; playerId: string; rejoinToken: string };
type Finished = { winner: number | 'draw'; scores: [string, string]; reason: string; room: { status: string }; ratings?: { before: number; after: number }[]; unrated?: string };

const GRACE = 300;
// The rooms' deadlines (the countdown, the grace period) run on a clock that moves only when a
// test says: sockets and the database keep real time, however busy the machine is.
const clock = new SimulatedClock();
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ clock, graceMs: GRACE, eventsPerSecond: 1000 });
});
afterAll(() => h.close());

/** A signed-in player: an account in auth.users, and an access token of it. */
async function account(email: string, username: string): Promise<{ id: string; token: string }> {
  const [row] = await h.db.query<{ id: string }>(`insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', $2) returning id`, [email, JSON.stringify({ username })]);
  return { id: row!.id, token: (await h.keys.accessToken({ id: row!.id, email })).token };
}

/** A game under way between a host and a guest; `settings`, if any, are the host's before both are ready. */
async function startedGame(auth: [Record<string, string>, Record<string, string>] = [{}, {}], settings?: Record<string, unknown>) {
  const host = await h.client(auth[0]);
  const guest = await h.client(auth[1]);
  const created = await call<Entered>(host, 'room:create', { username: 'Alice' });
  const joined = await call<Entered>(guest, 'room:join', { code: created.room.code, username: 'Bob' });
  if (settings) expect(await call(host, 'room:updateSettings', settings)).toMatchObject({ success: true });
  await call(host, 'room:setReady', { ready: true });
  await call(guest, 'room:setReady', { ready: true });
  const started = Promise.all([next(host, 'game:started'), next(guest, 'game:started')]);
  await call(host, 'game:start', {});
  clock.advance(3 * COUNTDOWN_TICK_MS);
  await started;
  return { host, guest, code: created.room.code, created, joined };
}

/** Player 0 takes columns 0, 2 and 5 (6×6×6 = 216); player 1 columns 1, 3 and 4 (6 × 12 = 72). */
function plan(): { row: number; col: number }[] {
  const column = (c: number) => Array.from({ length: 6 }, (_, row) => ({ row, col: c }));
  const a = [0, 2, 5].flatMap(column);
  const b = [1, 3, 4].flatMap(column);
  return a.flatMap((m, i) => [m, b[i]!]);
}

async function play(players: [Socket, Socket], moves: { row: number; col: number }[], from = 0) {
  for (const [i, move] of moves.entries()) {
    const ack = await call<{ success: boolean; error?: string }>(players[(from + i) % 2]!, 'game:move', move);
    expect(ack, JSON.stringify(move)).toMatchObject({ success: true });
  }
}

describe('online games', () => {
  it('plays a whole 6×6 game to the end with the right winner and scores', async () => {
    const { host, guest, code } = await startedGame();
    const seen = record<{ gameState: GameState }>(guest, 'game:moveMade');
    const finished = Promise.all([next<Finished>(host, 'game:finished'), next<Finished>(guest, 'game:finished')]);
    await play([host, guest], plan());
    const [a, b] = await finished;
    expect(a).toMatchObject({ winner: 0, scores: ['216', '72'], reason: 'board-full', room: { status: 'finished' } });
    expect(b.winner).toBe(0);
    expect(a.ratings).toBeUndefined(); // anonymous players are not rated
    expect(seen).toHaveLength(36);
    const last = parseGameStateView(seen.at(-1)!.gameState);
    expect(last.ok && last.value.progress).toBe('over');
    expect(last.ok && last.value.board.occupiedCells[0].has('5-0')).toBe(true); // x-y keys: col 5, row 0
    expect(h.games.game.room(code)?.status).toBe('finished');
    expect(await call(host, 'game:move', { row: 0, col: 0 })).toEqual({ success: false, error: 'No game in progress' });
  });

  it('refuses out-of-turn, occupied, off-grid and malformed moves and changes nothing', async () => {
    const { host, guest } = await startedGame();
    const seen = record(guest, 'game:moveMade');
    expect(await call(guest, 'game:move', { row: 0, col: 0 })).toEqual({ success: false, error: 'Not your turn' });
    expect(await call(host, 'game:move', { row: 6, col: 0 })).toEqual({ success: false, error: 'Cell is off the board' });
    expect(await call(host, 'game:move', { row: 0, col: -1 })).toEqual({ success: false, error: 'Cell is off the board' });
    expect(await call(host, 'game:move', { row: '1', col: 0 })).toMatchObject({ success: false, error: expect.stringContaining('row') });
    expect(await call(host, 'game:move', { row: 1.5, col: 0 })).toMatchObject({ success: false, error: expect.stringContaining('row') });
    expect(await call(host, 'game:move', { col: 0 })).toMatchObject({ success: false, error: expect.stringContaining('row') });
    expect(await call(host, 'game:move', null)).toMatchObject({ success: false, error: expect.stringContaining('object') });
    const ok = await call<{ success: boolean; gameState: GameState }>(host, 'game:move', { row: 2, col: 3 });
    expect(ok.gameState.boardState.occupiedCells[0]).toEqual(['3-2']);
    expect(await call(host, 'game:move', { row: 2, col: 4 })).toEqual({ success: false, error: 'Not your turn' });
    const outsider = await h.client();
    expect(await call(outsider, 'game:move', { row: 0, col: 0 })).toEqual({ success: false, error: 'Not in a room' });
    expect(await call(guest, 'game:move', { row: 2, col: 3 })).toEqual({ success: false, error: 'Cell is already taken' });
    // That answer comes to the guest after every event sent to it before: one move reached it.
    expect(seen).toHaveLength(1);
  });

  it('undo: only on your own turn with a move of yours to take back, one pending, approved or rejected', async () => {
    const { host, guest } = await startedGame();
    expect(await call(host, 'game:requestUndo', {})).toEqual({ success: false, error: 'Nothing of yours to undo' });
    // Not (5, 5): the half turn of Alice's cell is refused in a room under "No mirroring".
    await play([host, guest], [{ row: 0, col: 0 }, { row: 5, col: 4 }]);
    expect(await call(guest, 'game:requestUndo', {})).toEqual({ success: false, error: 'Not your turn' });
    const requested = next<{ requestId: string; requestedBy: number }>(guest, 'game:undoRequested');
    const ack = await call<{ success: boolean; requestId: string }>(host, 'game:requestUndo', {});
    expect(ack.success).toBe(true);
    expect(await requested).toMatchObject({ requestId: ack.requestId, requestedBy: 0 });
    expect(await call(host, 'game:requestUndo', {})).toEqual({ success: false, error: 'An undo request is already pending' });
    expect(await call(host, 'game:move', { row: 1, col: 1 })).toEqual({ success: false, error: 'An undo request is already pending' });
    expect(await call(host, 'game:respondUndo', { requestId: ack.requestId, approved: true })).toMatchObject({ success: false });
    expect(await call(guest, 'game:respondUndo', { requestId: 'nope', approved: true })).toEqual({ success: false, error: 'No such undo request' });
    expect(await call(guest, 'game:respondUndo', { requestId: ack.requestId })).toMatchObject({ success: false, error: expect.stringContaining('approved') });
    const rejected = next<{ requestId: string }>(host, 'game:undoRejected');
    expect(await call(guest, 'game:respondUndo', { requestId: ack.requestId, approved: false })).toEqual({ success: true });
    expect((await rejected).requestId).toBe(ack.requestId);

    // Asked again and approved: both the requester's move and the reply after it are taken back.
    await play([host, guest], [{ row: 1, col: 1 }, { row: 4, col: 4 }]);
    const again = await call<{ requestId: string }>(host, 'game:requestUndo', {});
    const approved = Promise.all([next<{ gameState: GameState }>(host, 'game:undoApproved'), next(guest, 'game:undoApproved')]);
    expect(await call(guest, 'game:respondUndo', { requestId: again.requestId, approved: true })).toEqual({ success: true });
    const [{ gameState }] = await approved;
    expect(gameState.boardState.occupiedCells).toEqual([['0-0'], ['4-5']]);
    expect(gameState).toMatchObject({ currentPlayer: 0, scores: ['1', '1'], moveCount: 2, scoreHistory1: ['1', '1'] });
    expect(await call(host, 'game:move', { row: 1, col: 1 })).toMatchObject({ success: true });
  });

  it('forfeit: the other player wins, both are told', async () => {
    const { host, guest } = await startedGame();
    await play([host, guest], [{ row: 0, col: 0 }, { row: 1, col: 1 }]);
    const forfeited = Promise.all([next<{ forfeitingPlayer: { username: string; index: number }; winner: number }>(host, 'game:forfeited'), next(guest, 'game:forfeited')]);
    const finished = next<Finished>(host, 'game:finished');
    expect(await call(guest, 'game:forfeit', {})).toEqual({ success: true });
    const [f] = await forfeited;
    expect(f).toMatchObject({ forfeitingPlayer: { username: 'Bob', index: 1 }, winner: 0 });
    expect(await finished).toMatchObject({ winner: 0, reason: 'forfeit', room: { status: 'finished' } });
    expect(await call(host, 'game:forfeit', {})).toEqual({ success: false, error: 'No game in progress' });
  });

  it('a dropped player rejoins within the grace period with the whole game, and the opponent is told', async () => {
    const { host, guest, joined } = await startedGame();
    await play([host, guest], [{ row: 0, col: 0 }, { row: 1, col: 0 }]);
    const away = next<{ playerId: string; graceMs: number }>(host, 'room:playerDisconnected');
    guest.disconnect();
    expect((await away).playerId).toBe(joined.playerId);
    const back = next<{ playerId: string }>(host, 'room:playerReconnected');
    let rejoinedEvent: Promise<{ playerId: string; gameState: GameState; room: { status: string } }> | undefined;
    const again = await h.client({ rejoinToken: joined.rejoinToken }, (s) => {
      rejoinedEvent = next(s, 'room:rejoined');
    });
    const rejoined = await rejoinedEvent!;
    expect(rejoined.playerId).toBe(joined.playerId);
    expect(rejoined.room.status).toBe('playing');
    expect(rejoined.gameState.boardState.occupiedCells).toEqual([['0-0'], ['0-1']]);
    await back;
    clock.advance(GRACE + 100); // past the grace period: no forfeit, since the player came back
    expect(await call(host, 'game:move', { row: 2, col: 0 })).toMatchObject({ success: true });
    expect(await call(again, 'game:move', { row: 3, col: 0 })).toMatchObject({ success: true });
  });

  it('a dropped transport recovers within the grace period: same socket, missed move replayed, no token needed', async () => {
    const { host, guest, joined } = await startedGame();
    await play([host, guest], [{ row: 0, col: 0 }, { row: 1, col: 0 }]);
    const id = guest.id;
    const moves = record<{ move: { row: number; col: number }; gameState: GameState }>(guest, 'game:moveMade');
    const away = next<{ playerId: string }>(host, 'room:playerDisconnected');
    guest.io.engine.close(); // the transport drops; the client keeps its session (pid and offset)
    expect((await away).playerId).toBe(joined.playerId);
    expect(await call(host, 'game:move', { row: 2, col: 0 })).toMatchObject({ success: true }); // missed by the guest
    expect(moves).toHaveLength(0);

    const back = next<{ playerId: string }>(host, 'room:playerReconnected');
    const replayed = next<{ move: { row: number; col: number }; gameState: GameState }>(guest, 'game:moveMade');
    const rejoined = next<{ playerId: string; gameState: GameState }>(guest, 'room:rejoined');
    guest.connect();
    await next(guest, 'connect');
    expect(guest.id).toBe(id);
    expect(guest.recovered).toBe(true);
    expect((await back).playerId).toBe(joined.playerId);
    const missed = await replayed;
    expect(missed.move).toMatchObject({ row: 2, col: 0 });
    expect(missed.gameState.boardState.occupiedCells).toEqual([['0-0', '0-2'], ['0-1']]);
    // The page cleared its room when the transport dropped: the server tells it where it is.
    expect(await rejoined).toMatchObject({ playerId: joined.playerId, gameState: { moveCount: 3 } });
    clock.advance(GRACE + 100); // past the grace period: no forfeit, since the player came back
    expect(await call(guest, 'game:move', { row: 3, col: 0 })).toMatchObject({ success: true });
    expect(await call(host, 'game:move', { row: 4, col: 0 })).toMatchObject({ success: true });
    expect(h.games.game.room(joined.room.code)?.status).toBe('playing');
  });

  it('a player who does not come back within the grace period forfeits', async () => {
    const { host, guest } = await startedGame();
    await play([host, guest], [{ row: 0, col: 0 }, { row: 1, col: 1 }]);
    const forfeited = next<{ forfeitingPlayer: { index: number }; reason: string }>(host, 'game:forfeited');
    const finished = next<Finished>(host, 'game:finished');
    const away = next(host, 'room:playerDisconnected');
    guest.disconnect();
    await away;
    clock.advance(GRACE);
    expect(await forfeited).toMatchObject({ forfeitingPlayer: { index: 1 }, reason: 'abandoned' });
    expect(await finished).toMatchObject({ winner: 0, reason: 'abandoned' });
    const late = await h.client();
    expect(await call(late, 'room:rejoin', { rejoinToken: 'not-a-token' })).toEqual({ success: false, error: 'Cannot rejoin: the room or seat is gone' });
  });

  it('writes one rated result with ELO for two signed-in players, and updates both profiles', async () => {
    const { id: alice, token: aliceToken } = await account('alice@example.com', 'alice');
    const { id: bob, token: bobToken } = await account('bob@example.com', 'bob');
    const { host, guest } = await startedGame([{ token: aliceToken }, { token: bobToken }]);
    const finished = next<Finished>(guest, 'game:finished');
    await play([host, guest], plan());
    const result = await finished;
    expect(result.winner).toBe(0);
    expect(result.ratings).toMatchObject([{ before: 1200, after: 1220 }, { before: 1200, after: 1180 }]);
    const rows = await h.db.query(`select * from public.game_results`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      player1_id: alice, player2_id: bob, winner_id: alice, scoring_mechanism: 'connection', board_size: 6,
      player1_elo_before: 1200, player1_elo_after: 1220, player2_elo_before: 1200, player2_elo_after: 1180,
      // Played in a rated room, so under "No mirroring", and recorded as such.
      mirror_rule: true,
    });
    expect(Number(rows[0]!.player1_score)).toBe(216);
    expect(Number(rows[0]!.player2_score)).toBe(72);
    // The moves are kept as the game's record, so both profiles open its replay.
    const kept = parseRecord(String(rows[0]!.record));
    if (!kept.ok) throw new Error(kept.error);
    expect(kept.record).toMatchObject({ width: 6, height: 6, mode: 'connection', firstPlayer: 0, result: '1-0', mirrorRule: true });
    expect(kept.record.moves).toEqual(plan().map(({ row, col }) => ({ gridX: col, gridY: row })));
    const profiles = await h.db.query(`select id, elo_rating, games_played, games_won from public.profiles where id in ($1, $2) order by elo_rating desc`, [alice, bob]);
    expect(profiles).toEqual([
      { id: alice, elo_rating: 1220, games_played: 1, games_won: 1 },
      { id: bob, elo_rating: 1180, games_played: 1, games_won: 0 },
    ]);

    // The same two accounts again within 24 hours: the game is played and won, but rates nobody,
    // and both players are told why.
    const second = await startedGame([{ token: bobToken }, { token: aliceToken }]);
    const done = next<Finished>(second.host, 'game:finished');
    const forfeited = next<{ unrated?: string }>(second.host, 'game:forfeited');
    await play([second.host, second.guest], plan().slice(0, 10));
    await call(second.guest, 'game:forfeit', {});
    const unrated = await done;
    expect(unrated).toMatchObject({ winner: 0, reason: 'forfeit', unrated: 'pair-limit' });
    expect(unrated.ratings).toBeUndefined();
    expect((await forfeited).unrated).toBe('pair-limit');
    expect(await h.db.query(`select 1 from public.game_results`)).toHaveLength(1);
    expect(await h.db.query(`select elo_rating, games_played from public.profiles where id in ($1, $2) order by elo_rating`, [alice, bob])).toEqual([
      { elo_rating: 1180, games_played: 1 },
      { elo_rating: 1220, games_played: 1 },
    ]);
  });

  it('a casual game between two signed-in players changes no rating and writes no rated result', async () => {
    const carol = await account('carol@example.com', 'carol');
    const dave = await account('dave@example.com', 'dave');
    const { host, guest } = await startedGame([{ token: carol.token }, { token: dave.token }], { rated: false });
    const finished = next<Finished>(guest, 'game:finished');
    await play([host, guest], plan());
    const result = await finished;
    expect(result).toMatchObject({ winner: 0, scores: ['216', '72'] });
    expect(result.ratings).toBeUndefined();
    expect(await h.db.query(`select 1 from public.game_results where player1_id = $1 or player2_id = $1`, [carol.id])).toHaveLength(0);
    const profiles = await h.db.query(`select elo_rating, games_played from public.profiles where id in ($1, $2)`, [carol.id, dave.id]);
    expect(profiles).toEqual([
      { elo_rating: 1200, games_played: 0 },
      { elo_rating: 1200, games_played: 0 },
    ]);
  });

  it('an invalid token leaves the player anonymous and unrated', async () => {
    const { host, guest } = await startedGame([{ token: 'not-a-jwt' }, {}]);
    const finished = next<Finished>(host, 'game:finished');
    await call(host, 'game:forfeit', {});
    expect((await finished).ratings).toBeUndefined();
    void guest;
  });
});
