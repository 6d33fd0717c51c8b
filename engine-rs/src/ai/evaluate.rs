//! Position values for the searches.

use crate::board::Player;
use crate::position::Position;
use crate::score::{
    as_f64, difference, difference_as_f64, group_summary, liberties, GroupSummary, Score,
    ScoringMechanism,
};

/// The spec's minimax evaluation (SPEC §9) for `me`: the score difference plus the
/// mode bonus, amplified late in the game.
///
/// Where the spec is terse we read it so: the connection bonus is 0.5 × my mean
/// group size − 0.3 × the opponent's largest group; expansion and extension use the
/// same shape, mean own value minus the opponent's largest, weighted 0.4 and 0.25;
/// above 70% fill the whole value grows linearly, to double on a full board.
pub fn spec_evaluation(position: &Position, me: Player) -> f64 {
    let board = position.board();
    let mode = position.mode();
    let summaries = [group_summary(board, 0, mode), group_summary(board, 1, mode)];
    spec_value(
        mode,
        position.scores(),
        summaries,
        me,
        board.free_count(),
        board.area(),
    )
}

/// [`spec_evaluation`] from what it reads of a position: both scores, both
/// players' group summaries and how many of the board's cells are free.
pub fn spec_value(
    mode: ScoringMechanism,
    scores: [Score; 2],
    summaries: [GroupSummary; 2],
    me: Player,
    free: usize,
    area: usize,
) -> f64 {
    // The exact difference, rounded only once it is found: its sign is never lost.
    let difference = difference_as_f64(difference(scores[me], scores[1 - me]));
    let (own, theirs) = (summaries[me], summaries[1 - me]);
    let bonus = match mode {
        ScoringMechanism::Connection => 0.5 * own.mean_value() - 0.3 * theirs.largest_value as f64,
        ScoringMechanism::Expansion => 0.4 * (own.mean_value() - theirs.largest_value as f64),
        ScoringMechanism::Extension => 0.25 * (own.mean_value() - theirs.largest_value as f64),
    };
    let fill = 1.0 - free as f64 / area as f64;
    let late = if fill > 0.7 {
        1.0 + (fill - 0.7) / 0.3
    } else {
        1.0
    };
    (difference + bonus) * late
}

/// Values of decided games lie beyond every heuristic value.
pub const WIN: f64 = 1_000.0;

/// What one free cell next to a player's groups is worth to Expert, in log-score units.
pub const LIBERTY_WEIGHT: f64 = 0.6;

/// Expert's view of a position for the player to move: the log of the score
/// ratio, since who wins is who has the larger product, plus the room each side
/// has to grow. A full board is decided.
pub fn expert_evaluation(position: &Position, side: Player) -> f64 {
    let board = position.board();
    if board.free_count() == 0 {
        return ratio_evaluation(position.scores(), side, true);
    }
    let room = liberties(board, side) as f64 - liberties(board, 1 - side) as f64;
    ratio_evaluation(position.scores(), side, false) + LIBERTY_WEIGHT * room
}

/// A score on Expert's scale: its natural log, a monotone map that cannot
/// overflow (a score below 2^128 has a log below 89).
pub fn ln_score(score: Score) -> f64 {
    as_f64(score.max(1)).ln()
}

/// The log of the score ratio for `side`; on a full board, a win or loss is
/// moved beyond every heuristic value, decided by comparing the exact scores.
pub fn ratio_evaluation(scores: [Score; 2], side: Player, board_full: bool) -> f64 {
    let ratio = ln_score(scores[side]) - ln_score(scores[1 - side]);
    if !board_full {
        return ratio;
    }
    if scores[side] > scores[1 - side] {
        WIN + ratio
    } else if scores[side] < scores[1 - side] {
        -WIN + ratio
    } else {
        0.0
    }
}
