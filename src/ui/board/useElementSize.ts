import { useEffect, useState, type RefObject } from 'react';

export interface Size {
  width: number; // CSS pixels
  height: number;
}

/**
 * The element's content size, kept current by a ResizeObserver: it fires for
 * window resizes and for layout changes that do not resize the window (a panel
 * opening, an orientation change), which a window listener would miss.
 */
export function useElementSize(ref: RefObject<HTMLElement | null>): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const width = element.clientWidth;
      const height = element.clientHeight;
      setSize((previous) => (previous.width === width && previous.height === height ? previous : { width, height }));
    };
    const observer = new ResizeObserver(update);
    observer.observe(element);
    update();
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
