/**
 * Who won, and the words the Game Over dialog and the shared score use (SPEC §2 "Game Over
 * modal"). Pure, so every headline can be tested without rendering.
 */
import type { PlayerIndex, Scores, ScoringMechanism } from '../engine';
import { HUMAN } from './settings';
import type { PlayerMode } from './types';

export type Winner = PlayerIndex | 'draw';

/** Player 0 wins with the higher score, player 1 with the higher score, else a draw. */
export function winnerOf(scores: Scores): Winner {
  if (scores[0] > scores[1]) return 0;
  if (scores[1] > scores[0]) return 1;
  return 'draw';
}

/**
 * Against the AI the human is always player 0 and the AI player 1 (SPEC §4 "AI move");
 * "AI first" only means player 1 opens the game.
 */
export function humanPlayer(): PlayerIndex {
  return HUMAN;
}

/** The two lines of the dialog: a title and the result. */
export interface Headline {
  title: string;
  result: string;
}

/** The headline pair, exactly as SPEC §2 writes it (note 'Game Over.' with a full stop on a loss). */
export function headline(scores: Scores, playerMode: PlayerMode): Headline {
  const winner = winnerOf(scores);
  if (playerMode === 'ai') {
    if (winner === 'draw') return { title: 'Game Over', result: "It's a Draw!" };
    if (winner === humanPlayer()) return { title: 'Congratulations!', result: 'You Won!' };
    return { title: 'Game Over.', result: 'Sorry, you lost.' };
  }
  if (winner === 'draw') return { title: 'Game Over', result: 'Draw!' };
  return { title: 'Game Over', result: `Player ${winner + 1} Wins!` };
}

const TITLES: Record<ScoringMechanism, string> = {
  connection: 'Cell Connection',
  expansion: 'Cell Expansion',
  extension: 'Cell Extension',
};

/** The game's title in a scoring mode (SPEC §1). */
export function gameTitle(mechanism: ScoringMechanism): string {
  return TITLES[mechanism];
}

/**
 * The score worth sharing: the human's against the AI (even in a loss: it is their score), the
 * winner's between two players (either on a draw, both being equal).
 */
export function sharedScore(scores: Scores, playerMode: PlayerMode): bigint {
  if (playerMode === 'ai') return scores[humanPlayer()];
  return scores[0] > scores[1] ? scores[0] : scores[1];
}

/** Player 0's score minus player 1's, exact (e.g. for a lead shown beside the scores). */
export function scoreDifference(scores: Scores): bigint {
  return scores[0] - scores[1];
}

/**
 * "I scored {score} points in {title}! {result}", e.g.
 * "I scored 1024 points in Cell Connection! You Won!". The score is written plainly, as the
 * spec's template has it, every digit; the headline's result line is appended, being the part that says how
 * the game ended.
 */
export function shareText(scores: Scores, playerMode: PlayerMode, mechanism: ScoringMechanism): string {
  const score = sharedScore(scores, playerMode);
  const { result } = headline(scores, playerMode);
  return `I scored ${score} points in ${gameTitle(mechanism)}! ${result}`;
}
