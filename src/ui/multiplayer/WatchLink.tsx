/**
 * For spectators, on the players' pages: the room's watch link (/multiplayer/watch/CODE), copied to the
 * clipboard (or shown, where the clipboard is refused), and the number watching.
 */
import { CopyLink } from './InviteLink';
import { useSelector } from '@xstate/react';
import { roomActor } from './roomActor';
import { watchLink, watchingText } from './watchState';

export function WatchLink({ code }: { code: string }) {
  return <CopyLink link={watchLink(window.location.origin, code)} label="Copy watch link" copied="Watch link copied" />;
}

/** "N watching", once anyone watches the players' room. */
export function WatchingCount({ code }: { code: string }) {
  const count = useSelector(roomActor(), (snapshot) => snapshot.context.watchers[code] ?? 0);
  return count > 0 ? (
    <p className="multiplayer-note" data-testid="watching-count">
      {watchingText(count)}
    </p>
  ) : null;
}
