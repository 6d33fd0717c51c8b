/**
 * The tab says when it is the player's turn, so a player in another tab sees it: the title
 * "Your turn · Cell Connection" and the favicon with a dot. Back to the plain ones otherwise and
 * when the page is left.
 */
import { useEffect } from 'react';

export const PLAIN_TITLE = 'Cell Connection';
export const PLAIN_ICON = '/favicon.svg';
export const TURN_ICON = '/favicon-turn.svg';

/** The tab's title: "Your turn · Cell Connection" on the player's turn, else the plain title. */
export function tabTitle(yourTurn: boolean): string {
  return yourTurn ? `Your turn · ${PLAIN_TITLE}` : PLAIN_TITLE;
}

export const tabIcon = (yourTurn: boolean): string => (yourTurn ? TURN_ICON : PLAIN_ICON);

function show(yourTurn: boolean): void {
  document.title = tabTitle(yourTurn);
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link) link.href = tabIcon(yourTurn);
}

export function useTurnTitle(yourTurn: boolean): void {
  useEffect(() => {
    show(yourTurn);
    return () => show(false);
  }, [yourTurn]);
}
