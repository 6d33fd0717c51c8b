/**
 * Whether this device has finished or skipped the lesson (/learn). Home offers the lesson only to
 * a new player: nothing remembered here and no game saved on the device; once finished or
 * skipped it is never offered again (it stays replayable from How to Play).
 */
import { GAME_KEY } from '../../services/storageKeys';

export const LESSON_STORAGE_KEY = 'cellconnection.lesson';

export type LessonOutcome = 'finished' | 'skipped';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage can be disabled (private mode): the player counts as new
  }
}

/** How the lesson ended on this device, or null if it never did. */
export function lessonOutcome(): LessonOutcome | null {
  const value = read(LESSON_STORAGE_KEY);
  return value === 'finished' || value === 'skipped' ? value : null;
}

/** Remembers that the lesson was finished or skipped, so Home stops offering it. */
export function rememberLesson(outcome: LessonOutcome): void {
  try {
    window.localStorage.setItem(LESSON_STORAGE_KEY, outcome);
  } catch {
    // Not remembered: the offer comes back next visit, still skippable in one tap.
  }
}

/** Whether Home should offer the lesson: a first visit, with no lesson ended and no game saved. */
export function offersLesson(): boolean {
  return lessonOutcome() === null && read(GAME_KEY) === null;
}
