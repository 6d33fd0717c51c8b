import { useEffect, useState } from 'react';
import { afterFirstContent } from './firstContent';

/** How long an idle moment is waited for once the page's first content is shown. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Whether a lazily loaded part (a panel, a dialog) should be mounted: at once when it is `needed`
 * (opened), else once the page's first content is shown and the browser is idle, so its chunk is
 * fetched in the background and the part is ready before the player asks for it. Once true, it
 * stays true: panels slide out.
 */
export function useMountWhenIdle(needed: boolean): boolean {
  const [mounted, setMounted] = useState(needed);
  if (needed && !mounted) setMounted(true);
  useEffect(() => {
    if (mounted) return;
    let cancel = () => {};
    let stopped = false;
    void afterFirstContent().then(() => {
      if (stopped) return;
      // Safari has no requestIdleCallback.
      if (typeof requestIdleCallback !== 'function') {
        const timer = setTimeout(() => setMounted(true), 200);
        cancel = () => clearTimeout(timer);
      } else {
        const handle = requestIdleCallback(() => setMounted(true), { timeout: IDLE_TIMEOUT_MS });
        cancel = () => cancelIdleCallback(handle);
      }
    });
    return () => {
      stopped = true;
      cancel();
    };
  }, [mounted]);
  return mounted;
}
