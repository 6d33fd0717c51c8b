import { useEffect, useState, type RefObject } from 'react';
import { isLightText, resolveColours, sameColours, type BoardColours } from '../../board/colours';

/** Reads the board colours from the page's CSS at this moment. */
function readColours(element: HTMLElement | null): BoardColours {
  if (typeof document === 'undefined') return resolveColours(() => undefined, false);
  const root = getComputedStyle(document.documentElement);
  const dark = element ? isLightText(getComputedStyle(element).color) : false;
  return resolveColours((name) => root.getPropertyValue(name), dark);
}

/**
 * The board colours, re-read when the theme may have changed: the system colour
 * scheme flips, or an attribute on <html>/<body> changes (however the page's theme
 * switch marks the theme: class, data attribute or inline variables).
 */
export function useBoardColours(ref: RefObject<HTMLElement | null>): BoardColours {
  const [colours, setColours] = useState<BoardColours>(() => readColours(null));
  useEffect(() => {
    const refresh = () => {
      const next = readColours(ref.current);
      setColours((previous) => (sameColours(previous, next) ? previous : next));
    };
    refresh();
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', refresh);
    const observer = new MutationObserver(refresh);
    observer.observe(document.documentElement, { attributes: true });
    observer.observe(document.body, { attributes: true });
    return () => {
      media.removeEventListener('change', refresh);
      observer.disconnect();
    };
  }, [ref]);
  return colours;
}
