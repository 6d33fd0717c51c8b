/** The spectator page's view of the room it watches, over a connection of its own (watchConnection.ts). */
import { useEffect, useReducer } from 'react';
import { socketUrl } from '../../net/socket';
import { openWatch } from './watchConnection';
import { initialWatch, watchReducer, type WatchState } from './watchState';

export function useWatch(code: string): WatchState {
  const [state, dispatch] = useReducer(watchReducer, initialWatch);
  useEffect(() => openWatch(code, dispatch, { url: socketUrl() }), [code]);
  return state;
}
