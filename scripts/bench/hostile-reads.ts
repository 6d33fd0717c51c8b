/**
 * The hostile clients of `npm run bench:api`: anonymous strangers, each from an address of its own
 * (198.51.100.<n> in X-Forwarded-For, believed from loopback as from the proxy in front), each
 * sending in a closed loop the costliest reads of the data API that the edge still lets through
 * (`server/src/http/rest-query.ts`): regular expressions that take seconds to compile, many of them
 * in one request, trees of filters and JSON paths just under its ceilings, leading wildcards and
 * orderings by unindexed columns over the largest table, and the ELO rpc at its 1000 rows.
 *
 * Every regular expression differs from the last one sent (a counter in its literal tail): a
 * PostgreSQL session keeps its last 32 compiled expressions, and a stranger would not let a cache
 * answer for them.
 *
 * Runs inline (the probe: each read alone, to rank them on a database), or as a process of its own
 * at a low priority (bench-api.ts starts it: the strangers stand for machines elsewhere).
 */
import { performance } from 'node:perf_hooks';

/** A regular expression of nested bounded repetitions and a back-reference: seconds to compile. */
const backtracking = (variant: number) => `([a-z]*){1,255}([a-z]*){1,255}\\1z${variant}`;
const enc = encodeURIComponent;

/** Inside an or/and tree PostgREST reads `\` as an escape within double quotes. */
const quoted = (pattern: string) => `"${pattern.replaceAll('\\', '\\\\')}"`;

/** `count` filters `username=not.match.<expression>` in a row (all true, so every one is evaluated), as many as fit in `bytes`. */
function manyExpressions(variant: number, bytes: number): string {
  const filters: string[] = [];
  let length = 0;
  for (let n = 0; ; n++) {
    const filter = `username=not.match.${enc(backtracking(variant * 1000 + n))}`;
    if (length + filter.length + 1 > bytes) return filters.join('&');
    filters.push(filter);
    length += filter.length + 1;
  }
}

/** Names of players in an `in` list, as long as fits. */
const names = (count: number) => Array.from({ length: count }, (_, n) => `"Player ${n}"`).join(',');

/** Each read by name: its path for the `variant`-th request. */
export const HOSTILE_READS: Record<string, (variant: number) => string> = {
  'match, backtracking': (v) => `/rest/v1/profiles?select=username&username=match.${enc(backtracking(v))}`,
  'imatch on scores': (v) => `/rest/v1/game_scores?select=id,username&username=imatch.${enc(backtracking(v))}&limit=1000`,
  // The query string's ceiling is 8 KiB: about 90 expressions, each compiled in turn.
  'many expressions': (v) => `/rest/v1/profiles?select=id&${manyExpressions(v, 8000)}`,
  // 16 groups at most in an or tree, each expression's 2 groups included: 7 expressions and the tree's own.
  'or tree of expressions': (v) =>
    `/rest/v1/game_scores?select=id&or=(${enc(Array.from({ length: 7 }, (_, n) => `username.${n % 2 ? 'imatch' : 'match'}.${quoted(backtracking(v * 10 + n))}`).join(','))})`,
  'ilike, wildcards': () => `/rest/v1/game_scores?select=*&username=ilike.*a*e*i*o*u*y*z*&record=ilike.*s*e*e*d*-*9*9*9*&limit=1000`,
  'order unindexed': () => `/rest/v1/game_scores?select=*&order=record.desc,username.asc,game_duration.desc,created_at.asc&limit=1000`,
  'or tree of 16 groups': () =>
    `/rest/v1/game_results?select=*&or=(${enc(
      [
        ...Array.from({ length: 13 }, (_, n) => `and(player1_score.gte.${n},player2_score.lte.${1000 - n},scoring_mechanism.ilike.*${'n*'.repeat(3)})`),
        `player1_id.not.in.(${Array.from({ length: 8 }, (_, n) => `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`).join(',')})`,
        `scoring_mechanism.in.(${names(40)})`,
      ].join(','),
    )})&order=scoring_mechanism.desc,player2_score.desc,created_at.asc&limit=1000`,
  'JSON path of 8 steps': () => `/rest/v1/game_scores?select=id,record->a->b->c->d->e->f->g->>h&order=username.desc&limit=1000`,
  'embedded resources': () => `/rest/v1/game_scores?select=*,profiles(*,game_results(*))&limit=1000`,
  'elo rpc, 1000 rows': () => `/rest/v1/rpc/get_elo_leaderboard?limit_rows=1000`,
};

export interface HostileLoadOptions {
  url: string;
  anonKey: string;
  clients: number;
  /** The reads each client sends in turn (client n starts at the n-th). */
  reads: readonly string[];
}

export interface HostileResult {
  requests: number;
  seconds: number;
  latenciesMs: number[];
  /** HTTP statuses ('timeout' for no answer within 30 s, 'error' for a broken connection). */
  statuses: Record<string, number>;
  /** The error bodies' codes: PostgREST's and PostgreSQL's (57014: cancelled by the statement time-out), CC429, … */
  codes: Record<string, number>;
}

