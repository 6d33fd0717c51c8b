/**
 * `npm run arena`: two computer levels play whole games in wasm, seats alternating.
 *
 *   npm run arena -- --a expert --b hard --size 8 --mode connection --games 100 --seed 1
 *
 * A moves first in even-numbered games; game k's seed is seed + k, so a run replays
 * exactly when Expert's budget is a node limit. Prints one summary (with --json, one
 * JSON object on the last line too) and a progress line every 10 games on stderr.
 * Bad arguments get one line on stderr and exit 2.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import {
  ARENA_PLAYERS,
  DEFAULT_EXPERT_TIME_MS,
  parseScoringMechanism,
  type ArenaPlayer,
  type Engine,
  type ScoringMechanism,
} from '../src/engine';
import { loadEngine } from '../src/engine/load';
import { mean, p95 } from './bench/stats';
import { eloEstimate, formatElo, ladder, type LadderMatch } from './lib/elo';

const USAGE = `usage: npm run -s arena -- [--a LEVEL] [--b LEVEL] [--size N] [--mode MODE] [--games N] [--seed N]
                          [--expert-ms MS] [--expert-nodes N] [--no-mirroring] [--opening N] [--ladder] [--json]
  --a, --b          the two players: ${ARENA_PLAYERS.join(', ')} (random takes any free cell;
                    expert-classic is Expert with its evaluation before it learned; default expert, hard)
  --size            board side, 2..16; the game offers 6 to 16, even (default 8)
  --mode            connection, expansion or extension (default connection)
  --games           games to play, seats alternating: A moves first in even games (default 100)
  --seed            game k is played with seed + k (default 1)
  --expert-ms       Expert's time per move in milliseconds (default ${DEFAULT_EXPERT_TIME_MS})
  --expert-nodes    Expert's node budget per move; alone, it makes every game reproducible
  --no-mirroring    play under the mirror rule: no move may copy the opponent's cells by a symmetry
  --opening         open each game with this many random moves (seeded), so that even two players
                    who always answer alike meet in many different games (default 0)
  --ladder          instead of A against B: each level against its neighbour (${'$'}{ARENA_LADDER.join(', ')}),
                    then every level's Elo over the random player
  --json            also print the figures as one JSON object on the last line`;

const MAX_SEED = 2 ** 32 - 1; // the engine takes 32-bit seeds
/** The levels from weakest to strongest, as the ladder sets neighbours against each other. */
const ARENA_LADDER: readonly ArenaPlayer[] = ['random', 'easy', 'medium', 'hard', 'expert-classic', 'expert'];
const PROGRESS_EVERY = 10;

class UsageError extends Error {}

interface ArenaOptions {
  a: ArenaPlayer;
  b: ArenaPlayer;
  size: number;
  mode: ScoringMechanism;
  games: number;
  seed: number;
  expertMs: number | undefined;
  expertNodes: number | undefined;
  mirrorRule: boolean;
  opening: number;
  ladder: boolean;
  json: boolean;
}

function level(name: string, value: string): ArenaPlayer {
  const found = ARENA_PLAYERS.find((l) => l === value);
  if (!found) throw new UsageError(`--${name} must be one of ${ARENA_PLAYERS.join(', ')}, got "${value}"`);
  return found;
}

function whole(name: string, value: string, min: number, max: number): number {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  return n;
}

