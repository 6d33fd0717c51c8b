/** Rows of `auth.users` and the user object GoTrue answers with. */
import type { Queryable } from '../db/database';

export interface UserRow {
  id: string;
  email: string;
  encrypted_password: string;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | string;
}

const COLUMNS = 'id, email, encrypted_password, raw_user_meta_data, created_at';

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`select ${COLUMNS} from auth.users where email = $1`, [email]))[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`select ${COLUMNS} from auth.users where id = $1`, [id]))[0];
}

/** Inserts a user (the trigger adds the profile); undefined when the e-mail is taken. */
export async function insertUser(db: Queryable, email: string, passwordHash: string, username: string | undefined): Promise<UserRow | undefined> {
  const meta = username === undefined ? {} : { username };
  const rows = await db.query<UserRow>(
    `insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, $2, $3::jsonb)
     on conflict (email) do nothing returning ${COLUMNS}`,
    [email, passwordHash, JSON.stringify(meta)],
  );
  return rows[0];
}

export interface GoTrueUser {
  id: string;
  aud: 'authenticated';
  role: 'authenticated';
  email: string;
  email_confirmed_at: string;
  confirmed_at: string;
  phone: string;
  user_metadata: { username?: string };
  app_metadata: { provider: 'email'; providers: ['email'] };
  identities: [];
  created_at: string;
  updated_at: string;
}

/** Users are confirmed on sign-up, so every date is the creation date. */
export function userJson(row: UserRow): GoTrueUser {
  const created = new Date(row.created_at).toISOString();
  const username = row.raw_user_meta_data?.username;
  return {
    id: row.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: row.email,
    email_confirmed_at: created,
    confirmed_at: created,
    phone: '',
    user_metadata: typeof username === 'string' ? { username } : {},
    app_metadata: { provider: 'email', providers: ['email'] },
    identities: [],
    created_at: created,
    updated_at: created,
  };
}
