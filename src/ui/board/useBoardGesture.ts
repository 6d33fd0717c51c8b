import { useRef, type PointerEvent } from 'react';
import { initialGesture, stepGesture, type GestureEffect, type GestureInput } from '../../board/gesture';
import type { Point } from '../../board/types';

/** A pointer event's position relative to the element handling it. */
function localPoint(event: PointerEvent<HTMLElement>): Point {
  const rect = event.currentTarget.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
}

/**
 * Pointer handlers that feed the gesture machine (src/board/gesture.ts) with the
 * events' own timestamps and report its effects. One pointer at a time: a second
 * finger is ignored rather than starting a competing gesture.
 */
export function useBoardGesture(onEffect: (effect: GestureEffect) => void) {
  const state = useRef(initialGesture);
  const activePointer = useRef<number | null>(null);

  const feed = (input: GestureInput) => {
    const step = stepGesture(state.current, input);
    state.current = step.state;
    if (step.effect.type !== 'none') onEffect(step.effect);
  };
  const mine = (event: PointerEvent<HTMLElement>) => event.pointerId === activePointer.current;

  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (activePointer.current !== null && !mine(event)) return;
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      activePointer.current = event.pointerId;
      // Capture keeps the drag's moves and release coming when the pointer leaves the board.
      try {
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        // Synthetic events may have no active pointer to capture; the board then simply loses moves outside it.
      }
      feed({ type: 'down', time: event.timeStamp, point: localPoint(event) });
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (mine(event)) feed({ type: 'move', time: event.timeStamp, point: localPoint(event) });
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (!mine(event)) return;
      activePointer.current = null;
      feed({ type: 'up', time: event.timeStamp, point: localPoint(event) });
    },
    onPointerCancel(event: PointerEvent<HTMLElement>) {
      if (!mine(event)) return;
      activePointer.current = null;
      feed({ type: 'cancel', time: event.timeStamp });
    },
  };
}
