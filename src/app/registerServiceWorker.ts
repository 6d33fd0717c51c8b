/**
 * Registers /sw.js (src/serviceWorker/sw.ts), which lets the game against the AI and the
 * two-player game open and play with the network off. Production builds only: the dev server
 * has no /sw.js, and a worker serving cached files would hide the changes being made.
 */
import { logger } from '../services/logger';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // Without the worker the game still plays online: nothing to tell the player.
      logger.warn('Service worker registration failed:', error);
    });
  };
  // After load, so the worker's precache downloads do not compete with the first page's own.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
