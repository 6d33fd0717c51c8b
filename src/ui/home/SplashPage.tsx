import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import '../theme/theme.css';
import { Logo } from './Logo';
import './home.css';

/** How long the splash shows before the main menu (SPEC §9). */
export const SPLASH_MS = 2000;

/** Route '/': the logo and title, then /home after 2 seconds. */
export function SplashPage() {
  const navigate = useNavigate();
  useEffect(() => {
    // replace: the Back button should not return to the splash (and bounce forward again).
    const timer = window.setTimeout(() => navigate('/home', { replace: true }), SPLASH_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <main className="splash">
      <Logo size={128} className="splash-logo" />
      <h1 className="splash-title">Cell Connection</h1>
    </main>
  );
}
