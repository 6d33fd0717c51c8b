/**
 * The game's sounds, made with WebAudio (no audio files): short, soft notes, one shape per
 * event. Each sound played is counted in `window.__ccSounds` (its kind kept in
 * `window.__ccLastSound` and `window.__ccSoundLog`) so a journey can tell that a sound was played: harmless otherwise.
 */
import type { GameSound } from './soundRules';

declare global {
  interface Window {
    __ccSounds?: number;
    __ccLastSound?: GameSound;
    __ccSoundLog?: GameSound[];
  }
}

/** Frequencies (Hz) of each sound's notes, played one after another. */
const NOTES: Record<GameSound, readonly number[]> = {
  'your-move': [660],
  'opponent-move': [520],
  'game-end': [523, 659, 784],
  'low-time': [880, 880],
};
const NOTE_S = 0.09;
// Soft: the sound tells, it does not startle.
const VOLUME = 0.06;

let audio: AudioContext | null = null;

function context(): AudioContext | null {
  if (audio) return audio;
  const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Ctor) return null;
  try {
    audio = new Ctor();
  } catch {
    return null;
  }
  return audio;
}

export function playSound(sound: GameSound): void {
  window.__ccSounds = (window.__ccSounds ?? 0) + 1;
  window.__ccLastSound = sound;
  (window.__ccSoundLog ??= []).push(sound);
  const ctx = context();
  if (!ctx) return;
  // A page not yet clicked may hold its audio suspended (the browser's autoplay rule): try, never fail.
  if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
  NOTES[sound].forEach((frequency, i) => {
    const start = ctx.currentTime + i * NOTE_S * 1.2;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(VOLUME, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + NOTE_S);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start);
    oscillator.stop(start + NOTE_S + 0.02);
  });
}
