import type { ReactNode } from 'react';
import { Logo } from '../home/Logo';
import '../theme/theme.css';
import '../theme/buttons.css';
import './nav.css';

export interface NavigationBarProps {
  title: string; // Cell Connection, Cell Expansion or Cell Extension by scoring mode
  onLogo(): void; // the logo opens the information dialog
  onInfo(): void;
  userInitial?: string | undefined; // signed in: the avatar letter; absent: the generic icon
  onUser(): void;
  children?: ReactNode; // e.g. the AI Dev Mode badge, shown before the buttons
}

/** The game page's navigation bar (SPEC §2). */
export function NavigationBar({ title, onLogo, onInfo, userInitial, onUser, children }: NavigationBarProps) {
  return (
    <header className="nav-bar">
      <button type="button" className="icon-button nav-logo" aria-label="Cell Connection logo" onClick={onLogo}>
        <Logo size={32} />
      </button>
      <h1 className="nav-title">{title}</h1>
      <div className="nav-extra">{children}</div>
      <button type="button" className="icon-button nav-user" aria-label="Account" onClick={onUser}>
        {userInitial ? (
          <span className="nav-avatar" aria-hidden="true">
            {userInitial.toUpperCase()}
          </span>
        ) : (
          <PersonIcon />
        )}
      </button>
      <button type="button" className="icon-button" aria-label="How to play" onClick={onInfo}>
        <InfoIcon />
      </button>
    </header>
  );
}

function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 20c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function InfoIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 11v6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="7.5" r="1.25" fill="currentColor" />
    </svg>
  );
}
