/**
 * Rated results: when two signed-in players finish a game, one game_results row with
 * ELO before/after for both, and both profiles' rating and counts, in one transaction,
 * as the database owner (clients cannot write these tables: RLS). The ELO rules are the
 * SQL functions public.elo_k_factor and public.elo_after of supabase/migrations. Two accounts
 * change each other's ratings in at most RATED_GAMES_PER_PAIR_PER_DAY games in any 24 hours.
 */
import type { ScoringMechanism } from '../../../../src/engine';
import { formatRecord } from '../../../../src/game/record';
import { RATED_GAMES_PER_PAIR_PER_DAY, type MoveView } from '../../../../src/protocol';
import type { Database, Queryable } from '../../db/database';
import type { RatedGame, RatingOutcome } from '../core/rated';

/**
 * The game's one-line record, as Copy game writes it (src/game/record.ts): online games start
 * with Player 1, and the result is the server's winner (a forfeit or a flag ends before the board
 * is full).
 */
export function recordOfRatedGame(game: RatedGame & { moves: readonly MoveView[] }): string {
  return formatRecord({
    width: game.boardSize,
    height: game.boardSize,
    mode: game.scoringMechanism as ScoringMechanism,
    firstPlayer: 0,
    moves: game.moves.map((move) => ({ gridX: move.col, gridY: move.row })),
    result: game.winner === 'draw' ? '1/2-1/2' : game.winner === 0 ? '1-0' : '0-1',
    ...(game.mirrorRule ? { mirrorRule: true } : {}),
  });
}

interface ProfileRow {
  id: string;
  elo_rating: number;
  games_played: number;
}

/**
 * Writes the result; `{ unrated: 'pair-limit' }` when the two accounts have had their rated games
 * of the last 24 hours (nothing is written); undefined when it cannot be rated (same account
 * twice, or a profile is missing).
 */
export async function recordRatedGame(db: Database, game: RatedGame): Promise<RatingOutcome | undefined> {
  return db.transaction((tx) => writeRatedGame(tx, game));
}

/** The same inside a transaction of the caller's (the game server writes it with the move that ended the game). */
export async function writeRatedGame(tx: Queryable, game: RatedGame): Promise<RatingOutcome | undefined> {
  if (game.player1Id === game.player2Id) return undefined;
  // Locked in a fixed order so two games finishing at once cannot deadlock.
  const rows = await tx.query<ProfileRow>(
    `select id, elo_rating, games_played from public.profiles where id in ($1::uuid, $2::uuid) order by id for update`,
    [game.player1Id, game.player2Id],
  );
  const p1 = rows.find((r) => r.id === game.player1Id);
  const p2 = rows.find((r) => r.id === game.player2Id);
  if (!p1 || !p2) return undefined;
  // Counted with both profiles locked: two games of the pair finishing at once (on two nodes)
  // are written one after the other, and the second sees the first's row.
  const [pair] = await tx.query<{ games: number }>(
    `select count(*)::int as games from public.game_results
      where least(player1_id, player2_id) = least($1::uuid, $2::uuid) and greatest(player1_id, player2_id) = greatest($1::uuid, $2::uuid)
        and created_at > now() - interval '24 hours'`,
    [game.player1Id, game.player2Id],
  );
  if ((pair?.games ?? 0) >= RATED_GAMES_PER_PAIR_PER_DAY) return { unrated: 'pair-limit' };
  const score1 = game.winner === 'draw' ? 0.5 : game.winner === 0 ? 1 : 0;
  const [after] = await tx.query<{ a1: number; a2: number }>(
    `select public.elo_after($1::int, $2::int, $3::numeric, public.elo_k_factor($4::int, $1::int)) as a1,
            public.elo_after($2::int, $1::int, 1 - $3::numeric, public.elo_k_factor($5::int, $2::int)) as a2`,
    [p1.elo_rating, p2.elo_rating, score1, p1.games_played, p2.games_played],
  );
  if (!after) throw new Error('elo_after returned nothing');
  const winnerId = game.winner === 'draw' ? null : game.winner === 0 ? game.player1Id : game.player2Id;
  const [row] = await tx.query<{ id: number }>(
    `insert into public.game_results (player1_id, player2_id, player1_score, player2_score, winner_id, scoring_mechanism,
       board_size, player1_elo_before, player1_elo_after, player2_elo_before, player2_elo_after, mirror_rule, record)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
    [
      game.player1Id, game.player2Id, game.scores[0].toString(), game.scores[1].toString(), winnerId, game.scoringMechanism,
      game.boardSize, p1.elo_rating, after.a1, p2.elo_rating, after.a2, game.mirrorRule === true,
      game.moves ? recordOfRatedGame({ ...game, moves: game.moves }) : null,
    ],
  );
  const update = `update public.profiles set elo_rating = $2, games_played = games_played + 1,
    games_won = games_won + $3 where id = $1`;
  await tx.query(update, [game.player1Id, after.a1, game.winner === 0 ? 1 : 0]);
  await tx.query(update, [game.player2Id, after.a2, game.winner === 1 ? 1 : 0]);
  return {
    resultId: Number(row?.id),
    player1: { before: p1.elo_rating, after: after.a1 },
    player2: { before: p2.elo_rating, after: after.a2 },
  };
}