function parseOptions(argv: string[]): ArenaOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        a: { type: 'string', default: 'expert' },
        b: { type: 'string', default: 'hard' },
        size: { type: 'string', default: '8' },
        mode: { type: 'string', default: 'connection' },
        games: { type: 'string', default: '100' },
        seed: { type: 'string', default: '1' },
        'expert-ms': { type: 'string' },
        'expert-nodes': { type: 'string' },
        'no-mirroring': { type: 'boolean', default: false },
        opening: { type: 'string', default: '0' },
        ladder: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    // node:util's messages run on with advice about `--`: keep the first sentence.
    throw new UsageError(String(error instanceof Error ? error.message : error).split(/\. /)[0]!.replace(/\.$/, ''));
  }
  if (values.help) return 'help';
  const mode = parseScoringMechanism(values.mode);
  if (!mode.ok) throw new UsageError(`--mode: ${mode.error}`);
  const games = whole('games', values.games, 1, Number.MAX_SAFE_INTEGER);
  const seed = whole('seed', values.seed, 0, MAX_SEED);
  if (seed + games - 1 > MAX_SEED) {
    throw new UsageError(`--seed ${seed} with --games ${games} runs past the largest seed, ${MAX_SEED}`);
  }
  let expertMs: number | undefined;
  if (values['expert-ms'] !== undefined) {
    expertMs = Number(values['expert-ms']);
    if (!(Number.isFinite(expertMs) && expertMs > 0) || values['expert-ms'].trim() === '') {
      throw new UsageError(`--expert-ms must be a positive number of milliseconds, got "${values['expert-ms']}"`);
    }
  }
  const expertNodes =
    values['expert-nodes'] === undefined ? undefined : whole('expert-nodes', values['expert-nodes'], 1, 2 ** 32 - 1);
  return {
    a: level('a', values.a),
    b: level('b', values.b),
    size: whole('size', values.size, 2, 16),
    mode: mode.value,
    games,
    seed,
    expertMs,
    expertNodes,
    mirrorRule: values['no-mirroring'],
    opening: whole('opening', values.opening, 0, 255),
    ladder: values.ladder,
    json: values.json,
  };
}

/** Expert's budget as the engine applies it (see budget() in src/engine/ai.ts). */
function expertBudget({ expertMs, expertNodes }: ArenaOptions): string {
  if (expertNodes === undefined) return `${expertMs ?? DEFAULT_EXPERT_TIME_MS} ms per move`;
  if (expertMs === undefined) return `${expertNodes.toLocaleString('en-US')} nodes per move`;
  return `${expertNodes.toLocaleString('en-US')} nodes or ${expertMs} ms per move`;
}

const signed = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
const ms = (n: number) => n.toFixed(2);

/** What one match gave, from A's side. */
interface MatchResult {
  wins: number;
  draws: number;
  losses: number;
  margin: bigint; // exact, summed over the games
  second: { wins: number; draws: number; losses: number }; // A's games as the second player
  moveMs: { a: number[]; b: number[] };
}

/** A against B for `options.games` games, seats alternating (A first in even games). */
function playMatch(engine: Engine, options: ArenaOptions, a: ArenaPlayer, b: ArenaPlayer): MatchResult {
  const { size, mode, games, seed, expertMs, expertNodes, mirrorRule, opening } = options;
  const result: MatchResult = { wins: 0, draws: 0, losses: 0, margin: 0n, second: { wins: 0, draws: 0, losses: 0 }, moveMs: { a: [], b: [] } };
  const start = performance.now();
  for (let k = 0; k < games; k++) {
    const aSeat = k % 2;
    const record = engine.playArenaGame({
      size,
      mode,
      levels: aSeat === 0 ? [a, b] : [b, a],
      seed: seed + k,
      timeMs: expertMs,
      nodeLimit: expertNodes,
      mirrorRule,
      opening,
    });
    const [scoreA, scoreB] = [record.scores[aSeat]!, record.scores[1 - aSeat]!];
    const outcome = scoreA > scoreB ? 'wins' : scoreA < scoreB ? 'losses' : 'draws';
    result[outcome]++;
    result.margin += scoreA - scoreB;
    if (aSeat === 1) result.second[outcome]++;
    result.moveMs.a.push(...record.moveMs[aSeat]!);
    result.moveMs.b.push(...record.moveMs[1 - aSeat]!);
    if ((k + 1) % PROGRESS_EVERY === 0) {
      const { wins, draws, losses } = result;
      const seconds = ((performance.now() - start) / 1000).toFixed(1);
      console.error(`arena: ${a} v ${b} ${k + 1}/${games} games, A ${wins}W ${draws}D ${losses}L, ${seconds} s`);
    }
  }
  return result;
}

