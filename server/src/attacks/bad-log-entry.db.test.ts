/**
 * One log entry the database will not take, with other games going on on the node, over real
 * sockets, on PGlite and PostgreSQL. Every accepted command is written to the rooms' log in group
 * commits; a batch holding such an entry used to be retried for ever, and every room on the node
 * stopped, room creation included.
 *
 * - A player whose profile name is from before the 20-character rule (its constraint NOT VALID,
 *   as on every upgraded database) finishes a rated game: the profile update breaks the rule. The
 *   move is kept and the game ends, unrated, said once in the server's log.
 * - The database refuses one move (a constraint error, here raised by a trigger for one cell):
 *   that move, and the reply to it sent before it was refused, are answered with a clear error;
 *   the room is as its log has it and plays on; the other room and room creation never stop.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_ERRORS } from '../../../src/protocol';
import { TEST_DATABASES, type TestDatabase } from '../db/databases.testkit';
import { call, columnsPlan, next, record, startGame, startHarness, type Harness } from '../rooms/tests/rooms.testkit';

type Entered = { success: boolean; room: { code: string } };
type Finished = { winner: number; scores: [string, string]; ratings?: unknown };

/** Two players in a started game: the host moves first. */
async function startedGame(h: Harness, auth: [Record<string, string>, Record<string, string>] = [{}, {}]): Promise<{ host: Socket; guest: Socket; code: string }> {
  const host = await h.client(auth[0]);
  const guest = await h.client(auth[1]);
  return { host, guest, code: await startGame(host, guest) };
}

/** Another game on the node goes on: both players move, each move acknowledged, and a new room opens. */
async function othersGoOn(h: Harness, other: { host: Socket; guest: Socket }, moves: { row: number; col: number }[]): Promise<void> {
  for (const [i, move] of moves.entries()) expect(await call(i % 2 ? other.guest : other.host, 'game:move', move)).toMatchObject({ success: true });
  const newcomer = await h.client();
  expect(await call(newcomer, 'room:create', { username: 'Newcomer' })).toMatchObject({ success: true });
}

