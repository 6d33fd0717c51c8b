import { useId, useRef, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialogLayer } from './useDialogLayer';
import { scrollRegionProps, useScrollable } from './useScrollable';
import '../theme/theme.css';
import '../theme/buttons.css';
import './modal.css';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  closeOnOverlay?: boolean; // default true; the confirm dialog turns it off
  className?: string; // extra class on the dialog box, e.g. for its width
  labelledBy?: string; // id of another element that names the dialog instead of the title
  footer?: ReactNode; // stays in view under the body, which scrolls (the results' buttons)
}

/**
 * The generic modal (SPEC §2): a dimmed overlay and a dialog box in a portal on document.body.
 * Closes on Escape, on an overlay click (unless closeOnOverlay is false) and on its close button.
 */
export function Modal({ open, title, onClose, children, closeOnOverlay = true, className, labelledBy, footer }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const scrollable = useScrollable(bodyRef, contentRef, open);
  // A press that starts inside the box and ends on the overlay (selecting text) must not close it.
  const pressedOverlay = useRef(false);
  useDialogLayer(open, dialogRef, onClose);

  if (!open) return null;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pressedOverlay.current = event.target === event.currentTarget;
  };
  const onOverlayClick = (event: MouseEvent<HTMLDivElement>) => {
    if (closeOnOverlay && pressedOverlay.current && event.target === event.currentTarget) onClose();
    pressedOverlay.current = false;
  };

  return createPortal(
    <div className="modal-overlay" onPointerDown={onPointerDown} onClick={onOverlayClick}>
      <div
        ref={dialogRef}
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy ?? titleId}
        tabIndex={-1}
      >
        {/* A div, not <header>: a header outside the page's landmarks would be a second banner. */}
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button type="button" className="icon-button modal-close" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div ref={bodyRef} className="modal-body" {...scrollRegionProps(scrollable, title)}>
          <div ref={contentRef}>{children}</div>
        </div>
        {footer && <div className="modal-footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

/** The × of close buttons (the modal's and the settings panel's). */
export function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