/** Every level against its neighbour, then each level's Elo over the random player. */
function playLadder(engine: Engine, options: ArenaOptions): void {
  const matches: LadderMatch[] = [];
  for (let k = 1; k < ARENA_LADDER.length; k++) {
    const [upper, lower] = [ARENA_LADDER[k]!, ARENA_LADDER[k - 1]!];
    const { wins, draws, losses } = playMatch(engine, options, upper, lower);
    matches.push({ upper, lower, wins, draws, losses });
  }
  const rungs = ladder(matches);
  const { size, mode, games, mirrorRule } = options;
  console.log(
    `Ladder on ${size}x${size} ${mode}${mirrorRule ? ', no mirroring' : ''}, ${games} games a pair of neighbours` +
      `; expert: ${expertBudget(options)} (Elo over random, 95% interval)`,
  );
  for (const match of matches) console.log(`  ${match.upper} v ${match.lower}: ${match.wins}W ${match.draws}D ${match.losses}L`);
  for (const rung of rungs) console.log(`${rung.level.padEnd(15)} ${signed(Math.round(rung.elo)).padStart(6)} ± ${Math.round(rung.margin)}`);
  if (options.json) console.log(JSON.stringify({ ladder: rungs, matches, size, mode, games, mirrorRule, expertNodes: options.expertNodes ?? null }));
}

async function main(options: ArenaOptions): Promise<void> {
  const { a, b, size, mode, games, seed, expertMs, expertNodes, mirrorRule } = options;
  const engine = await loadEngine();
  if (options.ladder) return playLadder(engine, options);
  const start = performance.now();
  const { wins, draws, losses, margin, second, moveMs } = playMatch(engine, options, a, b);
  const percent = () => (100 * (wins + draws / 2)) / (wins + draws + losses);

  const figures = {
    a,
    b,
    size,
    mode,
    games,
    seed,
    expertMs: expertMs ?? (expertNodes === undefined ? DEFAULT_EXPERT_TIME_MS : null),
    expertNodes: expertNodes ?? null,
    mirrorRule,
    opening: options.opening,
    wins,
    draws,
    losses,
    pointsPercent: percent(),
    second,
    meanMargin: Number(margin) / games, // a figure to read, not a score
    // A's rating minus B's with its 95% interval; an open end (a perfect score) is null in JSON.
    elo: eloEstimate(wins, draws, losses),
    msPerMove: {
      a: { mean: mean(moveMs.a), p95: p95(moveMs.a) },
      b: { mean: mean(moveMs.b), p95: p95(moveMs.b) },
    },
    seconds: (performance.now() - start) / 1000,
  };
  const usesExpert = [a, b].some((p) => p === 'expert' || p === 'expert-classic');
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : word === 'loss' ? 'es' : 's'}`;
  console.log(
    `A ${a} vs B ${b}, ${size}x${size} ${mode}${mirrorRule ? ', no mirroring' : ''}, ${plural(games, 'game')} from seed ${seed}, seats alternating` +
      (options.opening > 0 ? `, ${plural(options.opening, 'random opening move')}` : '') +
      (usesExpert ? `; expert: ${expertBudget(options)}` : ''),
  );
  console.log(
    `A: ${plural(wins, 'win')}, ${plural(draws, 'draw')}, ${plural(losses, 'loss')}: ` +
      `${figures.pointsPercent.toFixed(1)}% of the points; mean margin (A - B) ${signed(figures.meanMargin)}`,
  );
  console.log(`Elo (A - B): ${formatElo(figures.elo)}`);
  console.log(
    `A moving second: ${plural(second.wins, 'win')}, ${plural(second.draws, 'draw')}, ${plural(second.losses, 'loss')}` +
      (a === 'expert' && size % 2 === 0 && !mirrorRule ? ' (target: no losses)' : ''),
  );
  console.log(
    `ms per move: A ${a} mean ${ms(figures.msPerMove.a.mean)} p95 ${ms(figures.msPerMove.a.p95)}; ` +
      `B ${b} mean ${ms(figures.msPerMove.b.mean)} p95 ${ms(figures.msPerMove.b.p95)} ` +
      `(${figures.seconds.toFixed(1)} s in all)`,
  );
  if (options.json) console.log(JSON.stringify(figures));
}

let options: ArenaOptions | 'help';
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`arena: ${error.message} (--help for usage)`);
  process.exit(2);
}
if (options === 'help') console.log(USAGE);
else await main(options);
