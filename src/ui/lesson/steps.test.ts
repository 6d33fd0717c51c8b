import { beforeAll, describe, expect, it } from 'vitest';
import type { BoardState, CellPosition, Engine } from '../../engine';
import { loadEngine } from '../../engine/load';
import { LESSON_MODE, LESSON_STEPS, scoreLine, startBoard, stepComplete, type LessonStep, type StepId } from './steps';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngine();
});

const step = (id: StepId): LessonStep => LESSON_STEPS.find((s) => s.id === id)!;
const at = (gridX: number, gridY: number): CellPosition => ({ gridX, gridY });

/** The step's board after green plays `cells`, through the engine. */
function play(lesson: LessonStep, ...cells: CellPosition[]): BoardState {
  let board = startBoard(lesson);
  for (const cell of cells) {
    const result = engine.play(board, cell, 0, LESSON_MODE);
    if (!result.ok) throw new Error(`refused ${cell.gridX}-${cell.gridY}: ${result.rejection}`);
    board = result.board;
  }
  return board;
}

function complete(lesson: LessonStep, board: BoardState, previewed = false): boolean {
  const startGroups = engine.groups(startBoard(lesson), LESSON_MODE);
  return stepComplete(lesson, { startGroups, groups: engine.groups(board, LESSON_MODE), previewed });
}

const green = (board: BoardState) => engine.scores(board, LESSON_MODE)[0];
const line = (board: BoardState) => scoreLine(engine.groups(board, LESSON_MODE), green(board));

describe('the lesson’s steps', () => {
  it('are five, in the order the lesson teaches them', () => {
    expect(LESSON_STEPS.map((s) => s.id)).toEqual(['place', 'multiply', 'lone', 'lower', 'preview']);
  });

  it('1: done once a cell is placed, not before', () => {
    const lesson = step('place');
    expect(complete(lesson, startBoard(lesson))).toBe(false);
    expect(complete(lesson, play(lesson, at(2, 2)))).toBe(true);
  });

  it('2: a second group makes the score the product, 3 to 3 × 2 = 6; growing the first group does not count', () => {
    const lesson = step('multiply');
    expect(line(startBoard(lesson))).toBe('3 × 1 = 3');
    const made = play(lesson, lesson.target!);
    expect(complete(lesson, made)).toBe(true);
    expect(line(made)).toBe('3 × 2 = 6');
    expect(complete(lesson, play(lesson, at(0, 1)))).toBe(false); // 4 × 1: still one group worth more than 1
  });

  it('3: a lone cell counts 1, the score stays 6; a cell that grows a group does not complete it', () => {
    const lesson = step('lone');
    expect(line(startBoard(lesson))).toBe('3 × 2 = 6');
    const lone = play(lesson, at(0, 4));
    expect(complete(lesson, lone)).toBe(true);
    expect(line(lone)).toBe('3 × 2 × 1 = 6');
    expect(complete(lesson, play(lesson, at(3, 4)))).toBe(false);
  });

  it('4: joining the groups lowers the score from 12 to 8; a move that joins nothing does not complete it', () => {
    const lesson = step('lower');
    expect(line(startBoard(lesson))).toBe('4 × 3 = 12');
    const joined = play(lesson, lesson.target!);
    expect(complete(lesson, joined)).toBe(true);
    expect(line(joined)).toBe('8');
    expect(green(joined)).toBeLessThan(green(startBoard(lesson)));
    expect(complete(lesson, play(lesson, at(0, 4)))).toBe(false);
  });

  it('5: done once the prediction popup has been shown, whatever the board', () => {
    const lesson = step('preview');
    expect(complete(lesson, startBoard(lesson))).toBe(false);
    expect(complete(lesson, play(lesson, at(0, 4)))).toBe(false);
    expect(complete(lesson, startBoard(lesson), true)).toBe(true);
  });

  it('each marked square is free on its step’s start board', () => {
    for (const lesson of LESSON_STEPS) {
      if (!lesson.target) continue;
      expect(startBoard(lesson).occupiedCells[0].has(`${lesson.target.gridX}-${lesson.target.gridY}`)).toBe(false);
    }
  });
});
