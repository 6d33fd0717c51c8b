import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether `viewport` (an overflow: auto box) has more content than it shows: then it must take
 * keyboard focus, so that a keyboard user can scroll it with the arrow keys (WCAG 2.1.1, axe's
 * scrollable-region-focusable). `content` is its only child, which grows as the content does
 * while the viewport itself keeps its size; both are watched.
 */
export function useScrollable(viewport: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    const box = viewport.current;
    const inner = content.current;
    if (!active || !box || !inner || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrollable(box.scrollHeight > box.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    observer.observe(inner);
    measure();
    return () => observer.disconnect();
  }, [viewport, content, active]);
  return scrollable;
}

/**
 * A scrollable body's attributes: a focusable region, "How to Play contents" in the dialog
 * "How to Play" (not the title alone: a section inside may already be a region of that name).
 * Nothing when it fits.
 */
export function scrollRegionProps(scrollable: boolean, dialogTitle: string) {
  return scrollable ? { tabIndex: 0, role: 'region', 'aria-label': `${dialogTitle} contents` } : {};
}
