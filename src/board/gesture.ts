/**
 * Tap, hold-and-drag and click suppression (SPEC §2 Board) as a pure state
 * machine. The component feeds it pointer events with their timestamps and acts
 * on the effect it returns; no timers live here, so tests step time exactly.
 *
 * - A press held at least HOLD_MS and then moved starts a drag: the prediction
 *   popup follows the pointer until release.
 * - A press released before HOLD_MS without dragging is a tap, unless it strayed
 *   more than TAP_SLOP_PX (a swipe, not a tap). A press held HOLD_MS or longer is
 *   a hold: released without moving it places nothing (the player was reaching
 *   for the prediction, not placing).
 * - A tap released less than CLICK_SUPPRESS_MS after a drag ended is ignored.
 */
import type { Point } from './types';

export const HOLD_MS = 500;
export const CLICK_SUPPRESS_MS = 100;
/** How far a press may wander before the hold completes and still count as a tap. */
export const TAP_SLOP_PX = 10;

export type GesturePhase =
  | { kind: 'idle' }
  | { kind: 'pressed'; downAt: number; origin: Point } // down, not yet dragging
  | { kind: 'dragging' }
  | { kind: 'swiped' }; // moved too far too early: neither tap nor drag

export interface GestureState {
  phase: GesturePhase;
  dragEndedAt: number; // when the last drag ended, -Infinity before any
}

export type GestureInput =
  | { type: 'down'; time: number; point: Point }
  | { type: 'move'; time: number; point: Point }
  | { type: 'up'; time: number; point: Point }
  | { type: 'cancel'; time: number }; // pointercancel, lost capture

export type GestureEffect =
  | { type: 'none' }
  | { type: 'tap'; point: Point } // where the press began
  | { type: 'drag'; point: Point } // show / move the popup here
  | { type: 'drag-end' }; // hide the popup

export const initialGesture: GestureState = { phase: { kind: 'idle' }, dragEndedAt: -Infinity };

const none: GestureEffect = { type: 'none' };

/** The next state and what the board should do about `input`. */
export function stepGesture(state: GestureState, input: GestureInput): { state: GestureState; effect: GestureEffect } {
  const { phase } = state;
  switch (input.type) {
    case 'down':
      // A new press replaces whatever was going on (e.g. a lost pointerup).
      return { state: { ...state, phase: { kind: 'pressed', downAt: input.time, origin: input.point } }, effect: none };

    case 'move':
      if (phase.kind === 'dragging') return { state, effect: { type: 'drag', point: input.point } };
      if (phase.kind !== 'pressed') return { state, effect: none };
      if (input.time - phase.downAt >= HOLD_MS) {
        return { state: { ...state, phase: { kind: 'dragging' } }, effect: { type: 'drag', point: input.point } };
      }
      if (Math.hypot(input.point.x - phase.origin.x, input.point.y - phase.origin.y) > TAP_SLOP_PX) {
        return { state: { ...state, phase: { kind: 'swiped' } }, effect: none };
      }
      return { state, effect: none };

    case 'up':
      if (phase.kind === 'dragging') {
        return { state: { phase: { kind: 'idle' }, dragEndedAt: input.time }, effect: { type: 'drag-end' } };
      }
      if (phase.kind === 'pressed' && input.time - phase.downAt < HOLD_MS && input.time - state.dragEndedAt >= CLICK_SUPPRESS_MS) {
        return { state: { ...state, phase: { kind: 'idle' } }, effect: { type: 'tap', point: phase.origin } };
      }
      return { state: { ...state, phase: { kind: 'idle' } }, effect: none };

    case 'cancel':
      if (phase.kind === 'dragging') {
        return { state: { phase: { kind: 'idle' }, dragEndedAt: input.time }, effect: { type: 'drag-end' } };
      }
      return { state: { ...state, phase: { kind: 'idle' } }, effect: none };
  }
}
