/**
 * The online pages' frame (players and spectators): the navigation bar with the sound switch,
 * the room's code small with the number watching, then the board between the two players'
 * strips (the opponent above, the player below on a phone; beside the board on a wide screen,
 * with the move list), what the game says under them, and the actions in one bar at the bottom
 * of a phone's screen, within the thumb's reach.
 */
import { useState, type ReactNode } from 'react';
import type { ScoringMechanism } from '../../engine';
import { avatarInitial } from '../../machines/auth.machine';
import { useAuth } from '../auth/AuthProvider';
import { GAME_TITLES } from '../game/titles';
import { InfoDialog } from '../info/InfoDialog';
import { NavigationBar } from '../nav/NavigationBar';
import { SoundToggle } from '../sound/SoundToggle';
import './onlinePage.css';

interface OnlineLayoutProps {
  mode: ScoringMechanism;
  /** The room's code and the number watching. */
  room: ReactNode;
  /** Whose turn it is, for screen readers (the strips show it). */
  status: ReactNode;
  top: ReactNode;
  board: ReactNode;
  bottom: ReactNode;
  moves: ReactNode;
  /** Notices, the result, Rematch: under the strips. */
  below: ReactNode;
  actions: ReactNode;
  className?: string;
  /** The page's dialogs. */
  children?: ReactNode;
}

export function OnlineLayout({ mode, room, status, top, board, bottom, moves, below, actions, className, children }: OnlineLayoutProps) {
  const auth = useAuth();
  const [info, setInfo] = useState(false);
  return (
    <div className="online-page">
      <NavigationBar
        title={GAME_TITLES[mode]}
        onLogo={() => setInfo(true)}
        onInfo={() => setInfo(true)}
        userInitial={auth.user ? avatarInitial(auth.user) : undefined}
        onUser={auth.openPanel}
      >
        <SoundToggle />
      </NavigationBar>
      <main className={`online-game${className ? ` ${className}` : ''}`}>
        <div className="online-room">{room}</div>
        {status}
        {/* One region for both strips; the grid still puts them above and below the board. */}
        <section className="online-strips" aria-label="Scores">
          <div className="online-top">{top}</div>
          <div className="online-bottom">{bottom}</div>
        </section>
        <div className="online-board">{board}</div>
        <div className="online-side">{moves}</div>
        <div className="online-below">{below}</div>
        <div className="online-actions">{actions}</div>
      </main>
      {children}
      <InfoDialog open={info} onClose={() => setInfo(false)} />
    </div>
  );
}