/** A stranger's address: TEST-NET-2, one per client. */
export const strangerAddress = (client: number) => `198.51.100.${1 + client}`;

/** A client waits this long for an answer before it counts a timeout and sends the next read. */
const ANSWER_WITHIN_MS = 30_000;

/** One read: its status, error code and time. `stop` aborts it. */
export async function sendRead(url: string, anonKey: string, path: string, address: string, stop?: AbortSignal): Promise<{ status: string; code?: string; ms: number }> {
  const sent = performance.now();
  const signals = [AbortSignal.timeout(ANSWER_WITHIN_MS), ...(stop ? [stop] : [])];
  try {
    const response = await fetch(`${url}${path}`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'X-Forwarded-For': address },
      signal: AbortSignal.any(signals),
    });
    const body = await response.text();
    let code: string | undefined;
    if (response.status >= 400) {
      try {
        code = String((JSON.parse(body) as { code?: unknown }).code ?? 'none');
      } catch {
        code = 'not JSON';
      }
    }
    return { status: String(response.status), code, ms: performance.now() - sent };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { status: timedOut ? 'timeout' : 'error', ms: performance.now() - sent };
  }
}

/**
 * `clients` strangers in a closed loop until `stop` aborts (reads in flight then are abandoned,
 * not counted). `onStarted` once every client has sent its first read.
 */
export async function runHostile({ url, anonKey, clients, reads }: HostileLoadOptions, stop: AbortSignal, onStarted?: () => void): Promise<HostileResult> {
  const result: HostileResult = { requests: 0, seconds: 0, latenciesMs: [], statuses: {}, codes: {} };
  const start = performance.now();
  let variant = Date.now() % 1_000_000; // never the expressions of an earlier run either
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = client; !stop.aborted; n++) {
        const path = HOSTILE_READS[reads[n % reads.length]!]!(variant++);
        if (n === client && client === clients - 1) setTimeout(() => onStarted?.(), 0);
        const answer = await sendRead(url, anonKey, path, strangerAddress(client), stop);
        if (stop.aborted) break;
        result.latenciesMs.push(answer.ms);
        result.statuses[answer.status] = (result.statuses[answer.status] ?? 0) + 1;
        if (answer.code) result.codes[answer.code] = (result.codes[answer.code] ?? 0) + 1;
      }
    }),
  );
  result.requests = result.latenciesMs.length;
  result.seconds = (performance.now() - start) / 1000;
  return result;
}

export interface ProbedRead {
  name: string;
  status: string;
  code?: string;
  ms: number;
}

/**
 * Each read alone, `times` times, from a stranger's address: its median time and its last answer.
 * Before each, the data API must answer a plain read (a database its supervisor killed comes back first).
 */
export async function probeHostileReads(url: string, anonKey: string, times = 1): Promise<ProbedRead[]> {
  const probed: ProbedRead[] = [];
  let variant = Date.now() % 1_000_000;
  for (const [name, path] of Object.entries(HOSTILE_READS)) {
    const runs: { status: string; code?: string; ms: number }[] = [];
    for (let n = 0; n < times; n++) {
      await untilAnswering(url, anonKey);
      runs.push(await sendRead(url, anonKey, path(variant++), strangerAddress(99)));
    }
    const sorted = [...runs].sort((a, b) => a.ms - b.ms);
    probed.push({ name, ...runs[runs.length - 1]!, ms: sorted[(sorted.length - 1) >> 1]!.ms });
  }
  await untilAnswering(url, anonKey);
  return probed;
}

/** Waits (up to 60 s) until a plain read of the data API answers 200. */
export async function untilAnswering(url: string, anonKey: string): Promise<void> {
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    if ((await sendRead(url, anonKey, '/rest/v1/profiles?select=id&limit=1', strangerAddress(98))).status === '200') return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the data API did not answer a plain read within 60 s');
}

/**
 * The mix the strangers send: the reads the edge let through (no 400 of its own, no 429), the
 * costliest first, down to a tenth of the costliest's time, at most `most` of them.
 */
export function hostileMix(probed: readonly ProbedRead[], most = 4): string[] {
  const passed = probed.filter((read) => read.code !== 'PGRST100' && read.code !== 'CC429').sort((a, b) => b.ms - a.ms);
  const costliest = passed[0]?.ms ?? 0;
  return passed
    .filter((read) => read.ms >= costliest / 10)
    .slice(0, most)
    .map((read) => read.name);
}

// As a process: the options in HOSTILE_LOAD (JSON); 'started' once every client has sent, the result when told to stop.
if (process.env.HOSTILE_LOAD && process.send) {
  const stop = new AbortController();
  process.once('message', () => stop.abort());
  void runHostile(JSON.parse(process.env.HOSTILE_LOAD) as HostileLoadOptions, stop.signal, () => process.send!('started')).then((result) => {
    process.send!(result);
    process.disconnect();
  });
}
