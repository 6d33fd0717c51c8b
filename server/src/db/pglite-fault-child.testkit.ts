/**
 * The reproduction of PGlite's deep-expression fault, in a process of its own so that its hang
 * never holds the test run (pglite-fault.db.test.ts; docs/pglite-deep-json-path-fault.md). Each step
 * is reported to the parent, and the report is flushed before the next step starts: the hang
 * spins on this process's only thread, so nothing sent after it would ever leave.
 */
import { PGlite } from '@electric-sql/pglite';

/** How many `->` operators in a row (argv[2]): the first that breaks PGlite 0.5.16 is 277. */
const depth = Number(process.argv[2]);

export type FaultReport =
  | { step: 'control'; outcome: string }
  | { step: 'deep'; rows: number; fields: number; error: string | null }
  | { step: 'error'; outcome: string };

const report = (message: FaultReport) => new Promise<void>((resolve) => process.send!(message, () => resolve()));
const outcome = (error: unknown) => `error ${(error as { code?: string }).code}`;

const db = await PGlite.create();
// An error answers as it should, before the deep expression.
await report({ step: 'control', outcome: await db.query('select 1/0').then(() => 'answered', outcome) });
// `query` is the extended protocol (Parse, Bind, Describe, Execute, Sync), as PostgREST speaks it.
const deep = await db.query(`select '{}'::jsonb${"->'a'".repeat(depth)}`).then(
  (result) => ({ rows: result.rows.length, fields: result.fields.length, error: null }),
  (error: unknown) => ({ rows: 0, fields: 0, error: outcome(error) }),
);
await report({ step: 'deep', ...deep });
// Any statement that raises an error: it never answers, and this process spins on one core.
await report({ step: 'error', outcome: await db.query('select 1/0').then(() => 'answered', outcome) });
process.exit(0);
