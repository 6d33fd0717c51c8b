/**
 * `/rest/v1`: the subset of PostgREST that supabase-js 2 sends for this app — reads with
 * filters, order and paging; inserts; `rpc/<fn>` — answered over real SQL as the caller's
 * role with `request.jwt.claims` set, so Postgres enforces grants and row-level security.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody } from '../ai/body';
import type { Keys } from '../auth/keys';
import type { Database, Queryable } from '../db/database';
import type { ApiHandler } from '../http/server';
import { authenticate, type Caller } from './auth';
import { fromDatabaseError, isDatabaseError, RestError } from './errors';
import { parseQuery, type ReadQuery } from './query';
import { DEFAULT_FUNCTIONS, DEFAULT_TABLES, loadCatalog, SCHEMA, type Catalog, type DbFunction } from './schema';
import { buildCall, buildInsert, buildRead, tableSource, type JsonRows, type Statement } from './sql';

export const PREFIX = '/rest/v1';

export interface RestApiOptions {
  db: Database;
  keys: Keys;
  /** Exposed tables and functions of `public` (default: this app's). */
  tables?: readonly string[];
  functions?: readonly string[];
}

const CORS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Range, Content-Location',
};

const PREFLIGHT: Readonly<Record<string, string>> = {
  ...CORS,
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'authorization, apikey, content-type, prefer, accept, accept-profile, content-profile, range, x-client-info, x-supabase-api-version, x-retry-count',
  'Access-Control-Max-Age': '600',
};

const OBJECT_TYPE = 'application/vnd.pgrst.object+json';
const ARRAY_TYPE = 'application/json';

/** How the caller wants the answer, from `Accept` and `Prefer`. */
interface Wants {
  single: boolean; // one object, 406 otherwise
  stripNulls: boolean;
  representation: boolean; // inserts: return the rows
  count: boolean; // Content-Range with the total
}

type Route = { kind: 'table'; name: string } | { kind: 'rpc'; name: string };

export async function createRestApi(options: RestApiOptions): Promise<ApiHandler> {
  const catalog = await loadCatalog(options.db, options.tables ?? DEFAULT_TABLES, options.functions ?? DEFAULT_FUNCTIONS);
  const context: Context = { db: options.db, keys: options.keys, catalog };
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== PREFIX && !url.pathname.startsWith(`${PREFIX}/`)) return false;
    try {
      await handle(context, req, res, url);
    } catch (error) {
      if (error instanceof RestError) send(res, error.status, JSON.stringify(error.body()), error.headers);
      else {
        console.error('rest request failed', req.method, req.url, error);
        send(res, 500, JSON.stringify(new RestError(500, 'XX000', 'Internal server error').body()));
      }
    }
    return true;
  };
}

interface Context {
  db: Database;
  keys: Keys;
  catalog: Catalog;
}

async function handle(context: Context, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    res.writeHead(204, PREFLIGHT).end();
    return;
  }
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }
  // The body first: an answer sent while the client is still uploading reaches it as a reset.
  let body: unknown;
  if (method === 'POST') {
    const read = await readJsonBody(req);
    if (!read.ok) {
      if (read.status === 413) throw new RestError(413, 'PGRST413', 'Payload Too Large', read.error);
      throw new RestError(400, 'PGRST102', 'Empty or invalid json', read.error);
    }
    body = read.value;
  }
  const caller = await authenticate(req, context.keys);
  checkProfile(req, method);
  const route = parseRoute(url.pathname);
  const wants = parseWants(req);
  if (route.kind === 'table') {
    const table = context.catalog.tables.get(route.name);
    if (!table) {
      throw new RestError(404, 'PGRST205', `Could not find the table '${SCHEMA}.${route.name}' in the schema cache`);
    }
    const query = parseQuery(url.searchParams);
    if (method === 'POST') {
      const rows = insertRows(body);
      const columns = query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
      const statement = buildInsert(table, columns, rows, wants.representation ? { select: query.select, stripNulls: wants.stripNulls } : undefined);
      const result = await run(context.db, caller, async (tx) => {
        if (!wants.representation) {
          await tx.query(statement.sql, statement.params);
          return undefined;
        }
        return checked(await one<JsonRows>(tx, statement), wants);
      });
      if (result === undefined) send(res, 201, '', { 'Content-Range': '*/*' });
      else sendRows(res, 201, result, wants, query, undefined, method);
      return;
    }
    const read = buildRead(tableSource(table), query, { stripNulls: wants.stripNulls, count: wants.count });
    await answerRead(context.db, caller, res, read, wants, query, method);
    return;
  }
  // rpc: POST with named arguments in the body, or GET with them in the query string.
  const candidates = context.catalog.functions.get(route.name) ?? [];
  const argNames = new Set(candidates.flatMap((fn) => fn.args.map((arg) => arg.name)));
  const query = parseQuery(url.searchParams, argNames);
  const args = method === 'POST' ? rpcArgs(body) : query.args;
  const fn = chooseFunction(route.name, candidates, args);
  const call = buildCall(fn, args, query, { stripNulls: wants.stripNulls, count: wants.count });
  if ('value' in call) {
    const value = await run(context.db, caller, async (tx) => (await one<{ body: string }>(tx, call.value)).body);
    send(res, 200, method === 'HEAD' ? '' : value, { 'Content-Type': `${ARRAY_TYPE}; charset=utf-8` });
    return;
  }
  await answerRead(context.db, caller, res, call, wants, query, method);
}

