//! Exact score arithmetic: scores, their differences, and the bound that makes
//! 128 bits enough.
//!
//! Scores are exact unsigned 128-bit integers. That covers every board up to
//! 16×16: in a game the players alternate (SPEC §4), so each owns at most 128
//! cells there. A group of c cells has at most 2c − ⌈2√c⌉ adjacent pairs, so it
//! is worth at most c (connection), 2^(3c/4) (expansion: 8 per 2×2 square of 4
//! cells is the best per cell) or 2^(c/2) (extension). A score is therefore at
//! most 3^(128/3) < 2^68 in connection, 2^96 in expansion and 2^64 in
//! extension, and a difference of two scores fits an `i128` ([`ScoreDiff`]).
//!
//! A hand-written board need not come from a game: every product is checked,
//! and one past `u128::MAX` becomes [`SCORE_TOO_LARGE`], which stays so under
//! further products and which the boundary refuses instead of wrapping it.

use crate::bits::Bits;
use crate::board::Board;

/// A score: the exact product of a player's group values.
pub type Score = u128;

/// A change of score or a difference of two scores (a merge can lower a score).
pub type ScoreDiff = i128;

/// A product too large for a `u128`: only a hand-written board, never a game,
/// gets one. `u128::MAX` is no product of group values (each at most 960, while
/// 65537 divides 2^128 − 1), so it cannot be mistaken for a real score.
pub const SCORE_TOO_LARGE: Score = u128::MAX;

/// Whether a score is exact (not [`SCORE_TOO_LARGE`]).
pub fn is_exact(score: Score) -> bool {
    score != SCORE_TOO_LARGE
}

/// The product of the values of the groups one move joins: at most four groups
/// (the cell's neighbours), each worth at most 960, so below 2^40.
pub type Replaced = u64;

/// `score × value`, or [`SCORE_TOO_LARGE`] past `u128::MAX` (and from it).
#[inline(always)]
pub fn times(score: Score, value: u32) -> Score {
    #[cfg(target_arch = "wasm32")]
    return times_by_limbs(score, value);
    #[cfg(not(target_arch = "wasm32"))]
    {
        // Two 64-bit halves times a 32-bit value: cheaper than a full 128-bit
        // multiplication, and the carry out of the high half is the overflow.
        let value = u128::from(value);
        let low = (score as u64 as u128) * value;
        let high = (score >> 64) * value;
        if high >> 64 != 0 {
            return SCORE_TOO_LARGE;
        }
        (high << 64).checked_add(low).unwrap_or(SCORE_TOO_LARGE)
    }
}

/// `score × value` in four 32-bit limbs: wasm has no 64×64→128 multiplication,
/// so a `u128` product is a library call there, while a limb times a 32-bit
/// value plus the carry always fits a `u64`.
#[cfg(any(target_arch = "wasm32", test))]
#[inline(always)]
fn times_by_limbs(score: Score, value: u32) -> Score {
    let value = u64::from(value);
    let (mut product, mut carry): (Score, u64) = (0, 0);
    for limb in 0..4 {
        let part = u64::from((score >> (32 * limb)) as u32) * value + carry;
        product |= Score::from(part as u32) << (32 * limb);
        carry = part >> 32;
    }
    if carry != 0 {
        return SCORE_TOO_LARGE;
    }
    product
}

/// `score / replaced`, exact when `replaced` (the values of the groups a move
/// joins) divides it: in 64 bits while the score fits them, as most do, since
/// a 128-bit division is a slow library call in wasm.
#[inline(always)]
pub fn divided(score: Score, replaced: Replaced) -> Score {
    if let Ok(score) = u64::try_from(score) {
        return Score::from(score / replaced);
    }
    #[cfg(target_arch = "wasm32")]
    if replaced < 1 << 40 {
        return divided_by_digits(score, replaced);
    }
    score / Score::from(replaced)
}

