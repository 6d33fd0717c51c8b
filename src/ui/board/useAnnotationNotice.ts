/**
 * The notice after a tap on a placed cell first hides the numbers and lines on this device
 * (SPEC §2 Board: a tap on an occupied cell toggles annotation text and lines together). A stray
 * tap otherwise hides them with no word why; the notice says so once per device, and goes after
 * a few seconds or at the next tap on the board.
 */
import { useEffect, useState } from 'react';

export const ANNOTATION_NOTICE_KEY = 'cellconnection.annotationNotice';
export const ANNOTATIONS_HIDDEN_TEXT = 'Numbers hidden. Tap any placed cell to show them again.';
/** Long enough to read the sentence twice. */
const NOTICE_MS = 5000;

function alreadySaid(): boolean {
  try {
    return window.localStorage.getItem(ANNOTATION_NOTICE_KEY) === 'shown';
  } catch {
    return false;
  }
}

function remember(): void {
  try {
    window.localStorage.setItem(ANNOTATION_NOTICE_KEY, 'shown');
  } catch {
    // Not remembered: the notice may be said again on a later visit.
  }
}

/**
 * `hidden(wasShown)` is called on each toggle with whether the numbers were shown before it;
 * `dismiss()` at any tap on the board. `text` is the notice, or null.
 */
export function useAnnotationNotice() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (text === null) return;
    const timer = setTimeout(() => setText(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return {
    text,
    toggled(wereShown: boolean) {
      if (!wereShown || alreadySaid()) return;
      remember();
      setText(ANNOTATIONS_HIDDEN_TEXT);
    },
    dismiss() {
      if (text !== null) setText(null);
    },
  };
}
