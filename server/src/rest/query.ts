/**
 * The query string of a PostgREST request, parsed once at the edge into a typed query:
 * `select=a,b:c,*`, `<col>=[not.]<op>.<value>`, `or=(…)`/`and=(…)`/`not.or=(…)`,
 * `order=col.desc.nullslast,…`, `limit=N`, `offset=N`, `columns="a","b"`.
 * Names are not checked here (the SQL builder checks them against the catalog); values stay
 * strings, later bound as parameters.
 */
import { parseError, RestError } from './errors';

export type CompareOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike';
export type IsValue = 'null' | 'true' | 'false' | 'unknown';

export type Filter =
  | { kind: 'compare'; column: string; op: CompareOp; value: string; negate: boolean }
  | { kind: 'in'; column: string; values: string[]; negate: boolean }
  | { kind: 'is'; column: string; value: IsValue; negate: boolean }
  | { kind: 'logic'; op: 'and' | 'or'; children: Filter[]; negate: boolean };

export type SelectItem = { kind: 'star' } | { kind: 'column'; column: string; alias?: string };

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export interface ReadQuery {
  select: SelectItem[]; // [{ kind: 'star' }] when absent
  filters: Filter[]; // all must hold
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  columns?: string[]; // insert: `columns="a","b"`
  args: Record<string, string>; // GET rpc: parameters named like the function's arguments
}

const COMPARE_OPS: ReadonlySet<string> = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike']);
const IS_VALUES: ReadonlySet<string> = new Set(['null', 'true', 'false', 'unknown']);
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);

/** Parses every parameter; `argNames` (GET rpc) are taken as arguments instead of filters. */
export function parseQuery(params: URLSearchParams, argNames: ReadonlySet<string> = new Set()): ReadQuery {
  const query: ReadQuery = { select: [{ kind: 'star' }], filters: [], order: [], args: {} };
  for (const [key, value] of params) {
    if (key === 'select') query.select = parseSelect(value);
    else if (key === 'order') query.order = parseOrder(value);
    else if (key === 'limit') query.limit = parseCount('limit', value);
    else if (key === 'offset') query.offset = parseCount('offset', value);
    else if (key === 'columns') query.columns = parseColumns(value);
    else if (RESERVED.has(key)) continue;
    else if (argNames.has(key)) query.args[key] = value;
    else {
      const logic = /^(not\.)?(and|or)$/.exec(key);
      if (logic) query.filters.push(parseLogic(logic[2] as 'and' | 'or', Boolean(logic[1]), value, `${key}=${value}`));
      else query.filters.push(parseOperation(key, value, false));
    }
  }
  return query;
}

function parseCount(name: string, value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw parseError(`${name} parameter`, value, 'expected a non-negative integer');
  return Number(value);
}

