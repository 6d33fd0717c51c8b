/**
 * The game server against the bare socket.io relay in one bench:rooms run: the ratios
 * of their figures and whether the game server's targets are met. The relay is the least a server of
 * this design can cost, so the ratios say what the game itself costs, on this machine and load.
 * Over several rounds (each a game run then a relay run) the verdict reads the median of the
 * rounds' ratios: on a shared 2-core machine one round's p99 swings by a third either way.
 */
import { median } from './stats';

/** The game server's targets, as multiples of the relay's figures. */
export const TARGETS = { cpuPerMove: 2, p99: 1.5, errors: 0 } as const;

/** The figures of one server's run that the comparison reads. */
export interface RunSummary {
  totalMoves: number;
  movesPerSecond: number;
  moveRttMs: { p50: number; p99: number };
  server: { cpuCores: number; cpuMicrosPerMove: number | null; memoryMB: { peakRss: number } } | null;
  errors: { count: number };
}

export interface Comparison {
  /** Game server CPU per move by the relay's; null when either has no figure. */
  cpuPerMoveRatio: number | null;
  /** Game server p99 move round-trip by the relay's. */
  p99Ratio: number | null;
  targets: {
    cpuPerMove: { max: number; met: boolean };
    p99: { max: number; met: boolean };
    /** Errors of both runs: the ratios mean nothing when the relay's run failed too. */
    errors: { max: number; game: number; relay: number; met: boolean };
  };
}

/** The ratios of every round, and the verdict on their medians. */
export interface RoundsComparison extends Comparison {
  rounds: { cpuPerMoveRatio: number | null; p99Ratio: number | null }[];
}

const ratio = (a: number | null | undefined, b: number | null | undefined) => (a != null && b != null && b > 0 ? Number((a / b).toFixed(2)) : null);

export function compare(game: RunSummary, relay: RunSummary): Comparison {
  return judged(ratio(game.server?.cpuMicrosPerMove, relay.server?.cpuMicrosPerMove), ratio(game.moveRttMs.p99, relay.moveRttMs.p99), game.errors.count, relay.errors.count);
}

/** Ratios and error counts against the game server's targets. */
function judged(cpuPerMoveRatio: number | null, p99Ratio: number | null, gameErrors: number, relayErrors: number): Comparison {
  return {
    cpuPerMoveRatio,
    p99Ratio,
    targets: {
      cpuPerMove: { max: TARGETS.cpuPerMove, met: cpuPerMoveRatio !== null && cpuPerMoveRatio <= TARGETS.cpuPerMove },
      p99: { max: TARGETS.p99, met: p99Ratio !== null && p99Ratio <= TARGETS.p99 },
      errors: { max: TARGETS.errors, game: gameErrors, relay: relayErrors, met: gameErrors + relayErrors <= TARGETS.errors },
    },
  };
}

/** The two runs side by side, then the ratios against the targets. */
export function printComparison(game: RunSummary, relay: RunSummary, c: Comparison): void {
  const rows: [string, (s: RunSummary) => string][] = [
    ['moves', (s) => String(s.totalMoves)],
    ['moves/s', (s) => String(s.movesPerSecond)],
    ['round-trip p50', (s) => `${s.moveRttMs.p50} ms`],
    ['round-trip p99', (s) => `${s.moveRttMs.p99} ms`],
    ['server CPU per move', (s) => `${s.server?.cpuMicrosPerMove ?? '-'} µs`],
    ['server CPU', (s) => `${s.server?.cpuCores ?? '-'} cores`],
    ['server peak rss', (s) => `${s.server?.memoryMB.peakRss ?? '-'} MB`],
    ['errors', (s) => String(s.errors.count)],
  ];
  const line = (a: string, b: string, c2: string) => console.log(`  ${a.padEnd(28)}${b.padEnd(14)}${c2}`);
  line('', 'game server', 'relay');
  for (const [name, value] of rows) line(name, value(game), value(relay));
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const times = (x: number | null) => (x === null ? '-' : `${x}×`);
  const t = c.targets;
  line('CPU per move game/relay', times(c.cpuPerMoveRatio), `target ≤ ${t.cpuPerMove.max}×: ${verdict(t.cpuPerMove.met)}`);
  line('p99 round-trip game/relay', times(c.p99Ratio), `target ≤ ${t.p99.max}×: ${verdict(t.p99.met)}`);
  line('errors game + relay', `${t.errors.game} + ${t.errors.relay}`, `target ${t.errors.max}: ${verdict(t.errors.met)}`);
}

/** The median of each ratio over the rounds, against the targets; errors are summed. */
export function compareRounds(rounds: Comparison[]): RoundsComparison {
  const medianOf = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null);
    return known.length === values.length && known.length > 0 ? Number(median(known).toFixed(2)) : null;
  };
  const errors = (side: 'game' | 'relay') => rounds.reduce((n, r) => n + r.targets.errors[side], 0);
  return {
    ...judged(medianOf(rounds.map((r) => r.cpuPerMoveRatio)), medianOf(rounds.map((r) => r.p99Ratio)), errors('game'), errors('relay')),
    rounds: rounds.map((r) => ({ cpuPerMoveRatio: r.cpuPerMoveRatio, p99Ratio: r.p99Ratio })),
  };
}

/** Each round's ratios, then their medians against the targets. */
export function printRounds(c: RoundsComparison): void {
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const times = (x: number | null) => (x === null ? '-' : `${x}×`);
  const list = (pick: (r: RoundsComparison['rounds'][number]) => number | null) => c.rounds.map((r) => times(pick(r))).join(', ');
  const t = c.targets;
  console.log(`  CPU per move game/relay     rounds ${list((r) => r.cpuPerMoveRatio)}; median ${times(c.cpuPerMoveRatio)}, target ≤ ${t.cpuPerMove.max}×: ${verdict(t.cpuPerMove.met)}`);
  console.log(`  p99 round-trip game/relay   rounds ${list((r) => r.p99Ratio)}; median ${times(c.p99Ratio)}, target ≤ ${t.p99.max}×: ${verdict(t.p99.met)}`);
  console.log(`  errors game + relay         ${t.errors.game} + ${t.errors.relay}, target ${t.errors.max}: ${verdict(t.errors.met)}`);
}
