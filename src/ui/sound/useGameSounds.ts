/**
 * The online game's sounds (players and spectators): a move, the opponent's move, the game's
 * end, and once a game the player's own clock going under ten seconds. Silent when switched off.
 */
import { useEffect, useRef } from 'react';
import type { PlayerIndex } from '../../engine';
import type { GameStateView } from '../../protocol/messages';
import { playSound } from './synth';
import { soundOn } from './soundSetting';
import { lowTimeDue, msUntilLowTime, soundFor, type GameSound, type HeardGame } from './soundRules';

const play = (sound: GameSound) => {
  if (soundOn()) playSound(sound);
};

export function useGameSounds(gameState: GameStateView, over: boolean, seat: PlayerIndex | null): void {
  const heard = useRef<HeardGame | null>(null);
  const now: HeardGame = { moveCount: gameState.moveCount, over, currentPlayer: gameState.currentPlayer };
  useEffect(() => {
    const sound = soundFor(heard.current, now, seat);
    heard.current = now;
    if (sound) play(sound);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the three values are `now`
  }, [now.moveCount, now.over, now.currentPlayer, seat]);
  useLowTimeSound(gameState, over, seat);
}

function useLowTimeSound(gameState: GameStateView, over: boolean, seat: PlayerIndex | null): void {
  const warned = useRef(false);
  const fresh = gameState.moveCount === 0;
  // A new game (a rematch) may warn again.
  useEffect(() => {
    if (fresh) warned.current = false;
  }, [fresh]);
  const clocks = gameState.clocks;
  const left = seat !== null && clocks ? clocks.remainingMs[seat] : null;
  const running = seat !== null && clocks?.running === seat;
  useEffect(() => {
    if (left === null || over || warned.current) return;
    const warn = () => {
      warned.current = true;
      play('low-time');
    };
    if (lowTimeDue(false, left)) return warn();
    if (!running) return;
    const timer = setTimeout(warn, msUntilLowTime(left));
    return () => clearTimeout(timer);
  }, [left, running, over]);
}