/** `a,b:c,*` (whitespace already removed by supabase-js). */
export function parseSelect(text: string): SelectItem[] {
  const items = splitTopLevel(text, 'select parameter');
  if (items.length === 0 || items.some((item) => item === '')) throw parseError('select parameter', text, 'empty column');
  return items.map((item) => {
    if (item === '*') return { kind: 'star' };
    if (/[()]/.test(item)) {
      throw new RestError(400, 'PGRST200', `Could not find a relationship for '${item.split('(')[0]}' in the schema cache`, 'embedded resources are not supported by this server');
    }
    const match = /^(?:([^:"]+):(?!:))?([^:]+)$/.exec(item);
    if (!match) throw parseError('select parameter', text, `unexpected "${item}" (casts and JSON paths are not supported)`);
    const column = unquote(match[2]!);
    return match[1] ? { kind: 'column', column, alias: match[1] } : { kind: 'column', column };
  });
}

/** `col.desc.nullslast,col2`. */
export function parseOrder(text: string): OrderTerm[] {
  return text.split(',').map((item) => {
    const [column, ...modifiers] = item.split('.');
    if (!column) throw parseError('order', text, 'empty column');
    const term: OrderTerm = { column, direction: 'asc' };
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') term.direction = modifier;
      else if (modifier === 'nullsfirst') term.nulls = 'first';
      else if (modifier === 'nullslast') term.nulls = 'last';
      else throw parseError('order', text, `unexpected "${modifier}": expected asc, desc, nullsfirst or nullslast`);
    }
    return term;
  });
}

/** `"a","b"` or `a,b`: the columns of an insert. */
export function parseColumns(text: string): string[] {
  const names = splitTopLevel(text, 'columns parameter').map(unquote);
  if (names.some((name) => name === '')) throw parseError('columns parameter', text, 'empty column');
  return names;
}

/** `[not.]op.value` for one column; `inLogic` values may be double-quoted. */
export function parseOperation(column: string, text: string, inLogic: boolean): Filter {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const op = dot < 0 ? rest : rest.slice(0, dot);
  const value = dot < 0 ? undefined : rest.slice(dot + 1);
  const where = `${column}=${text}`;
  if (value === undefined) throw parseError('filter', where, `expected "<operator>.<value>", e.g. eq.1`);
  if (COMPARE_OPS.has(op)) {
    let operand = inLogic ? unquote(value) : value;
    if (op === 'like' || op === 'ilike') operand = operand.replaceAll('*', '%');
    return { kind: 'compare', column, op: op as CompareOp, value: operand, negate };
  }
  if (op === 'in') return { kind: 'in', column, values: parseList(value, where), negate };
  if (op === 'is') {
    const lower = value.toLowerCase();
    if (!IS_VALUES.has(lower)) throw parseError('filter', where, 'is takes null, true, false or unknown');
    return { kind: 'is', column, value: lower as IsValue, negate };
  }
  throw parseError('filter', where, `unknown operator "${op}"`);
}

/** `(a.eq.1,or(b.eq.2,c.is.null))` after `or=`, `and=` or `not.or=`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, text: string, where = text): Filter {
  if (!text.startsWith('(') || !text.endsWith(')')) throw parseError('logic tree', where, 'expected "(…)"');
  const items = splitTopLevel(text.slice(1, -1), 'logic tree');
  if (items.length === 0 || items.some((item) => item === '')) throw parseError('logic tree', where, 'empty condition');
  const children = items.map((item): Filter => {
    const nested = /^(not\.)?(and|or)\(/.exec(item);
    if (nested) return parseLogic(nested[2] as 'and' | 'or', Boolean(nested[1]), item.slice(nested[0].length - 1), where);
    const dot = item.indexOf('.');
    if (dot <= 0) throw parseError('logic tree', where, `expected "<column>.<operator>.<value>", got "${item}"`);
    return parseOperation(item.slice(0, dot), item.slice(dot + 1), true);
  });
  return { kind: 'logic', op, children, negate };
}

/** `(a,b,"c, d")`: the list of `in`. */
export function parseList(text: string, where = text): string[] {
  if (!text.startsWith('(') || !text.endsWith(')')) throw parseError('filter', where, 'in takes a list in parentheses: in.(a,b)');
  const inner = text.slice(1, -1);
  if (inner === '') return [];
  return splitTopLevel(inner, 'filter').map(unquote);
}

/** Splits at commas outside double quotes and parentheses; a backslash escapes inside quotes. */
function splitTopLevel(text: string, what: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '\\') i++;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === '(') depth++;
    else if (char === ')') {
      depth--;
      if (depth < 0) throw parseError(what, text, 'unbalanced ")"');
    } else if (char === ',' && depth === 0) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted) throw parseError(what, text, 'unterminated double quote');
  if (depth !== 0) throw parseError(what, text, 'unbalanced "("');
  items.push(text.slice(start));
  return items;
}

/** `"a \"b\""` → `a "b"`; anything not wholly quoted is returned as is. */
function unquote(text: string): string {
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return text;
  return text.slice(1, -1).replace(/\\(.)/g, '$1');
}
