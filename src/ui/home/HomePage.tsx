import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import '../theme/theme.css';
import '../theme/buttons.css';
import { ThemeSwitch } from '../theme/ThemeSwitch';
import { Logo } from './Logo';
import './home.css';

export interface HomePageProps {
  onPlay(): void; // opens the settings panel, whose Start Game goes to /game
  onSignIn(): void; // opens the authentication panel
  /** Signed in: the name to welcome (username, else e-mail); Profile and Sign Out replace Sign In. */
  signedInAs?: string | undefined;
  onSignOut?(): void;
  onHowToPlay(): void; // opens the information dialog (How to Play)
  /** The lesson's offer to a new player, above the menu. */
  offer?: ReactNode;
}

/** Route /home: the main menu (SPEC §2). */
export function HomePage({ onPlay, onSignIn, signedInAs, onSignOut, onHowToPlay, offer }: HomePageProps) {
  const navigate = useNavigate();
  return (
    <main className="home">
      <div className="home-corner">
        <ThemeSwitch />
      </div>
      <Logo size={104} className="home-logo" />
      <h1 className="home-title">Cell Connection</h1>
      {signedInAs !== undefined && <p className="home-welcome">Welcome, {signedInAs}!</p>}
      {offer}
      <nav className="home-menu" aria-label="Main menu">
        <button type="button" className="button button-primary home-play" onClick={onPlay}>
          Play
        </button>
        <button type="button" className="button" onClick={() => navigate('/multiplayer')}>
          Multiplayer
        </button>
        <button type="button" className="button" onClick={() => navigate('/leaderboard')}>
          Leaderboard
        </button>
        <button type="button" className="button" onClick={() => navigate('/replay')}>
          Replay a Game
        </button>
        {signedInAs !== undefined ? (
          <>
            <button type="button" className="button" onClick={() => navigate('/profile')}>
              Profile
            </button>
            <button type="button" className="button" onClick={onSignOut}>
              Sign Out
            </button>
          </>
        ) : (
          <button type="button" className="button" onClick={onSignIn}>
            Sign In
          </button>
        )}
        <div className="home-learn">
          <button type="button" className="button" onClick={onHowToPlay}>
            How to Play
          </button>
          <button type="button" className="button" onClick={() => navigate('/learn')}>
            Learn the game
          </button>
        </div>
      </nav>
      <p className="home-version">Version 1.0.0</p>
    </main>
  );
}
