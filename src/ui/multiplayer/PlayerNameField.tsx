/**
 * The lobby's Username field: the name a player sits down under (create, join, quick play, open
 * games). A signed-in player plays under their account's username, shown here and not editable:
 * their rating goes with that name, and the server uses it whatever a page sends. An anonymous
 * player types a name, with the lobby's usual checks.
 */
import type { KeyboardEvent } from 'react';
import { normalName } from '../../game/names';
import { USERNAME_MAX } from '../../protocol/messages';

export interface PlayerNameFieldProps {
  /** The signed-in account's username; null for an anonymous player. */
  accountName: string | null;
  /** What an anonymous player typed. */
  value: string;
  autoFocus?: boolean;
  onChange(value: string): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  onBlur(): void;
}

/** The name a player plays under: the account's username when signed in, else what they typed. */
export const nameToPlay = (accountName: string | null, typed: string): string => accountName ?? typed;

/**
 * The account's username as the lobby's field holds it: its normal form, at most USERNAME_MAX
 * characters (a name from before the limit is cut, as the server cuts it).
 */
export const lobbyAccountName = (username: string | undefined): string | null => {
  const name = [...normalName(username ?? '')].slice(0, USERNAME_MAX).join('').trim();
  return name === '' ? null : name;
};

export function PlayerNameField({ accountName, value, autoFocus, onChange, onKeyDown, onBlur }: PlayerNameFieldProps) {
  if (accountName !== null) {
    return (
      <>
        <label htmlFor="mp-username">Username</label>
        <input id="mp-username" value={accountName} readOnly aria-readonly="true" aria-describedby="mp-username-account" />
        <p id="mp-username-account" className="multiplayer-note">
          Signed in as {accountName}
        </p>
      </>
    );
  }
  return (
    <>
      <label htmlFor="mp-username">Username</label>
      <input
        id="mp-username"
        value={value}
        maxLength={USERNAME_MAX}
        autoComplete="nickname"
        placeholder="Enter your username"
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      />
    </>
  );
}
