/**
 * The arena (`npm run arena -- ...`), run as a real process: whole games in wasm.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function arena(args: string[]) {
  const run = spawnSync('node_modules/.bin/tsx', ['scripts/arena.ts', ...args], { cwd: root, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The JSON object on the last line of stdout. */
function figures(stdout: string) {
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown> & {
    wins: number;
    draws: number;
    losses: number;
    pointsPercent: number;
    msPerMove: { a: { mean: number; p95: number }; b: { mean: number; p95: number } };
  };
}

const spread = { mean: expect.any(Number), p95: expect.any(Number) };

// Each case starts tsx and the engine once or more: allow for a busy machine.
describe('npm run arena', { timeout: 30_000 }, () => {
  it('plays the games and prints a summary, then one JSON object', () => {
    const run = arena(['--a', 'easy', '--b', 'medium', '--size', '6', '--games', '2', '--seed', '7', '--json']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^A easy vs B medium, 6x6 connection, 2 games from seed 7/);
    expect(run.stdout).toMatch(/ms per move: A easy mean [\d.]+ p95 [\d.]+; B medium mean/);
    const result = figures(run.stdout);
    expect(result).toMatchObject({
      a: 'easy',
      b: 'medium',
      size: 6,
      mode: 'connection',
      games: 2,
      seed: 7,
      expertNodes: null,
      meanMargin: expect.any(Number),
      msPerMove: { a: spread, b: spread },
    });
    expect(result.wins + result.draws + result.losses).toBe(2);
    expect(result.pointsPercent).toBe((100 * (result.wins + result.draws / 2)) / 2);
    // The Elo line names A's rating over B with its 95% interval (an open end for a perfect score).
    expect(run.stdout).toMatch(/^Elo \(A - B\): [+-](\d+|∞) \(95%: [+-](\d+|∞) to [+-](\d+|∞)\)$/m);
    expect(Object.keys(result.elo as object).sort()).toEqual(['difference', 'high', 'low']);
  });

  it('replays an Expert match exactly under a node budget', () => {
    const args = ['--a', 'expert', '--b', 'hard', '--size', '6', '--mode', 'extension', '--games', '2'];
    args.push('--expert-nodes', '2000', '--json');
    const [first, second] = [arena(args), arena(args)];
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/expert: 2,000 nodes per move/);
    const [a, b] = [figures(first.stdout), figures(second.stdout)];
    expect(a).toMatchObject({ a: 'expert', b: 'hard', mode: 'extension', expertNodes: 2000, expertMs: null });
    expect(a.wins + a.draws + a.losses).toBe(2);
    const outcome = (f: typeof a) => [f.wins, f.draws, f.losses, f.meanMargin];
    expect(outcome(b)).toEqual(outcome(a));
  });

  it('seats a random player, and Expert moving second does not lose to it', () => {
    const run = arena(['--a', 'expert', '--b', 'random', '--size', '6', '--games', '4', '--expert-nodes', '3000', '--json']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^A expert vs B random, 6x6 connection, 4 games/);
    expect(run.stdout).toMatch(/A moving second: \d+ wins?, \d+ draws?, 0 losses \(target: no losses\)/);
    const result = figures(run.stdout) as ReturnType<typeof figures> & { second: { losses: number; wins: number; draws: number } };
    expect(result.b).toBe('random');
    expect(result.second.wins + result.second.draws).toBe(2);
  });

  it('sets the learned Expert against its classic evaluation after random openings, the same games from the same seed', () => {
    const match = (opening: string) =>
      arena(['--a', 'expert', '--b', 'expert-classic', '--size', '6', '--games', '4', '--expert-nodes', '2000', '--no-mirroring', '--opening', opening, '--json']);
    const [first, second] = [match('3'), match('3')];
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^A expert vs B expert-classic, 6x6 connection, no mirroring, 4 games from seed 1, seats alternating, 3 random opening moves/);
    expect(first.stdout).toMatch(/^Elo \(A - B\): /m);
    const [a, b] = [figures(first.stdout), figures(second.stdout)];
    expect(a.wins + a.draws + a.losses).toBe(4);
    expect([b.wins, b.draws, b.losses, b.meanMargin]).toEqual([a.wins, a.draws, a.losses, a.meanMargin]);
    // Other openings, other games.
    expect(a).toMatchObject({ opening: 3 });
    const other = figures(match('5').stdout);
    expect(other.meanMargin).not.toBe(a.meanMargin);
  });

  it('plays under the mirror rule with --no-mirroring, and says so', () => {
    const common = ['--a', 'expert', '--b', 'expert', '--size', '4', '--games', '2', '--expert-nodes', '2000', '--json'];
    const ruled = arena([...common, '--no-mirroring']);
    expect(ruled.status).toBe(0);
    expect(ruled.stdout).toMatch(/^A expert vs B expert, 4x4 connection, no mirroring, 2 games/);
    expect(ruled.stdout).not.toContain('target: no losses');
    const unruled = arena(common);
    const [withRule, without] = [figures(ruled.stdout), figures(unruled.stdout)];
    expect(withRule.mirrorRule).toBe(true);
    expect(without.mirrorRule).toBe(false);
    // Without the rule Expert second copies, and every game is a draw.
    expect(without.draws).toBe(2);
  });

  it('plays the ladder: each level against its neighbour, then every level over random', () => {
    const run = arena(['--ladder', '--size', '4', '--games', '2', '--expert-nodes', '1000', '--json']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Ladder on 4x4 connection, 2 games a pair of neighbours/);
    const pairs = ['easy v random', 'medium v easy', 'hard v medium', 'expert-classic v hard', 'expert v expert-classic'];
    for (const pair of pairs) expect(run.stdout).toContain(`  ${pair}: `);
    const result = figures(run.stdout) as unknown as { ladder: { level: string; elo: number; margin: number }[] };
    expect(result.ladder.map((rung) => rung.level)).toEqual(['random', 'easy', 'medium', 'hard', 'expert-classic', 'expert']);
    expect(result.ladder[0]).toEqual({ level: 'random', elo: 0, margin: 0 });
    expect(result.ladder.every((rung) => Number.isFinite(rung.elo) && Number.isFinite(rung.margin))).toBe(true);
  });

  it('refuses a bad argument with one line naming it, and exits 2', () => {
    const run = arena(['--a', 'easy', '--b', 'grandmaster', '--games', '2']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^arena: --b must be one of easy, medium, hard, expert, expert-classic, random, got "grandmaster"/),
    ]);
    const others = [['--size', '17'], ['--games', '0'], ['--seed', '1.5'], ['--mode', 'sideways'], ['--expert-ms', 'soon'], ['--opening', 'many']];
    for (const bad of others) {
      const refused = arena(bad);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain(bad[0]);
    }
  });
});
