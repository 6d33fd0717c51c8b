/**
 * The name a signed-in player sits down under: their account's username, as the lobby shows it
 * (its normal form, at most USERNAME_MAX characters: a name from before the limit is cut as the
 * page cuts it), so the room, the game and the results show the name their rating belongs to.
 */
import { nameProblem, normalName } from '../../../../src/game/names';
import { USERNAME_MAX } from '../../../../src/protocol';
import type { Queryable } from '../../db/database';

/**
 * The lobby name of the account `userId`; undefined without a profile, or for a name in which
 * nothing would show (the repaired names never are: the player then types one, as before).
 */
export async function accountName(db: Queryable, userId: string): Promise<string | undefined> {
  const [row] = await db.query<{ username: string }>('select username from public.profiles where id::text = $1', [userId]);
  if (!row) return undefined;
  const name = [...normalName(row.username)].slice(0, USERNAME_MAX).join('').trim();
  return nameProblem(name) === null ? name : undefined;
}
