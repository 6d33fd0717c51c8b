/**
 * What the room tells the player (a game's end, a forfeit, the server's words), held until they
 * close it: shown in the page's own dialogs instead of window.alert, which blocks the page and
 * can show neither the chart nor Rematch. One at a time; a newer one replaces it.
 */
import type { RoomNotice } from '../../machines/room.machine';
import { pageValue } from './pageValue';

const notice = pageValue<RoomNotice>();

export const showNotice = (shown: RoomNotice): void => notice.set(shown);
export const dismissNotice = (): void => notice.set(null);
export const useRoomNotice = (): RoomNotice | null => notice.use();
