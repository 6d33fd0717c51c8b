/**
 * The per-player rejoin token (src/protocol/messages.ts "EnteredRoom"), kept in sessionStorage
 * so a reload of this tab gets back into its room and game; other tabs are other players.
 */
const KEY = 'cell-connection:rejoin-token';

export function loadRejoinToken(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(KEY) ?? null;
  } catch {
    return null; // storage can be disabled; the player then simply cannot rejoin
  }
}

export function saveRejoinToken(token: string | null): void {
  try {
    if (token) globalThis.sessionStorage?.setItem(KEY, token);
    else globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // as above
  }
}
