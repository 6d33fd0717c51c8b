/**
 * The room's notices that are not a game's results (a forfeit, the server's words) in a small
 * dialog closed with OK, on the lobby and the game page alike (roomNotices.ts).
 */
import { Modal } from '../dialogs/Modal';
import { dismissNotice, useRoomNotice } from './roomNotices';

export function RoomNoticeDialog() {
  const notice = useRoomNotice();
  const open = notice !== null && !notice.finished;
  return (
    <Modal open={open} title="Game Over" onClose={dismissNotice} className="confirm-dialog">
      <p className="confirm-message" data-testid="room-notice">
        {notice?.message}
      </p>
      {notice?.detail && (
        <p className="confirm-message" data-testid="room-notice-detail">
          {notice.detail}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={dismissNotice}>
          OK
        </button>
      </div>
    </Modal>
  );
}
