import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './Modal';
import { useDialogLayer } from './useDialogLayer';
import { scrollRegionProps, useScrollable } from './useScrollable';
import '../theme/theme.css';
import '../theme/buttons.css';
import '../settings/settings.css';

export interface SlidePanelProps {
  open: boolean;
  title: string;
  onClose(): void;
  /** Extra classes for the root and the panel, e.g. 'auth-root' / 'auth-panel'. */
  rootClassName?: string;
  panelClassName?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * A panel that slides in from the right over a dimmed overlay (the settings and
 * authentication panels): the overlay and the close button close it, Escape and
 * focus are handled like a dialog, and it stays mounted (inert) to slide out.
 */
export function SlidePanel({ open, title, onClose, rootClassName, panelClassName, children, footer }: SlidePanelProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  useDialogLayer(open, panelRef, onClose);
  const scrollable = useScrollable(bodyRef, contentRef, open);
  const rootClasses = ['settings-root', rootClassName, open ? 'open' : undefined].filter(Boolean).join(' ');
  return createPortal(
    <div className={rootClasses}>
      <div className="settings-overlay" aria-hidden="true" onClick={onClose} />
      {/* A div: <aside> is a complementary landmark, which a dialog must not be. */}
      <div
        ref={panelRef}
        className={['settings-panel', panelClassName].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        inert={!open}
      >
        <div className="settings-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div ref={bodyRef} className="settings-body" {...scrollRegionProps(scrollable, title)}>
          <div ref={contentRef}>{children}</div>
        </div>
        {footer}
      </div>
    </div>,
    document.body,
  );
}
