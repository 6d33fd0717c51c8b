/**
 * The rooms' log when the database will not take an entry, on PGlite and PostgreSQL: the batch is
 * written by halves until the bad entry is alone; it is refused, with the later entries of its
 * room (built on it); every other entry is written, and answered, in order. An error that is not
 * bad data may pass a second time; an entry that fails twice is refused. The database refuses
 * here through a trigger on the log, as a broken rule would.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES, type TestDatabase } from '../../db/databases.testkit';
import { EntryRefused, PostgresJournal, type LogEntry } from './journal';
import { PostgresLeases } from './leases';

const ROOMS = 40;

/** The log refuses commands whose type is `refused`, with `errcode`; a sequence of tries lets the first `fails` attempts of `flaky` fail. */
async function refuse(test: TestDatabase, errcode: string, flaky = 0): Promise<void> {
  await test.db.exec(`
    create sequence if not exists public.log_tries;
    create or replace function public.refuse_entries() returns trigger language plpgsql as $$
    begin
      if new.command->>'type' = 'forfeit' then
        raise exception 'this command is refused' using errcode = '${errcode}';
      end if;
      if new.command->>'type' = 'rematch' and nextval('public.log_tries') <= ${flaky} then
        raise exception 'not this time' using errcode = 'P0001';
      end if;
      return new;
    end $$;
    drop trigger if exists refuse_entries on game_server.room_log;
    create trigger refuse_entries before insert on game_server.room_log for each row execute function public.refuse_entries();
  `);
}

describe.each(TEST_DATABASES)('entries the database refuses, on %s', (_, open) => {
  let test: TestDatabase;
  let journal: PostgresJournal;
  const fences: number[] = [];
  beforeEach(async () => {
    test = await open();
    const leases = new PostgresLeases(test.db, 'node-a', { ttlMs: 60_000, renewEveryMs: 1000 });
    fences.length = 0;
    for (let i = 0; i < ROOMS; i++) fences.push((await leases.claimNew(`room-${i}`, `R${String(i).padStart(5, '0')}`))!.fence);
    journal = new PostgresJournal(test.db);
  }, 120_000);
  afterEach(() => test?.stop());

  const entry = (room: number, seq: number, type: 'tick' | 'forfeit' | 'rematch' = 'tick'): LogEntry => ({
    roomId: `room-${room}`,
    seq,
    fence: fences[room]!,
    command: type === 'tick' ? { type } : { type, playerId: 'p' },
    at: Date.now(),
  });
  /** What became of each append: 'written', 'refused' (the first) or 'after' (built on a refused one). */
  const outcome = (written: Promise<unknown>) =>
    written.then(
      () => 'written',
      (error: unknown) => (error instanceof EntryRefused ? (error.first ? 'refused' : 'after') : `failed: ${String(error)}`),
    );
  const logged = async () => (await test.db.query<{ room_id: string; seq: number }>('select room_id, seq from game_server.room_log order by room_id, seq')).map((r) => `${r.room_id}/${r.seq}`);

  it('a constraint error: one entry refused with the later ones of its room; every other entry written, and answered in order', async () => {
    await refuse(test, '23514');
    const answered: string[] = [];
    // Every room writes seq 1 and 2 in one batch; room 7's first entry is refused.
    const appends = [];
    for (let i = 0; i < ROOMS; i++) appends.push(outcome(journal.append(entry(i, 1, i === 7 ? 'forfeit' : 'tick'))).then((o) => (answered.push(`${i}/1`), o)));
    for (let i = 0; i < ROOMS; i++) appends.push(outcome(journal.append(entry(i, 2))).then((o) => (answered.push(`${i}/2`), o)));
    const outcomes = await Promise.all(appends);
    expect(outcomes.filter((o) => o !== 'written')).toEqual(['refused', 'after']);
    expect(outcomes[7]).toBe('refused');
    expect(outcomes[ROOMS + 7]).toBe('after');
    expect(answered).toEqual([...Array.from({ length: ROOMS }, (_, i) => `${i}/1`), ...Array.from({ length: ROOMS }, (_, i) => `${i}/2`)]);
    const rows = await logged();
    expect(rows).toHaveLength(2 * ROOMS - 2);
    expect(rows.filter((r) => r.startsWith('room-7/'))).toEqual([]);
    expect(journal.unwritten()).toBe(0);

    // Appended once the room is put back (its seq again): written; one still built on the
    // refused entry (a later seq, appended before): refused.
    expect(await outcome(journal.append(entry(7, 3)))).toBe('after');
    expect(await outcome(journal.append(entry(7, 1)))).toBe('written');
    expect(await outcome(journal.append(entry(7, 2)))).toBe('written');
    expect((await logged()).filter((r) => r.startsWith('room-7/'))).toEqual(['room-7/1', 'room-7/2']);
  });

  it('an error that is not bad data: passes on its second try; failing twice, the entry is refused and the others written', async () => {
    await refuse(test, '23514', 1);
    const once = await Promise.all([outcome(journal.append(entry(0, 1, 'rematch'))), outcome(journal.append(entry(1, 1)))]);
    expect(once).toEqual(['written', 'written']);

    await refuse(test, '23514', 1_000_000);
    const always = await Promise.all([outcome(journal.append(entry(0, 2))), outcome(journal.append(entry(1, 2, 'rematch'))), outcome(journal.append(entry(2, 1)))]);
    expect(always).toEqual(['written', 'refused', 'written']);
    expect(await logged()).toEqual(['room-0/1', 'room-0/2', 'room-1/1', 'room-2/1']);
  });
});
