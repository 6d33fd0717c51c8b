import { Modal } from './Modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmText: string; // e.g. 'Leave', 'Reset'
  cancelText: string; // e.g. 'Cancel'
  variant?: 'default' | 'danger'; // danger paints the confirm button red
  closeOnOverlay?: boolean; // default false (SPEC §2): a stray tap must not answer the question
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The confirm dialog (SPEC §2): a title, a message and two answers. Escape, the close button and
 * (only when allowed) an overlay click all mean Cancel.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmText,
  cancelText,
  variant = 'default',
  closeOnOverlay = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const danger = variant === 'danger';
  return (
    <Modal open={open} title={title} onClose={onCancel} closeOnOverlay={closeOnOverlay} className="confirm-dialog">
      <p className="confirm-message">{message}</p>
      <div className="dialog-actions">
        {/* Focus starts on the harmless answer when the confirmed action destroys something. */}
        <button type="button" className="button" onClick={onCancel} data-autofocus={danger ? true : undefined}>
          {cancelText}
        </button>
        <button
          type="button"
          className={danger ? 'button button-danger' : 'button button-primary'}
          onClick={onConfirm}
          data-autofocus={danger ? undefined : true}
        >
          {confirmText}
        </button>
      </div>
    </Modal>
  );
}
