/**
 * SQL for a parsed request. Every identifier is checked against the catalog and
 * double-quoted; every value is a bound parameter ($n). The statements answer with the rows
 * already as JSON text, as PostgREST's do, so numbers, timestamps and nulls come out exactly
 * as Postgres formats them.
 */
import { RestError } from './errors';
import type { Filter, OrderTerm, ReadQuery, SelectItem } from './query';
import { SCHEMA, type Column, type DbFunction, type Table } from './schema';

export interface Statement {
  sql: string;
  params: unknown[];
}

/** What a statement built by `rowsAsJson` returns: one row. */
export interface JsonRows {
  n: number; // how many rows
  body: string; // the rows as a JSON array
  first: string | null; // the first row as a JSON object
}

export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The rows a read answers: a table, or a set-returning function called with its arguments. */
export interface Source {
  label: string; // 'game_scores' in messages
  from: string; // SQL, may contain parameters already added
  columns: ReadonlyMap<string, Column>;
}

function columnOf(source: Source, name: string): string {
  if (!source.columns.has(name)) {
    throw new RestError(400, '42703', `column ${source.label}.${name} does not exist`);
  }
  return ident(name);
}

function selectList(source: Source, items: readonly SelectItem[]): string {
  return items
    .map((item) => {
      if (item.kind === 'star') return '*';
      const column = columnOf(source, item.column);
      return item.alias ? `${column} as ${ident(item.alias)}` : column;
    })
    .join(', ');
}

const SQL_OPS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike' } as const;

function condition(source: Source, filter: Filter, params: Params): string {
  let sql: string;
  switch (filter.kind) {
    case 'compare':
      sql = `${columnOf(source, filter.column)} ${SQL_OPS[filter.op]} ${params.add(filter.value)}`;
      break;
    case 'in':
      sql =
        filter.values.length === 0
          ? 'false'
          : `${columnOf(source, filter.column)} in (${filter.values.map((value) => params.add(value)).join(', ')})`;
      break;
    case 'is':
      // A keyword from a closed set, not a value.
      sql = `${columnOf(source, filter.column)} is ${filter.value}`;
      break;
    case 'logic':
      sql = `(${filter.children.map((child) => condition(source, child, params)).join(filter.op === 'and' ? ' and ' : ' or ')})`;
      break;
  }
  return filter.negate ? `not (${sql})` : sql;
}

function whereClause(source: Source, filters: readonly Filter[], params: Params): string {
  return filters.length === 0 ? '' : ` where ${filters.map((filter) => condition(source, filter, params)).join(' and ')}`;
}

function orderClause(source: Source, order: readonly OrderTerm[]): string {
  if (order.length === 0) return '';
  const terms = order.map((term) => {
    const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
    return `${columnOf(source, term.column)} ${term.direction}${nulls}`;
  });
  return ` order by ${terms.join(', ')}`;
}

/** Wraps a row-producing query so it answers `JsonRows`. */
function rowsAsJson(inner: string, stripNulls: boolean): string {
  const agg = stripNulls ? 'json_strip_nulls(json_agg(_pgrst_t))' : 'json_agg(_pgrst_t)';
  return `select count(*)::int as n, coalesce(${agg}, '[]')::text as body, (${agg} -> 0)::text as first from (${inner}) _pgrst_t`;
}

export interface ReadOptions {
  stripNulls?: boolean;
  count?: boolean; // also build the statement counting every matching row
}

/** A read of a table or a set-returning function: the rows, and optionally their total count. */
export function buildRead(
  source: Source,
  query: ReadQuery,
  options: ReadOptions = {},
  params = new Params(),
): { rows: Statement; count?: Statement } {
  const columns = selectList(source, query.select);
  const where = whereClause(source, query.filters, params);
  const order = orderClause(source, query.order);
  const whereParams = [...params.values];
  let page = '';
  if (query.limit !== undefined) page += ` limit ${params.add(query.limit)}`;
  if (query.offset !== undefined) page += ` offset ${params.add(query.offset)}`;
  const rows = { sql: rowsAsJson(`select ${columns} from ${source.from}${where}${order}${page}`, options.stripNulls ?? false), params: params.values };
  if (!options.count) return { rows };
  return { rows, count: { sql: `select count(*)::int as total from ${source.from}${where}`, params: whereParams } };
}

export function tableSource(table: Table): Source {
  return { label: table.name, from: `${ident(SCHEMA)}.${ident(table.name)}`, columns: table.columns };
}

/** The insert of `rows` (objects) into `columns`, answering `JsonRows` when `returning`. */
export function buildInsert(
  table: Table,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
  returning: { select: readonly SelectItem[]; stripNulls: boolean } | undefined,
): Statement {
  for (const name of columns) {
    if (!table.columns.has(name)) {
      throw new RestError(400, 'PGRST204', `Could not find the '${name}' column of '${table.name}' in the schema cache`);
    }
  }
  const params = new Params();
  const target = `${ident(SCHEMA)}.${ident(table.name)}`;
  let insert: string;
  if (columns.length === 0) {
    if (rows.length !== 1) throw new RestError(400, 'PGRST102', 'All object keys must match', 'rows without columns can only be inserted one at a time');
    insert = `insert into ${target} default values`;
  } else {
    const list = columns.map(ident).join(', ');
    insert = `insert into ${target} (${list}) select ${list} from json_populate_recordset(null::${target}, ${params.add(JSON.stringify(rows))}::json)`;
  }
  if (!returning) return { sql: insert, params: params.values };
  const source: Source = { label: table.name, from: '_pgrst_ins', columns: table.columns };
  const sql = `with _pgrst_ins as (${insert} returning *) ${rowsAsJson(`select ${selectList(source, returning.select)} from _pgrst_ins`, returning.stripNulls)}`;
  return { sql, params: params.values };
}

/** A function call with named arguments, each cast to its declared type. */
export function callSource(fn: DbFunction, args: Readonly<Record<string, unknown>>, params: Params): Source {
  const list = fn.args
    .filter((arg) => Object.hasOwn(args, arg.name))
    .map((arg) => `${ident(arg.name)} => ${params.add(argumentText(args[arg.name], arg.type))}::${arg.type}`)
    .join(', ');
  return { label: fn.name, from: `${ident(SCHEMA)}.${ident(fn.name)}(${list}) as _pgrst_f`, columns: fn.columns };
}

/** A call to `fn`: its rows for a set-returning function, else its value as JSON. */
export function buildCall(
  fn: DbFunction,
  args: Readonly<Record<string, unknown>>,
  query: ReadQuery,
  options: ReadOptions = {},
): { rows: Statement; count?: Statement } | { value: Statement } {
  const params = new Params();
  const source = callSource(fn, args, params);
  if (fn.returnsSet) return buildRead(source, query, options, params);
  const call = source.from.replace(/ as _pgrst_f$/, '');
  return { value: { sql: `select to_json(${call})::text as body`, params: params.values } };
}

/** A JSON argument as the text Postgres parses for its type (a JSON array for an array type becomes `{…}`). */
function argumentText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value) && type.endsWith('[]')) {
    return `{${value.map((item) => (item === null ? 'NULL' : `"${String(typeof item === 'object' ? JSON.stringify(item) : item).replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export { Params };
