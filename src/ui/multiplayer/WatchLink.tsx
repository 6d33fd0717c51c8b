/**
 * Issue 14, on the players' pages: the room's watch link (/multiplayer/watch/CODE), copied to the
 * clipboard (or shown, where the clipboard is refused), and the number watching.
 */
import { useState } from 'react';
import { useWatchingCount } from './watching';
import { watchLink, watchingText } from './watchState';

export function WatchLink({ code }: { code: string }) {
  const [said, setSaid] = useState('');
  const link = watchLink(window.location.origin, code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setSaid('Watch link copied');
    } catch {
      setSaid(`Copy this link: ${link}`);
    }
  };
  return (
    <div className="multiplayer-invite">
      <button type="button" className="button" onClick={() => void copy()}>
        Copy watch link
      </button>
      <span role="status" className="multiplayer-note">
        {said}
      </span>
    </div>
  );
}

/** "N watching", once anyone watches the players' room. */
export function WatchingCount({ code }: { code: string }) {
  const count = useWatchingCount(code);
  return count > 0 ? (
    <p className="multiplayer-note" data-testid="watching-count">
      {watchingText(count)}
    </p>
  ) : null;
}
