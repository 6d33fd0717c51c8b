/**
 * The rooms' log answering a group commit, on PGlite and PostgreSQL: every command
 * appended while a write is under way is answered once, in order, and the answers of a big commit
 * go out in slices, so the server reads its sockets between them instead of stalling every game.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import type { TestDatabase } from '../../db/databases.testkit';
import { TEST_DATABASES } from '../../db/databases.testkit';
import { PostgresJournal } from './journal';
import { PostgresLeases } from './leases';

const ROOMS = 150;

describe.each(TEST_DATABASES)('the room log on %s', (_, open) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await open();
  }, 120_000);
  afterEach(() => test?.stop());

  it('answers a commit of many commands in order, turning the event loop between slices, and drain waits for the last', async () => {
    const leases = new PostgresLeases(test.db, 'node-a', { ttlMs: 60_000, renewEveryMs: 1000 });
    const fences: number[] = [];
    for (let i = 0; i < ROOMS; i++) fences.push((await leases.claimNew(`room-${i}`, `R${String(i).padStart(5, '0')}`))!.fence);
    const journal = new PostgresJournal(test.db);
    const answered: number[] = [];
    let turned = false;
    let turnedBeforeLast: boolean | undefined;
    const appends = fences.map((fence, i) =>
      journal.append({ roomId: `room-${i}`, seq: 1, fence, command: { type: 'tick' }, at: Date.now() }).then(() => {
        answered.push(i);
        // The first answer asks for the next turn of the event loop: it comes before the last answer.
        if (i === 0) setImmediate(() => (turned = true));
        if (i === ROOMS - 1) turnedBeforeLast = turned;
      }),
    );
    await journal.drain();
    expect(answered).toHaveLength(ROOMS);
    expect(answered).toEqual([...answered].sort((a, b) => a - b));
    expect(turnedBeforeLast).toBe(true);
    await Promise.all(appends);
    const logged = await test.db.query<{ n: string }>('select count(*) as n from game_server.room_log');
    expect(Number(logged[0]!.n)).toBe(ROOMS);
  });

  it('keeps a command as it was sent: quotes, backslashes, accents and emoji come back unchanged', async () => {
    const leases = new PostgresLeases(test.db, 'node-a', { ttlMs: 60_000, renewEveryMs: 1000 });
    const { fence } = (await leases.claimNew('room-text', 'TEXT01'))!;
    const journal = new PostgresJournal(test.db);
    const username = 'Zoë "the \\ wall" {x}, 🎲 [1]';
    const join = { type: 'join', playerId: 'p-2', username, userId: null, tokenHash: 'h' } as const;
    const at = 1_780_000_000_123;
    await Promise.all([
      journal.append({ roomId: 'room-text', seq: 1, fence, command: { type: 'tick' }, at }),
      journal.append({ roomId: 'room-text', seq: 2, fence, command: join, at: at + 1 }),
    ]);
    const [stored] = await journal.load(['room-text']);
    expect(stored!.entries).toEqual([
      { seq: 1, command: { type: 'tick' }, at },
      { seq: 2, command: join, at: at + 1 },
    ]);
  });

  it('takes a commit whose answer was lost as written when it is tried again: the move is answered, the game rated once', async () => {
    const leases = new PostgresLeases(test.db, 'node-a', { ttlMs: 60_000, renewEveryMs: 1000 });
    const { fence } = (await leases.claimNew('room-lost', 'LOST01'))!;
    const users = await test.db.query<{ id: string }>(
      `insert into auth.users (email, encrypted_password, raw_user_meta_data)
       select 'lost' || g || '@example.com', 'x', jsonb_build_object('username', 'Lost ' || g) from generate_series(1, 2) g returning id`,
    );
    // The database commits, then the connection drops before its answer arrives (the database
    // killed at that moment): the journal sees an outage and writes the same entries again.
    let dropAnswer = true;
    const db: Database = {
      ...test.db,
      async transaction(work) {
        const result = await test.db.transaction(work);
        if (dropAnswer) {
          dropAnswer = false;
          throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
        }
        return result;
      },
    };
    const journal = new PostgresJournal(db);
    const rate = { player1Id: users[0]!.id, player2Id: users[1]!.id, scores: [12n, 10n] as const, winner: 0 as const, scoringMechanism: 'connection', boardSize: 6 };
    await expect(journal.append({ roomId: 'room-lost', seq: 1, fence, command: { type: 'forfeit', playerId: 'p-2' }, at: Date.now(), rate })).resolves.toBeUndefined();
    expect(dropAnswer).toBe(false);
    const results = await test.db.query<{ n: number }>('select count(*)::int as n from public.game_results');
    expect(results[0]!.n).toBe(1);
    const played = await test.db.query<{ games_played: number }>('select games_played from public.profiles where id = $1', [users[0]!.id]);
    expect(played[0]!.games_played).toBe(1);
    const [stored] = await journal.load(['room-lost']);
    expect(stored!.entries.map((e) => e.seq)).toEqual([1]);
  });
});
