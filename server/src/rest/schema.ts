/**
 * The allowlist the API checks every identifier against, read once from the database's
 * catalog at start-up: the exposed tables of `public` with their columns, and the exposed
 * functions with their argument names and types and the columns they return.
 */
import type { Queryable } from '../db/database';

export type Role = 'anon' | 'authenticated';

export const SCHEMA = 'public';
export const DEFAULT_TABLES = ['profiles', 'game_scores', 'game_results'] as const;
export const DEFAULT_FUNCTIONS = ['get_elo_leaderboard', 'get_user_stats', 'get_user_game_history'] as const;

export interface Column {
  name: string; // 'score'
  type: string; // 'bigint', as format_type prints it
}

export interface Table {
  name: string; // 'game_scores'
  columns: ReadonlyMap<string, Column>;
}

export interface Argument {
  name: string; // 'limit_rows'
  type: string; // 'integer'
  required: boolean; // false when it has a default
}

export interface DbFunction {
  name: string; // 'get_elo_leaderboard'
  args: readonly Argument[];
  returnsSet: boolean; // set-returning: answered as an array
  columns: ReadonlyMap<string, Column>; // what it returns, for select/filter/order on its rows
}

export interface Catalog {
  tables: ReadonlyMap<string, Table>;
  functions: ReadonlyMap<string, readonly DbFunction[]>; // overloads by name
}

interface TableRow {
  name: string;
  columns: Column[];
}

interface FunctionRow {
  name: string;
  returns_set: boolean;
  arg_names: (string | null)[] | null;
  arg_modes: string[] | null;
  all_types: string[];
  input_types: string[];
  defaults: number;
  row_columns: Column[] | null;
  result_type: string;
}

export async function loadCatalog(
  db: Queryable,
  tableNames: readonly string[] = DEFAULT_TABLES,
  functionNames: readonly string[] = DEFAULT_FUNCTIONS,
): Promise<Catalog> {
  const tableRows = await db.query<TableRow>(
    `select c.relname as name,
            json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
        and c.relname in (select json_array_elements_text($2::json))
      group by c.relname`,
    [SCHEMA, JSON.stringify(tableNames)],
  );
  const tables = new Map<string, Table>();
  for (const row of tableRows) tables.set(row.name, { name: row.name, columns: byName(row.columns) });

  // Argument types in declaration order (all of them, and the input ones), and for a function
  // returning a table's row type, that table's columns.
  const functionRows = await db.query<FunctionRow>(
    `select p.proname as name, p.proretset as returns_set,
            to_json(p.proargnames) as arg_names,
            to_json(p.proargmodes::text[]) as arg_modes,
            coalesce((select json_agg(format_type(t.oid, null) order by u.i)
                        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(oid, i)
                        join pg_type t on t.oid = u.oid), '[]') as all_types,
            coalesce((select json_agg(format_type(t.oid, null) order by u.i)
                        from unnest(p.proargtypes::oid[]) with ordinality u(oid, i)
                        join pg_type t on t.oid = u.oid), '[]') as input_types,
            p.pronargdefaults::int as defaults,
            (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
               from pg_attribute a
              where a.attrelid = rt.typrelid and rt.typrelid <> 0 and a.attnum > 0 and not a.attisdropped) as row_columns,
            format_type(p.prorettype, null) as result_type
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type rt on rt.oid = p.prorettype
      where n.nspname = $1 and p.prokind = 'f'
        and p.proname in (select json_array_elements_text($2::json))`,
    [SCHEMA, JSON.stringify(functionNames)],
  );
  const functions = new Map<string, DbFunction[]>();
  for (const row of functionRows) {
    const fn = describeFunction(row);
    functions.set(fn.name, [...(functions.get(fn.name) ?? []), fn]);
  }
  return { tables, functions };
}

function byName(columns: readonly Column[]): Map<string, Column> {
  return new Map(columns.map((column) => [column.name, column]));
}

function describeFunction(row: FunctionRow): DbFunction {
  const names = row.arg_names ?? [];
  const modes = row.arg_modes ?? row.all_types.map(() => 'i');
  const inputs: { name: string; type: string }[] = [];
  const outputs: Column[] = [];
  modes.forEach((mode, index) => {
    const name = names[index] ?? '';
    const type = row.all_types[index] ?? 'unknown';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type });
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name, type });
  });
  const firstOptional = inputs.length - row.defaults;
  const args = inputs.map((input, index) => ({ ...input, required: index < firstOptional }));
  let columns: Column[];
  if (outputs.length > 0) columns = outputs;
  else if (row.row_columns) columns = row.row_columns;
  else columns = [{ name: row.name, type: row.result_type }];
  return { name: row.name, args, returnsSet: row.returns_set, columns: byName(columns) };
}
