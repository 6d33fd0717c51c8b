import { describe, expect, it } from 'vitest';
import { CLICK_SUPPRESS_MS, HOLD_MS, initialGesture, stepGesture, type GestureInput, type GestureState } from './gesture';

const at = (x: number, y = 0) => ({ x, y });

/** Runs inputs from the initial state; returns the final state and every effect. */
function run(inputs: GestureInput[], from: GestureState = initialGesture) {
  let state = from;
  const effects = inputs.map((input) => {
    const step = stepGesture(state, input);
    state = step.state;
    return step.effect;
  });
  return { state, effects };
}

/** A complete hold-and-drag from t=0, ending at `endAt`. */
function dragEndingAt(endAt: number) {
  return run([
    { type: 'down', time: 0, point: at(0) },
    { type: 'move', time: HOLD_MS, point: at(30) },
    { type: 'up', time: endAt, point: at(30) },
  ]).state;
}

describe('tap', () => {
  it('a press and release is a tap at the press point', () => {
    const { effects } = run([
      { type: 'down', time: 0, point: at(5, 7) },
      { type: 'up', time: 80, point: at(6, 7) },
    ]);
    expect(effects[1]).toEqual({ type: 'tap', point: at(5, 7) });
  });

  it('a long press released without moving places nothing', () => {
    const { effects, state } = run([
      { type: 'down', time: 0, point: at(5) },
      { type: 'up', time: 2000, point: at(5) },
    ]);
    expect(effects[1]?.type).toBe('none');
    expect(state.phase.kind).toBe('idle');
    // Held just short of the hold, it is still a tap.
    expect(run([{ type: 'down', time: 0, point: at(5) }, { type: 'up', time: HOLD_MS - 1, point: at(5) }]).effects[1]?.type).toBe('tap');
  });

  it('small jitter before the hold keeps it a tap; a swipe is not a tap', () => {
    const jitter = run([
      { type: 'down', time: 0, point: at(0) },
      { type: 'move', time: 50, point: at(4, 3) },
      { type: 'up', time: 100, point: at(4, 3) },
    ]);
    expect(jitter.effects[2]?.type).toBe('tap');
    const swipe = run([
      { type: 'down', time: 0, point: at(0) },
      { type: 'move', time: 50, point: at(40) },
      { type: 'move', time: 600, point: at(80) },
      { type: 'up', time: 700, point: at(80) },
    ]);
    expect(swipe.effects.map((e) => e.type)).toEqual(['none', 'none', 'none', 'none']);
  });

  it('a release without a press does nothing', () => {
    expect(run([{ type: 'up', time: 10, point: at(0) }]).effects[0]).toEqual({ type: 'none' });
  });
});

describe('hold and drag', () => {
  it('a move 499 ms after the press is not a drag', () => {
    const { effects } = run([
      { type: 'down', time: 1000, point: at(0) },
      { type: 'move', time: 1000 + HOLD_MS - 1, point: at(3) },
    ]);
    expect(effects[1]).toEqual({ type: 'none' });
  });

  it('a move 500 ms after the press starts a drag at the pointer', () => {
    const { effects } = run([
      { type: 'down', time: 1000, point: at(0) },
      { type: 'move', time: 1000 + HOLD_MS, point: at(3) },
    ]);
    expect(effects[1]).toEqual({ type: 'drag', point: at(3) });
  });

  it('an early small move does not stop a later drag', () => {
    const { effects } = run([
      { type: 'down', time: 0, point: at(0) },
      { type: 'move', time: 200, point: at(2) },
      { type: 'move', time: 650, point: at(60) },
    ]);
    expect(effects[2]).toEqual({ type: 'drag', point: at(60) });
  });

  it('the popup follows every move, and release ends the drag without a tap', () => {
    const { effects, state } = run([
      { type: 'down', time: 0, point: at(0) },
      { type: 'move', time: 500, point: at(10) },
      { type: 'move', time: 520, point: at(50, 20) },
      { type: 'up', time: 600, point: at(50, 20) },
    ]);
    expect(effects.slice(1)).toEqual([
      { type: 'drag', point: at(10) },
      { type: 'drag', point: at(50, 20) },
      { type: 'drag-end' },
    ]);
    expect(state.dragEndedAt).toBe(600);
  });

  it('a cancelled drag hides the popup', () => {
    const { effects } = run([
      { type: 'down', time: 0, point: at(0) },
      { type: 'move', time: 500, point: at(10) },
      { type: 'cancel', time: 550 },
    ]);
    expect(effects[2]).toEqual({ type: 'drag-end' });
  });

  it('moves with no button down do nothing', () => {
    expect(run([{ type: 'move', time: 900, point: at(0) }]).effects[0]).toEqual({ type: 'none' });
  });
});

describe('click suppression after a drag', () => {
  const tapReleasedAt = (releaseAt: number, afterDragEndingAt: number) =>
    run(
      [
        { type: 'down', time: releaseAt - 10, point: at(0) },
        { type: 'up', time: releaseAt, point: at(0) },
      ],
      dragEndingAt(afterDragEndingAt),
    ).effects[1]?.type;

  it('ignores a click 99 ms after the drag ends', () => {
    expect(tapReleasedAt(1000 + CLICK_SUPPRESS_MS - 1, 1000)).toBe('none');
  });

  it('accepts a click 100 ms after the drag ends', () => {
    expect(tapReleasedAt(1000 + CLICK_SUPPRESS_MS, 1000)).toBe('tap');
  });
});
