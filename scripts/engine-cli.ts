/**
 * The engine on the command line, for developers and benchmarks:
 *
 *   npm run -s engine -- score < boards.jsonl
 *   npm run -s engine -- predict --cell 3-0 --player 0 < boards.jsonl
 *
 * Each input line is a board state with its scoring mechanism; each output line
 * is one JSON answer. A bad line gets one message on stderr naming the line, and
 * the command exits 2 once all lines are read.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  EngineError,
  parseBoardState,
  parseScoringMechanism,
  type BoardState,
  type CellPosition,
  type Engine,
  type ScoringMechanism,
} from '../src/engine';
import { loadEngine } from '../src/engine/load';

const USAGE = `usage: npm run -s engine -- <command>
  score                            for each JSON line on stdin, print {"scores":["s0","s1"],"groups":[[...],[...]]}
  predict --cell X-Y --player P    for each JSON line on stdin, print {"playerGain":"..","opponentGain":"..","net":".."}
input lines: {"occupiedCells":[["0-0"],["1-1"]],"gridWidth":W,"gridHeight":H,"scoringMechanism":"connection"}`;

const REJECTIONS = {
  'off-grid': 'the cell is off the grid',
  'invalid-player': 'the player index must be 0 or 1',
  occupied: 'the cell is already occupied',
  mirroring: "No mirroring: that move would copy the opponent's cells by a symmetry of the board",
} as const;

class UsageError extends Error {}

type Answer = (engine: Engine, board: BoardState, mode: ScoringMechanism) => unknown;

function scoreCommand(): Answer {
  return (engine, board, mode) => engine.score(board, mode);
}

function predictCommand(options: { cell?: string; player?: string }): Answer {
  const cellMatch = /^(\d+)-(\d+)$/.exec(options.cell ?? '');
  if (!cellMatch) throw new UsageError('predict needs --cell X-Y with whole numbers, e.g. --cell 3-0');
  if (options.player !== '0' && options.player !== '1') throw new UsageError('predict needs --player 0 or --player 1');
  const cell: CellPosition = { gridX: Number(cellMatch[1]), gridY: Number(cellMatch[2]) };
  const player = Number(options.player);
  return (engine, board, mode) => {
    const result = engine.predict(board, cell, player, mode);
    if (!result.ok) throw new Error(`cannot predict ${options.cell} for player ${player}: ${REJECTIONS[result.rejection]}`);
    return result.prediction;
  };
}

function commandFrom(argv: string[]): Answer {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { cell: { type: 'string' }, player: { type: 'string' } },
  });
  const [command, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0]}`);
  if (command === 'score') return scoreCommand();
  if (command === 'predict') return predictCommand(values);
  throw new UsageError(command ? `unknown command ${command}` : 'no command given');
}

/** Scores and gains are exact bigints: written, like all saved JSON, as decimal strings. */
function exactNumbers(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** One input line to its answer, or the message naming what is wrong. */
function answerLine(engine: Engine, answer: Answer, line: string): { output: unknown } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    return { error: `unparsable JSON (${(error as Error).message})` };
  }
  const board = parseBoardState(json);
  if (!board.ok) return { error: board.error };
  const raw = (json as { scoringMechanism?: unknown }).scoringMechanism;
  if (raw === undefined) return { error: 'scoringMechanism is missing: expected connection, expansion or extension' };
  const mode = parseScoringMechanism(raw);
  if (!mode.ok) return { error: mode.error };
  try {
    return { output: answer(engine, board.value, mode.value) };
  } catch (error) {
    if (error instanceof EngineError || error instanceof Error) return { error: error.message };
    throw error;
  }
}

async function main(): Promise<void> {
  let answer: Answer;
  try {
    answer = commandFrom(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`engine: ${(error as Error).message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const engine = await loadEngine();
  let lineNumber = 0;
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    const result = answerLine(engine, answer, line);
    if ('output' in result) {
      process.stdout.write(`${JSON.stringify(result.output, exactNumbers)}\n`);
    } else {
      process.stderr.write(`engine: line ${lineNumber}: ${result.error}\n`);
      process.exitCode = 2;
    }
  }
}

await main();