describe.each(TEST_DATABASES)('a log entry the database refuses, on %s', (_, open) => {
  let test: TestDatabase;
  let h: Harness;
  beforeAll(async () => {
    test = await open();
    h = await startHarness({ eventsPerSecond: 1000 }, test);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await test?.stop();
  });
  const errors = vi.spyOn(console, 'error');
  afterEach(() => errors.mockClear());
  const said = (text: string) => errors.mock.calls.filter(([line]) => String(line).includes(text)).length;

  it('a legacy name longer than 20 characters finishing a rated game: the game ends unrated, and the node goes on', { timeout: 120_000 }, async () => {
    const legacyName = 'a_legacy_name_of_25_chars';
    const add = async (email: string) => (await test.db.query<{ id: string }>(`insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'x', '{}') returning id`, [email]))[0]!.id;
    const ids = [await add('legacy@example.com'), await add('rival@example.com')];
    // As an upgraded database has it: the rule came NOT VALID, after the name.
    await test.db.transaction(async (tx) => {
      await tx.exec('alter table public.profiles drop constraint profiles_username_length');
      await tx.query('update public.profiles set username = $2 where id = $1', [ids[0], legacyName]);
      await tx.exec('alter table public.profiles add constraint profiles_username_length check (char_length(username) between 1 and 20) not valid');
    });
    const tokens = await Promise.all(ids.map(async (id, i) => ({ token: (await h.keys.accessToken({ id, email: `${['legacy', 'rival'][i]}@example.com` })).token })));
    const rated = await startedGame(h, [tokens[0]!, tokens[1]!]);
    const other = await startedGame(h);

    const moves = columnsPlan();
    const players = [rated.host, rated.guest];
    for (let i = 0; i < moves.length - 1; i++) expect(await call(players[i % 2]!, 'game:move', moves[i])).toMatchObject({ success: true });
    const finished = next<Finished>(rated.host, 'game:finished');
    // Player 1 fills the board: the rated result cannot be written, the move can.
    expect(await call(rated.guest, 'game:move', moves.at(-1))).toMatchObject({ success: true });
    const result = await finished;
    expect(result).toMatchObject({ winner: 0, scores: ['216', '72'] });
    expect(result.ratings).toBeUndefined();
    await othersGoOn(h, other, [{ row: 0, col: 0 }, { row: 1, col: 1 }, { row: 2, col: 2 }]);

    expect(h.games.game.room(rated.code)).toMatchObject({ status: 'finished' });
    expect(await test.db.query('select 1 from public.game_results where player1_id = any($1::uuid[]) or player2_id = any($1::uuid[])', [ids])).toEqual([]);
    expect(await test.db.query('select username, elo_rating, games_played from public.profiles where id = $1', [ids[0]])).toEqual([{ username: legacyName, elo_rating: 1200, games_played: 0 }]);
    const logged = await test.db.query<{ n: number }>(`select count(*)::int as n from game_server.room_log where room_id = $1 and command->>'type' = 'move'`, [h.games.game.room(rated.code)!.id]);
    expect(logged[0]!.n).toBe(moves.length);
    expect(said('ended unrated')).toBe(1);
  });

  it('a move the database refuses: it and the reply built on it get a clear error, the room is as its log has it, and every other game goes on', { timeout: 120_000 }, async () => {
    await test.db.exec(`
      create or replace function public.refuse_the_corner() returns trigger language plpgsql as $$
      begin
        if new.command->>'type' = 'move' and new.command->>'row' = '5' and new.command->>'col' = '5' then
          raise exception 'the corner is refused' using errcode = '23514';
        end if;
        return new;
      end $$;
      create trigger refuse_the_corner before insert on game_server.room_log for each row execute function public.refuse_the_corner();
    `);
    try {
      const game = await startedGame(h);
      const other = await startedGame(h);
      const seen = record<{ move: { row: number; col: number } }>(game.guest, 'game:moveMade');
      // The refused move, and the reply to it that the other player sends before it is refused
      // (the log's write held back meanwhile, so that the reply is built on the move).
      let refused: Promise<unknown> | undefined;
      let behind: Promise<unknown> | undefined;
      const reduced = () => h.games.game.room(game.code)!.moves.length;
      await test.db.transaction(async (tx) => {
        await tx.exec('lock table game_server.room_log in share mode');
        refused = call(game.host, 'game:move', { row: 5, col: 5 });
        await vi.waitFor(() => expect(reduced()).toBe(1));
        // Not (0,0), the half-turn copy of (5,5) that No mirroring refuses in a rated room.
        behind = call(game.guest, 'game:move', { row: 0, col: 1 });
        await vi.waitFor(() => expect(reduced()).toBe(2));
      });
      expect(await refused).toEqual({ success: false, error: SERVER_ERRORS.notSaved });
      expect(await behind).toEqual({ success: false, error: SERVER_ERRORS.notSaved });
      await othersGoOn(h, other, [{ row: 0, col: 0 }, { row: 1, col: 1 }]);

      const room = h.games.game.room(game.code)!;
      expect(room.moves).toEqual([]);
      expect(room.pendingUndo ?? null).toBeNull();
      // The room plays on from there: the host's turn still.
      expect(await call(game.guest, 'game:move', { row: 0, col: 0 })).toMatchObject({ success: false, error: SERVER_ERRORS.notYourTurn });
      expect(await call(game.host, 'game:move', { row: 0, col: 0 })).toMatchObject({ success: true });
      expect(await call(game.guest, 'game:move', { row: 1, col: 1 })).toMatchObject({ success: true });
      // The other player never saw the refused move.
      await vi.waitFor(() => expect(seen.map(({ move }) => [move.row, move.col])).toEqual([[0, 0], [1, 1]]));

      // In memory as in the log: two moves, none of them the refused one.
      const logged = await test.db.query<{ command: { row: number; col: number } }>(
        `select command from game_server.room_log where room_id = $1 and command->>'type' = 'move' order by seq`,
        [room.id],
      );
      expect(logged.map((r) => [r.command.row, r.command.col])).toEqual([[0, 0], [1, 1]]);
      expect(h.games.game.room(game.code)!.moves).toHaveLength(2);
      expect(said('the database refused command')).toBe(1);
    } finally {
      await test.db.exec('drop trigger refuse_the_corner on game_server.room_log; drop function public.refuse_the_corner()');
    }
  });

  it("a deadline's tick the database refuses: the room is rebuilt from its log, its players are back, and its game starts", { timeout: 120_000 }, async () => {
    const host = await h.client();
    const guest = await h.client();
    const created = await call<Entered>(host, 'room:create', { username: 'Host' });
    expect(await call(guest, 'room:join', { code: created.room.code, username: 'Guest' })).toMatchObject({ success: true });
    await call(host, 'room:setReady', { ready: true });
    await call(guest, 'room:setReady', { ready: true });
    const roomId = h.games.game.room(created.room.code)!.id;
    // The ticks of this room's countdown are refused until it has been rebuilt from its log (its
    // 'restarted' logged), however the log's write splits the batch that holds them.
    await test.db.exec(`
      create or replace function public.refuse_a_tick() returns trigger language plpgsql as $$
      begin
        if new.room_id = '${roomId}' and new.command->>'type' = 'tick'
          and not exists (select 1 from game_server.room_log where room_id = new.room_id and command->>'type' = 'restarted') then
          raise exception 'this tick is refused' using errcode = '23514';
        end if;
        return new;
      end $$;
      create trigger refuse_a_tick before insert on game_server.room_log for each row execute function public.refuse_a_tick();
    `);
    try {
      const started = [next(host, 'game:started'), next(guest, 'game:started')];
      expect(await call(host, 'game:start', {})).toMatchObject({ success: true });
      await Promise.all(started);
      expect(said('(tick) of room')).toBe(1);
      expect(h.games.game.room(created.room.code)).toMatchObject({ status: 'playing' });
      expect(await call(host, 'game:move', { row: 0, col: 0 })).toMatchObject({ success: true });
      expect(await call(guest, 'game:move', { row: 1, col: 1 })).toMatchObject({ success: true });
    } finally {
      await test.db.exec('drop trigger refuse_a_tick on game_server.room_log; drop function public.refuse_a_tick()');
    }
  });
});
