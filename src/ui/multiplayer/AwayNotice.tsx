/**
 * "{name} is reconnecting…" while the opponent is away during a game, with the seconds left
 * before their grace period ends and they forfeit (as lichess shows how long until a win can
 * be claimed). Without a known end (the page itself was reloaded meanwhile) the plain notice.
 */
import { useEffect, useState } from 'react';
import { secondsLeft } from '../../machines/room.machine';

export function awayText(name: string, seconds: number | null): string {
  return seconds === null ? `${name} is reconnecting…` : `${name} is reconnecting… (forfeits in ${seconds} s)`;
}

export function AwayNotice({ name, until }: { name: string; until: number | undefined }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (until === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  return <p className="multiplayer-note">{awayText(name, until === undefined ? null : secondsLeft(until, now))}</p>;
}