/// `score / divisor` for a divisor below 2^40, as long division in 64-bit
/// steps: the high word, then the low word 24, 24 and 16 bits at a time (a
/// remainder below 2^40 shifted by 24 bits still fits a `u64`).
#[cfg(any(target_arch = "wasm32", test))]
#[inline(always)]
fn divided_by_digits(score: Score, divisor: u64) -> Score {
    let (high, low) = ((score >> 64) as u64, score as u64);
    let mut rest = high % divisor;
    let mut quotient_low = 0u64;
    for (shift, bits) in [(40, 24), (16, 24), (0, 16)] {
        let part = (rest << bits) | ((low >> shift) & ((1 << bits) - 1));
        quotient_low = (quotient_low << bits) | (part / divisor);
        rest = part % divisor;
    }
    (Score::from(high / divisor) << 64) | Score::from(quotient_low)
}

/// A score as the nearest `f64`, through 64 bits while it fits them (the same
/// rounding; a 128-bit conversion is a library call in wasm).
#[inline(always)]
pub fn as_f64(score: Score) -> f64 {
    match u64::try_from(score) {
        Ok(score) => score as f64,
        Err(_) => score as f64,
    }
}

/// A score difference as the nearest `f64`, as [`as_f64`] does.
#[inline(always)]
pub fn difference_as_f64(difference: ScoreDiff) -> f64 {
    match i64::try_from(difference) {
        Ok(difference) => difference as f64,
        Err(_) => difference as f64,
    }
}

/// A score as a signed number: exact below 2^127, which every searched board
/// keeps to (see [`MAX_SEARCH_CELLS`]); larger ones stop at `i128::MAX`.
#[inline(always)]
pub fn signed(score: Score) -> ScoreDiff {
    ScoreDiff::try_from(score).unwrap_or(ScoreDiff::MAX)
}

/// `a − b`, exact for the scores of any searched board.
#[inline(always)]
pub fn difference(a: Score, b: Score) -> ScoreDiff {
    signed(a).saturating_sub(signed(b))
}

/// The most cells one player may end a line of play with for the searches to
/// stay exact: 169 cells score at most 5 · 2^124 < 2^127 in every mode (170
/// reach 2^127 in expansion), so every score and every difference of two fits
/// an `i128`. A game's board never comes near (at most 128 cells each).
pub const MAX_SEARCH_CELLS: usize = 169;

/// Whether every line of play from `board` keeps both scores below 2^127: each
/// player's cells plus the free cells they can take, half of them rounded up
/// (the players alternate), stay within [`MAX_SEARCH_CELLS`].
pub fn within_search_reach(board: &Board) -> bool {
    let free = board.free_count();
    (0..2).all(|player| {
        let own = Bits::<4>(*board.cell_words(player)).count() as usize;
        own + free.div_ceil(2) <= MAX_SEARCH_CELLS
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Scores spread over every magnitude up to 2^128, from a fixed seed.
    fn samples() -> Vec<Score> {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..4000)
            .map(|_| {
                let wide = (Score::from(next()) << 64) | Score::from(next());
                wide >> (next() % 128)
            })
            .chain([
                0,
                1,
                u64::MAX as Score,
                Score::from(u64::MAX) + 1,
                SCORE_TOO_LARGE,
            ])
            .collect()
    }

    #[test]
    fn limb_products_match_full_products() {
        for score in samples() {
            for value in [0, 1, 2, 3, 7, 480, 960, u32::MAX] {
                let expected = score
                    .checked_mul(Score::from(value))
                    .unwrap_or(SCORE_TOO_LARGE);
                assert_eq!(times_by_limbs(score, value), expected, "{score} × {value}");
                assert_eq!(times(score, value), expected, "{score} × {value}");
            }
        }
    }

    #[test]
    fn long_division_matches_full_division() {
        for score in samples() {
            for divisor in [1, 2, 3, 960, 960 * 959 * 958 * 957, (1 << 40) - 1] {
                let expected = score / Score::from(divisor);
                assert_eq!(
                    divided_by_digits(score, divisor),
                    expected,
                    "{score} / {divisor}"
                );
                assert_eq!(divided(score, divisor), expected, "{score} / {divisor}");
            }
        }
    }

    #[test]
    fn conversions_round_as_the_wide_ones() {
        for score in samples() {
            assert_eq!(as_f64(score).to_bits(), (score as f64).to_bits());
            let signed = score as ScoreDiff;
            assert_eq!(
                difference_as_f64(signed).to_bits(),
                (signed as f64).to_bits()
            );
        }
    }
}
