import { Modal } from '../dialogs/Modal';
import './unlock.css';

/**
 * The unlock modal (SPEC §2): opened when a locked scoring mode is picked. Maybe Later, Escape,
 * the close button and the overlay all decline.
 */
export function UnlockModal({ open, onUnlock, onLater }: { open: boolean; onUnlock(): void; onLater(): void }) {
  return (
    <Modal open={open} title="Unlock Premium Scoring Modes" onClose={onLater} className="unlock-modal">
      <p>A one-time purchase unlocks the Expansion and Extension scoring modes.</p>
      <ul className="unlock-modes">
        <li>
          <strong>Expansion</strong> is scored on directed connections between your cells.
        </li>
        <li>
          <strong>Extension</strong> is scored on potential growth opportunities.
        </li>
      </ul>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onLater}>
          Maybe Later
        </button>
        <button type="button" className="button button-primary" onClick={onUnlock} data-autofocus>
          Unlock Now
        </button>
      </div>
    </Modal>
  );
}
