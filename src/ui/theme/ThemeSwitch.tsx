import { useEffect } from 'react';
import { setTheme, startTheme, useTheme } from './theme';
import { toggledTheme } from './themePreference';
import './theme.css';

/** A switch for the dark theme; flipping it overrides the system preference on this device. */
export function ThemeSwitch({ className }: { className?: string }) {
  const theme = useTheme();
  // Harmless if start-up already did it: the switch must work wherever it is placed.
  useEffect(() => {
    startTheme();
  }, []);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      className={className ? `theme-switch ${className}` : 'theme-switch'}
      onClick={() => setTheme(toggledTheme(theme))}
    >
      <span className="theme-switch-track" aria-hidden="true">
        <span className="theme-switch-thumb">{dark ? <MoonIcon /> : <SunIcon />}</span>
      </span>
      <span className="theme-switch-label">Dark theme</span>
    </button>
  );
}

function SunIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" focusable="false">
      <circle cx="12" cy="12" r="4.5" fill="currentColor" />
      <path
        d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" focusable="false">
      <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z" fill="currentColor" />
    </svg>
  );
}
