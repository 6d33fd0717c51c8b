/**
 * An upstream fault, kept as its minimal reproduction (docs/pglite-deep-json-path-fault.md):
 * in PGlite 0.5.16, a deep chain of operators (300 `->` of a JSON path, which PostgREST's
 * `select=username->a->a…` becomes) sent with the extended protocol answers neither rows nor an
 * error, and from then on the next statement that raises any error never returns while PGlite
 * spins on one core. The server's embedded default is therefore PostgreSQL, and a PGlite that
 * hangs is killed and started again by its supervisor.
 *
 * PGlite runs in a child process, which is killed once the hang is confirmed: the child has
 * spent CPU seconds on a statement that answers in microseconds, so the bound holds however busy
 * the machine is. If PGlite answers, this test fails to say that the fault is fixed upstream.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openEmbedded } from './embedded';
import type { FaultReport } from './pglite-fault-child.testkit';

const CHILD = fileURLToPath(new URL('./pglite-fault-child.testkit.ts', import.meta.url));
const DEPTH = 300;
/** CPU the child may spend on `select 1/0` before it counts as spinning (an answer takes well under 10 ms). */
const SPINNING_CPU_SECONDS = 3;
/** And the wall-clock bound, should it hang without spinning. */
const HANG_WALL_MS = 60_000;

function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

describe("PGlite's deep-expression fault (upstream; the embedded default is PostgreSQL)", () => {
  it(`${DEPTH} JSON-path operators, then any error: PGlite never answers again and spins`, { timeout: 180_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, String(DEPTH)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const reports: FaultReport[] = [];
    let reported = () => {};
    child.on('message', (message: FaultReport) => {
      reports.push(message);
      reported();
    });
    const step = <S extends FaultReport['step']>(name: S) => reports.find((report): report is Extract<FaultReport, { step: S }> => report.step === name);
    const until = (done: () => boolean) =>
      new Promise<void>((resolve) => {
        reported = () => done() && resolve();
        reported();
      });
    try {
      await Promise.race([until(() => step('deep') !== undefined), exited]);
      expect(step('control')).toEqual({ step: 'control', outcome: 'error 22012' });
      // The first symptom: the deep expression answers neither rows nor an error.
      expect(step('deep')).toEqual({ step: 'deep', rows: 0, fields: 0, error: null });

      const cpuBefore = cpuSeconds(child.pid!);
      const sentAt = Date.now();
      let spinning = false;
      for (;;) {
        const answer = step('error');
        if (answer) expect.fail(`PGlite answered the error after the deep expression (${answer.outcome}): the upstream fault is fixed; update docs/pglite-deep-json-path-fault.md and drop this reproduction`);
        spinning = cpuSeconds(child.pid!) - cpuBefore >= SPINNING_CPU_SECONDS;
        if (spinning || Date.now() - sentAt > HANG_WALL_MS) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // Hung, on a busy core: the product kills such a PGlite (supervisor.ts); so does the test.
      expect(spinning).toBe(true);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    expect(child.signalCode).toBe('SIGKILL');
  });
});

describe('the server on PGlite meets the fault', () => {
  it('its supervisor kills the spinning PGlite and starts it again on the same data', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-pglite-fault-'));
    const lines: string[] = [];
    const { db, server } = await openEmbedded('pglite', dataDir, (line) => lines.push(line));
    try {
      await db.exec("create table kept (note text); insert into kept values ('committed before')");
      const spinning = server.pid();
      // With a parameter, node-postgres sends the extended protocol, as PostgREST does.
      expect(await db.query(`select '{}'::jsonb${"->'a'".repeat(DEPTH)} as deep, $1::int as one`, [1])).toEqual([]);
      await expect(db.query('select 1 / $1::int', [0])).rejects.toThrow();
      expect(lines).toContain('the embedded database did not answer within 5 s: its processes are killed');
      await expect.poll(() => db.availability?.isUp(), { timeout: 120_000, interval: 100 }).toBe(true);
      expect(server.pid()).not.toBe(spinning);
      expect(await db.query('select note from kept')).toEqual([{ note: 'committed before' }]);
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
