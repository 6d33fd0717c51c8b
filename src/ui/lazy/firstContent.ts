/**
 * The page's first content: the router marks it shown once the route's own chunks have loaded and
 * rendered. Work that can wait (the authentication service with supabase-js, panels mounted ahead
 * of need) waits for it, so on a slow connection it does not share the bandwidth with what the
 * player is waiting for.
 */
import { useEffect } from 'react';

/** Whatever happens to the route, background work starts by then. */
const LATEST_MS = 8000;

let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
  setTimeout(resolve, LATEST_MS);
});

export function markFirstContentShown(): void {
  markShown();
}

/** Resolves once the first content is shown (at once if it already is). */
export function afterFirstContent(): Promise<void> {
  return shown;
}

/** Rendered beside a route's element, inside its Suspense boundary: marks the content shown once it commits. */
export function FirstContentShown(): null {
  useEffect(markFirstContentShown, []);
  return null;
}
