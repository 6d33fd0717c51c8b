/**
 * The engine's command line (`npm run -s engine -- ...`), run as a real process.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function engine(args: string[], input: string) {
  const run = spawnSync('node_modules/.bin/tsx', ['scripts/engine-cli.ts', ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const example = JSON.stringify({
  occupiedCells: [
    ['0-0', '1-0', '0-1', '1-1', '4-0', '4-1', '4-2'],
    ['0-4', '1-4', '2-4', '3-4', '4-4', '2-1', '2-2'],
  ],
  gridWidth: 5,
  gridHeight: 5,
  scoringMechanism: 'connection',
});
const withMode = (mode: string) => example.replace('"connection"', `"${mode}"`);

describe('npm run engine -- score', () => {
  it('prints one line of scores and groups per board', () => {
    const run = engine(['score'], [example, withMode('expansion'), withMode('extension')].join('\n'));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n').map((line) => JSON.parse(line))).toEqual([
      { scores: ['12', '10'], groups: [[4, 3], [5, 2]] },
      { scores: ['32', '16'], groups: [[8, 4], [8, 2]] },
      { scores: ['8', '4'], groups: [[4, 2], [4, 1]] },
    ]);
  });

  it('names the problem and the line of each bad input, answers the good ones, and exits 2', () => {
    const lines = [
      example,
      '{"occupiedCells": [[], [',
      withMode('sideways'),
      example.replace('"gridWidth":5', '"gridWidth":17'),
      example.replace('"0-0"', '"zero"'),
      example.replace('"2-2"', '"1-1"'),
      example.replace(',"scoringMechanism":"connection"', ''),
    ];
    const run = engine(['score'], lines.join('\n'));
    expect(run.status).toBe(2);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^engine: line 2: unparsable JSON/),
      'engine: line 3: unknown scoring mechanism "sideways": expected connection, expansion or extension',
      'engine: line 4: board size 17x5 is outside 2..16 on a side',
      'engine: line 5: bad cell key "zero" for player 0: expected "x-y" with whole numbers',
      'engine: line 6: cell 1-1 is owned by both players',
      'engine: line 7: scoringMechanism is missing: expected connection, expansion or extension',
    ]);
  });
});

describe('npm run engine -- predict', () => {
  it('prints player gain, opponent gain and net', () => {
    const run = engine(['predict', '--cell', '3-0', '--player', '0'], example);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ playerGain: '4', opponentGain: '5', net: '-1' });
  });

  it('refuses an occupied cell with the line number', () => {
    const run = engine(['predict', '--cell', '0-0', '--player', '1'], example);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('engine: line 1: cannot predict 0-0 for player 1: the cell is already occupied\n');
  });

  it('explains its usage when the arguments are wrong', () => {
    const run = engine(['predict', '--cell', 'three'], example);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^engine: predict needs --cell X-Y/);
    expect(engine(['rescore'], '').stderr).toMatch(/^engine: unknown command rescore\nusage:/);
  });
});
