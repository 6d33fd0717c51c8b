/**
 * A bar of a page's actions. On a phone it stays at the bottom of the screen within the thumb's
 * reach (above the home indicator: env(safe-area-inset-bottom)), each button an icon over a
 * short label that fits a 360 px screen; on a wider screen a row under or beside the board with
 * the full labels.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { ActionIcon, type ActionIconName } from './ActionIcon';
import './actionBar.css';

export function ActionBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav className="action-bar" aria-label={label}>
      {children}
    </nav>
  );
}

export interface ActionButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'type'> {
  /** The full label, e.g. "Reset Game"; also the accessible name unless aria-label says otherwise. */
  label: string;
  /** The phone's label, e.g. "Reset"; the full label when not given. */
  short?: string | undefined;
  icon?: ActionIconName | undefined;
}

export function ActionButton({ label, short, icon, className, ...button }: ActionButtonProps) {
  return (
    <button type="button" className={`action-button${className ? ` ${className}` : ''}`} {...button}>
      {icon && <ActionIcon name={icon} />}
      <span className="action-label-full">{label}</span>
      <span className="action-label-short" aria-hidden="true">
        {short ?? label}
      </span>
    </button>
  );
}
