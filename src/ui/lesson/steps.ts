/**
 * The lesson's five steps (/learn): each a prepared 5×5 position in Connection scoring, what to do
 * on it, when it is done and what the player just saw. Pure: the page feeds it the engine's groups
 * (engine.groups) and whether the prediction popup has been shown.
 */
import type { BoardState, CellKey, CellPosition, Group, ScoringMechanism } from '../../engine';

export const LESSON_SIDE = 5;
/** The lesson teaches the default scoring: a group is worth its number of cells. */
export const LESSON_MODE: ScoringMechanism = 'connection';

export type StepId = 'place' | 'multiply' | 'lone' | 'lower' | 'preview';

export interface LessonStep {
  id: StepId;
  title: string;
  /** One short sentence: what to do. */
  instruction: string;
  /** What happened, once the step is done. */
  outcome: string;
  /** The green cells the step starts with (the player is green and alone on the board). */
  start: readonly CellKey[];
  /** The square to tap, drawn as a ghost piece, where one move is meant. */
  target?: CellPosition;
}

const ROW_OF_3: CellKey[] = ['0-0', '1-0', '2-0'];

export const LESSON_STEPS: readonly LessonStep[] = [
  {
    id: 'place',
    title: 'Place a cell',
    instruction: 'Tap any empty square to place a green cell.',
    outcome: 'That is your cell. Players take turns, one cell each, until the board is full.',
    start: [],
  },
  {
    id: 'multiply',
    title: 'Groups multiply',
    instruction: 'Tap the marked square next to your single cell to make a second group.',
    outcome: 'Your score went from 3 to 6: it is the product of your groups’ sizes, 3 × 2 = 6.',
    start: [...ROW_OF_3, '3-3'],
    target: { gridX: 3, gridY: 2 },
  },
  {
    id: 'lone',
    title: 'A lone cell counts 1',
    instruction: 'Place a cell that touches none of your cells.',
    outcome: 'Still 6: a lone cell counts 1, and 3 × 2 × 1 = 6. It adds nothing until it grows.',
    start: [...ROW_OF_3, '3-2', '3-3'],
  },
  {
    id: 'lower',
    title: 'A move can lower your score',
    instruction: 'Tap the marked square to join your two groups.',
    outcome: 'Your score fell from 12 to 8: one group of 4 + 3 + 1 = 8 cells is worth less than 4 × 3 = 12.',
    start: [...ROW_OF_3, '4-0', '4-1', '4-2', '4-3'],
    target: { gridX: 3, gridY: 0 },
  },
  {
    id: 'preview',
    title: 'Hold and drag to preview',
    instruction: 'Hold an empty square for half a second, then drag: the popup shows what a move would gain.',
    outcome: 'Player gain is how much that move changes your score. Check it before you place.',
    start: [...ROW_OF_3, '3-2', '3-3'],
  },
];

/** The board a step starts on. */
export function startBoard(step: LessonStep): BoardState {
  return { occupiedCells: [new Set(step.start), new Set()], gridWidth: LESSON_SIDE, gridHeight: LESSON_SIDE };
}

/** What the player has done on a step so far. */
export interface StepProgress {
  startGroups: readonly Group[]; // engine.groups on the step's start board
  groups: readonly Group[]; // engine.groups on the board now
  previewed: boolean; // the prediction popup has been shown
}

const green = (groups: readonly Group[]) => groups.filter((group) => group.player === 0);
const cellCount = (groups: readonly Group[]) => green(groups).reduce((sum, group) => sum + group.cells.length, 0);

/** Whether the step's goal is met. */
export function stepComplete(step: LessonStep, { startGroups, groups, previewed }: StepProgress): boolean {
  const before = green(startGroups);
  const now = green(groups);
  switch (step.id) {
    case 'place':
      return cellCount(groups) > cellCount(startGroups);
    case 'multiply':
      // Two groups that each count more than 1, so the product grows.
      return now.filter((group) => group.value >= 2).length >= 2;
    case 'lone':
      return now.filter((group) => group.cells.length === 1).length > before.filter((group) => group.cells.length === 1).length;
    case 'lower':
      // Fewer groups after one more cell: groups were joined.
      return cellCount(groups) > cellCount(startGroups) && now.length < before.length;
    case 'preview':
      return previewed;
  }
}

/** The green score as the lesson writes it: "3 × 2 = 6", or just "3" for a single group. */
export function scoreLine(groups: readonly Group[], score: bigint): string {
  const values = green(groups)
    .map((group) => group.value)
    .sort((a, b) => b - a);
  return values.length >= 2 ? `${values.join(' × ')} = ${score}` : `${score}`;
}
