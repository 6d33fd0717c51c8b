/** What the Game Over dialog shows besides the headline, as pure functions for tests. */
import type { AiLevel, PlayerIndex, Scores } from '../../engine';
import { humanPlayer } from '../../game/result';
import { otherPlayer } from '../../protocol/rules';
import type { BoardSize, PlayerMode } from '../../game/types';

export interface ScoreBox {
  label: string; // 'You' / 'AI' or 'Player 1' / 'Player 2'
  score: bigint; // exact
  player: PlayerIndex; // whose colour the box wears
}

/** Versus the AI the human's box comes first. */
export function scoreBoxes(scores: Scores, playerMode: PlayerMode): [ScoreBox, ScoreBox] {
  if (playerMode === 'ai') {
    const human = humanPlayer();
    const ai: PlayerIndex = otherPlayer(human);
    return [
      { label: 'You', score: scores[human], player: human },
      { label: 'AI', score: scores[ai], player: ai },
    ];
  }
  return [
    { label: 'Player 1', score: scores[0], player: 0 },
    { label: 'Player 2', score: scores[1], player: 1 },
  ];
}

/** 'Board Size: 6x6' (a setting on one device, a side length online). */
export function boardSizeText(boardSize: BoardSize | number): string {
  return `Board Size: ${boardSize}x${boardSize}`;
}

/** 'Medium' for 'medium'. */
export function difficultyName(level: AiLevel): string {
  return level.charAt(0).toUpperCase() + level.slice(1);
}
