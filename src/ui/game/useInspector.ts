/**
 * ?inspect=true connects the page's XState actors to the Stately inspector, for
 * developers looking at the statecharts. Loaded only when asked for.
 */
import { useEffect, useState } from 'react';
import type { InspectionEvent } from 'xstate';

type Inspect = (event: InspectionEvent) => void;

export function useInspector(enabled: boolean): Inspect | null | 'loading' {
  const [inspect, setInspect] = useState<Inspect | null | 'loading'>(enabled ? 'loading' : null);
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    import('@statelyai/inspect').then(
      ({ createBrowserInspector }) => {
        const inspector = createBrowserInspector();
        stop = () => inspector.stop();
        setInspect(() => inspector.inspect);
      },
      () => setInspect(null),
    );
    return () => stop?.();
  }, [enabled]);
  return inspect;
}
