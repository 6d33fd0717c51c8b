/**
 * The server of `npm run bench:api`: `npm run serve`'s, with its embedded database (PostgreSQL or
 * PGlite) on a fresh DATA_DIR, in a process of its own, trusting loopback as its reverse proxy
 * (TRUST_PROXY=127.0.0.1) so that each client the bench plays can come from an address of its own
 * in X-Forwarded-For. Its log is kept rather than printed: the bench sums it up.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startNodeProcess, stopNodeProcess } from '../../server/src/cluster/node-process';
import type { Service } from '../../server/src/cluster/service';

export type EmbeddedDatabase = 'postgres' | 'pglite';

export interface BenchServer {
  child: Service['child'];
  /** The lines it printed, stdout and stderr. */
  log: string[];
  stop(): Promise<void>;
}

/** The server as `npm run serve` runs it (node-process.ts, with serve's flags); resolves once it listens. */
export async function startServer(database: EmbeddedDatabase, dataDir: string, port: number, secret: string): Promise<BenchServer> {
  const log: string[] = [];
  const node = await startNodeProcess({
    port,
    env: { DATA_DIR: dataDir, JWT_SECRET: secret, EMBEDDED_DATABASE: database, TRUST_PROXY: '127.0.0.1' },
    nodeFlags: ['--max-semi-space-size=32'],
    log: (line) => log.push(line),
  });
  return {
    child: node.child,
    log,
    async stop() {
      await stopNodeProcess(node);
    },
  };
}

/** Players, AI scores, rated results and ratings, written as the database owner through the server's socket. */
export async function seed(dataDir: string): Promise<string[]> {
  // The embedded PostgreSQL's socket is in its folder; PGlite's beside it.
  const host = existsSync(join(dataDir, 'postgres', 'PG_VERSION')) ? join(dataDir, 'postgres') : dataDir;
  const db = new pg.Client({ host, user: 'postgres', database: 'postgres' });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>(
      `insert into auth.users (email, encrypted_password, raw_user_meta_data)
       select 'player' || g || '@example.com', 'x', jsonb_build_object('username', 'Player ' || g) from generate_series(1, 200) g returning id`,
    );
    const ids = rows.map((row) => row.id);
    // Verified as if replayed: the triggers (which make a new score pending) are off for the seed.
    await db.query('alter table public.game_scores disable trigger user');
    await db.query(
      `insert into public.game_scores (user_id, username, score, opponent_score, board_size, scoring_mechanism, opponent_type, ai_difficulty, game_id, record, status)
       select ($1::uuid[])[1 + g % 200], 'Player', 1 + (g * 7919) % 729, (g * 104729) % 729, 6, 'connection', 'ai',
              (array['easy','medium','hard','expert'])[1 + g % 4], 'seed-' || g, 'seed-' || g, 'verified'
       from generate_series(1, 5000) g`,
      [ids],
    );
    await db.query('alter table public.game_scores enable trigger user');
    await db.query(
      `insert into public.game_results (player1_id, player2_id, player1_score, player2_score, winner_id, scoring_mechanism, board_size,
         created_at, player1_elo_before, player1_elo_after, player2_elo_before, player2_elo_after)
       select ($1::uuid[])[1 + g % 200], ($1::uuid[])[1 + (g + 1) % 200], 20, 10, ($1::uuid[])[1 + g % 200], 'connection', 6,
              now() - make_interval(mins => g), 1200, 1220, 1200, 1180
       from generate_series(1, 2000) g`,
      [ids],
    );
    await db.query('update public.profiles set games_played = 10, games_won = 5, elo_rating = 1000 + (hashtext(id::text) & 1023)');
    return ids;
  } finally {
    await db.end();
  }
}
