/**
 * The lobby's open games, live: while the lobby is shown and the socket is connected,
 * the page subscribes (lobby:subscribe) and keeps the latest list the server sends
 * (lobby:openGames, parsed at the edge). A reconnection subscribes again; leaving the lobby
 * unsubscribes. Null until the first list arrives.
 */
import { useEffect, useState } from 'react';
import type { OpenGameView } from '../../protocol/messages';
import { parseServerEvent } from '../../protocol/server-events';
import { socketService } from '../../net/socket';
import { logger } from '../../services/logger';

export function useOpenGames(connected: boolean): OpenGameView[] | null {
  const [games, setGames] = useState<OpenGameView[] | null>(null);
  useEffect(() => {
    if (!connected) return;
    const socket = socketService();
    let off = () => {};
    try {
      off = socket.on('lobby:openGames', (payload) => {
        const parsed = parseServerEvent('lobby:openGames', payload);
        if (parsed.ok && parsed.message.type === 'lobby:openGames') setGames(parsed.message.payload.games);
        else if (!parsed.ok) logger.error(`Dropped server event lobby:openGames: ${parsed.error}`);
      });
      void socket.emit('lobby:subscribe').catch(() => undefined);
    } catch {
      // Not connected after all: the next connection subscribes.
    }
    return () => {
      off();
      if (socket.isConnected()) void socket.emit('lobby:unsubscribe').catch(() => undefined);
    };
  }, [connected]);
  return games;
}
