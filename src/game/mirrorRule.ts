/**
 * The mirror rule's words, the same wherever a player meets it: the settings
 * panel, a room's settings and summary, Game Results, the info dialog, and the
 * message when a move is refused. The rule itself is the engine's
 * (engine-rs/src/mirror_rule.rs): a move may not leave the mover's cells exactly
 * the image of the opponent's under the half turn, an axis flip or a diagonal
 * flip of the board, unless it is the only move left.
 */

/** The option's name. */
export const MIRROR_RULE_LABEL = 'No mirroring';

/** Said when the rule refuses a move. */
export const MIRRORING_REFUSED =
  "No mirroring: that move would copy your opponent's cells by a turn or flip of the board. Play another cell.";

/** The rule in one sentence (the info dialog, the option's description). */
export const MIRROR_RULE_EXPLAINED =
  "No mirroring: a move may not leave your cells exactly your opponent's turned half a turn or flipped across an axis or a diagonal, unless it is the only move left. It stops the second player from drawing every game by copying.";
