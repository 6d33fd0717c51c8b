import { describe, expect, it } from 'vitest';
import { parsedGameState as gameState, room } from '../../protocol/messages.testkit';
import { initialWatch, watchLink, watchReducer, watchingText, type WatchState } from './watchState';

const watching: WatchState = watchReducer(initialWatch, { type: 'watched', watched: { room, gameState, result: null, spectators: 2 } });

describe("a spectator's view of the room", () => {
  it('starts with the whole room the server answered with', () => {
    expect(watching).toMatchObject({ status: 'watching', error: null, room, gameState, result: null, spectators: 2 });
  });

  it('ignores events heard before the answer (the answer has them) and moves it already has', () => {
    const moved = { type: 'game:moveMade', payload: { gameState: { ...gameState, moveCount: 3 }, move: { row: 0, col: 0, player: 0 } } } as const;
    expect(watchReducer(initialWatch, moved)).toBe(initialWatch);
    expect(watchReducer(watching, { ...moved, payload: { ...moved.payload, gameState } })).toBe(watching);
    expect(watchReducer(watching, moved).gameState?.moveCount).toBe(3);
  });

  it('takes the result of a finished game, and the number watching of its own room only', () => {
    const finished = watchReducer(watching, { type: 'game:finished', payload: { winner: 1, scores: [1n, 2n], reason: 'forfeit', gameState, room: { ...room, status: 'finished' } } });
    expect(finished).toMatchObject({ result: { winner: 1, reason: 'forfeit' }, room: { status: 'finished' } });
    expect(watchReducer(watching, { type: 'room:spectators', payload: { code: room.code, count: 7 } }).spectators).toBe(7);
    expect(watchReducer(watching, { type: 'room:spectators', payload: { code: 'OTHER1', count: 7 } }).spectators).toBe(2);
  });

  it('keeps what it shows while reconnecting, and says why it was refused', () => {
    expect(watchReducer(watching, { type: 'disconnected', message: 'lost' })).toMatchObject({ status: 'connecting', error: 'lost', gameState });
    expect(watchReducer(initialWatch, { type: 'refused', error: 'Room not found' })).toMatchObject({ status: 'refused', error: 'Room not found' });
  });

  it('words and links', () => {
    expect(watchingText(3)).toBe('3 watching');
    expect(watchLink('https://example.org', 'ABC234')).toBe('https://example.org/multiplayer/watch/ABC234');
  });
});