async function answerRead(
  db: Database,
  caller: Caller,
  res: ServerResponse,
  read: { rows: Statement; count?: Statement },
  wants: Wants,
  query: ReadQuery,
  method: string,
): Promise<void> {
  const { rows, total } = await run(db, caller, async (tx) => {
    const rows = checked(await one<JsonRows>(tx, read.rows), wants);
    const total = read.count ? (await one<{ total: number }>(tx, read.count)).total : undefined;
    return { rows, total };
  });
  sendRows(res, 200, rows, wants, query, total, method);
}

/** One transaction as the caller: role and claims first, so Postgres enforces RLS and grants. */
async function run<T>(db: Database, caller: Caller, work: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
        caller.role,
        JSON.stringify(caller.claims),
      ]);
      return work(tx);
    });
  } catch (error) {
    if (isDatabaseError(error)) throw fromDatabaseError(error, caller.role);
    throw error;
  }
}

async function one<T>(tx: Queryable, statement: Statement): Promise<T> {
  const [row] = await tx.query<T>(statement.sql, statement.params);
  if (!row) throw new Error('the statement returned no row');
  return row;
}

/** `.single()`: exactly one row, else 406 (thrown inside the transaction, so an insert is undone). */
function checked(rows: JsonRows, wants: Wants): JsonRows {
  if (wants.single && rows.n !== 1) {
    throw new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rows.n} rows`);
  }
  return rows;
}

function sendRows(res: ServerResponse, status: number, rows: JsonRows, wants: Wants, query: ReadQuery, total: number | undefined, method: string): void {
  const from = query.offset ?? 0;
  const range = rows.n === 0 ? '*' : `${from}-${from + rows.n - 1}`;
  const headers = {
    'Content-Type': `${wants.single ? OBJECT_TYPE : ARRAY_TYPE}; charset=utf-8`,
    'Content-Range': `${range}/${total ?? '*'}`,
  };
  const body = wants.single ? (rows.first ?? 'null') : rows.body;
  send(res, status, method === 'HEAD' ? '' : body, headers);
}

function send(res: ServerResponse, status: number, body: string, headers: Readonly<Record<string, string>> = {}): void {
  res.writeHead(status, { ...CORS, ...(body === '' ? {} : { 'Content-Type': `${ARRAY_TYPE}; charset=utf-8` }), ...headers });
  res.end(body);
}

function parseRoute(pathname: string): Route {
  let segments: string[];
  try {
    segments = pathname.slice(PREFIX.length + 1).split('/').map(decodeURIComponent);
  } catch {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
  if (segments.length === 1 && segments[0]) return { kind: 'table', name: segments[0] };
  if (segments.length === 2 && segments[0] === 'rpc' && segments[1]) return { kind: 'rpc', name: segments[1] };
  throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
}

/** Only `public` is exposed, as in this app's Supabase project. */
function checkProfile(req: IncomingMessage, method: string): void {
  const profile = req.headers[method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile'];
  if (profile !== undefined && profile !== SCHEMA) {
    throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${SCHEMA}`);
  }
}

function parseWants(req: IncomingMessage): Wants {
  const wants: Wants = { single: false, stripNulls: false, representation: false, count: false };
  const accept = req.headers.accept ?? '*/*';
  const types = accept.split(',').map((part) => part.trim().split(';').map((item) => item.trim().toLowerCase()));
  const chosen = types.find(([type]) => type === OBJECT_TYPE || type === 'application/vnd.pgrst.array+json' || type === ARRAY_TYPE || type === 'application/*' || type === '*/*');
  if (!chosen) throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`);
  wants.single = chosen[0] === OBJECT_TYPE;
  wants.stripNulls = chosen.includes('nulls=stripped');
  const prefer = [req.headers.prefer ?? ''].flat().join(',');
  for (const item of prefer.split(',').map((part) => part.trim())) {
    if (item === 'return=representation') wants.representation = true;
    else if (/^count=(exact|planned|estimated)$/.test(item)) wants.count = true;
  }
  return wants;
}

/** An insert's body: one object or an array of them. */
function insertRows(body: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'expected a JSON object or an array of objects');
  }
  return rows as Record<string, unknown>[];
}

function rpcArgs(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'expected a JSON object of named arguments');
  }
  return body as Record<string, unknown>;
}

/** The overload whose arguments are exactly covered by `args`, as PostgREST picks one. */
function chooseFunction(name: string, candidates: readonly DbFunction[], args: Readonly<Record<string, unknown>>): DbFunction {
  const given = Object.keys(args).sort();
  const fn = candidates.find(
    (candidate) =>
      given.every((key) => candidate.args.some((arg) => arg.name === key)) &&
      candidate.args.every((arg) => !arg.required || given.includes(arg.name)),
  );
  if (fn) return fn;
  const signature = given.length === 0 ? `${SCHEMA}.${name} without parameters` : `${SCHEMA}.${name}(${given.join(', ')})`;
  const hint =
    candidates.length > 0
      ? `Perhaps you meant to call the function ${candidates.map((c) => `${SCHEMA}.${name}(${c.args.map((arg) => arg.name).join(', ')})`).join(' or ')}`
      : null;
  throw new RestError(404, 'PGRST202', `Could not find the function ${signature} in the schema cache`, null, hint);
}
