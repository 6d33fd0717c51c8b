//! Scoring (SPEC §9): a player's score is the product of the values of their
//! 4-connected groups; a player with no cells scores 0.
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
use crate::board::{Board, Player};

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

/// How a group is valued (SPEC §9 "Scoring").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoringMechanism {
    /// The group's size.
    Connection,
    /// Directed in-group adjacencies: each cell counts its in-group neighbours (at least 1).
    Expansion,
    /// Distinct adjacent pairs in the group (at least 1).
    Extension,
}

impl ScoringMechanism {
    pub const ALL: [ScoringMechanism; 3] = [
        ScoringMechanism::Connection,
        ScoringMechanism::Expansion,
        ScoringMechanism::Extension,
    ];

    /// The spec's name: `connection`, `expansion` or `extension`.
    pub fn name(self) -> &'static str {
        match self {
            ScoringMechanism::Connection => "connection",
            ScoringMechanism::Expansion => "expansion",
            ScoringMechanism::Extension => "extension",
        }
    }

    pub fn from_name(name: &str) -> Option<ScoringMechanism> {
        Self::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The value of a group of `cells` cells joined by `pairs` adjacent pairs.
    #[inline(always)]
    pub fn group_value(self, cells: u32, pairs: u32) -> u32 {
        match self {
            ScoringMechanism::Connection => cells,
            ScoringMechanism::Expansion => (2 * pairs).max(1),
            ScoringMechanism::Extension => pairs.max(1),
        }
    }
}

/// Size and adjacent pairs of one group: enough to value it in every mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GroupShape {
    pub cells: u32,
    pub pairs: u32,
}

/// The size-dependent masks of a board, as `N`-word sets.
#[derive(Clone, Copy)]
pub(crate) struct Geometry<const N: usize> {
    pub width: u32,
    pub not_first_col: Bits<N>,
    pub not_last_col: Bits<N>,
}

impl<const N: usize> Geometry<N> {
    #[inline(always)]
    pub fn of(board: &Board) -> Self {
        Geometry {
            width: board.width() as u32,
            not_first_col: Bits::from_words(&board.masks().not_first_col),
            not_last_col: Bits::from_words(&board.masks().not_last_col),
        }
    }

    /// The cells 4-adjacent to some cell of `b` (may include cells of `b`, and
    /// cells past the last row, which callers remove by intersecting).
    #[inline(always)]
    pub fn neighbours(&self, b: Bits<N>) -> Bits<N> {
        let east = b.up(1).and(self.not_first_col);
        let west = b.down(1).and(self.not_last_col);
        east.or(west).or(b.up(self.width)).or(b.down(self.width))
    }

    /// The cells with at least one 4-neighbour in `b`, and those with at least
    /// two (with the same strays as `neighbours`).
    #[inline(always)]
    pub fn neighbours_once_twice(&self, b: Bits<N>) -> (Bits<N>, Bits<N>) {
        let east = b.up(1).and(self.not_first_col);
        let west = b.down(1).and(self.not_last_col);
        let (south, north) = (b.up(self.width), b.down(self.width));
        let (across, along) = (east.or(west), north.or(south));
        let once = across.or(along);
        let twice = east.and(west).or(north.and(south)).or(across.and(along));
        (once, twice)
    }

    /// The group of `within` that contains `seed`, grown one ring at a time.
    #[inline(always)]
    pub fn fill(&self, seed: Bits<N>, within: Bits<N>) -> Bits<N> {
        let mut group = seed;
        loop {
            let grown = group.or(self.neighbours(group)).and(within);
            if grown == group {
                return group;
            }
            group = grown;
        }
    }

    /// Adjacent pairs inside `group`: east–west pairs plus north–south pairs.
    #[inline(always)]
    pub fn pairs(&self, group: Bits<N>) -> u32 {
        let east_west = group.and(group.down(1)).and(self.not_last_col);
        let north_south = group.and(group.down(self.width));
        east_west.count() + north_south.count()
    }

    #[inline(always)]
    pub fn shape(&self, group: Bits<N>) -> GroupShape {
        GroupShape {
            cells: group.count(),
            pairs: self.pairs(group),
        }
    }
}

/// Calls `$f::<N>(args)` with `N` words, enough for the board. Boards of up to
/// 8×8 and 10×10 (the game's sizes) get exact fits; larger ones share the 4-word
/// form, which keeps engine.wasm small (each `N` is a copy of the code).
macro_rules! by_words {
    ($board:expr, $f:ident ( $($arg:expr),* )) => {
        match $board.words() {
            1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            _ => $f::<4>($($arg),*),
        }
    };
}
pub(crate) use by_words;

/// The western cell of every east–west pair and the northern cell of every
/// north–south pair of a player, marked once for the whole player: a group's
/// pairs are then just its marks.
#[derive(Clone, Copy)]
pub(crate) struct PairMarks<const N: usize> {
    east_west: Bits<N>,
    north_south: Bits<N>,
}

impl<const N: usize> PairMarks<N> {
    #[inline(always)]
    pub fn of(geo: &Geometry<N>, own: Bits<N>) -> Self {
        PairMarks {
            east_west: own.and(own.down(1)).and(geo.not_last_col),
            north_south: own.and(own.down(geo.width)),
        }
    }

    /// Adjacent pairs inside `group`, one of the player's groups.
    #[inline(always)]
    pub fn pairs(&self, group: Bits<N>) -> u32 {
        group.and(self.east_west).count() + group.and(self.north_south).count()
    }
}

/// Calls `visit` with every group of `own` that has two or more cells, lowest
/// cell first, and returns how many single cells `own` has (each is a group of value 1).
#[inline(always)]
pub(crate) fn for_each_joined_group<const N: usize>(
    geo: &Geometry<N>,
    own: Bits<N>,
    mut visit: impl FnMut(Bits<N>),
) -> u32 {
    // Single cells are worth 1 in every mode: set them all aside in one step.
    let mut joined = own.and(geo.neighbours(own));
    let singles = own.count() - joined.count();
    while !joined.is_empty() {
        let group = geo.fill(joined.lowest(), joined);
        joined = joined.and_not(group);
        visit(group);
    }
    singles
}

/// The score of the cells `own` on a board of this geometry.
#[inline(always)]
pub(crate) fn score_of<const N: usize>(
    geo: &Geometry<N>,
    own: Bits<N>,
    mode: ScoringMechanism,
) -> Score {
    if own.is_empty() {
        return 0;
    }
    let mut product: Score = 1;
    if mode == ScoringMechanism::Connection {
        for_each_joined_group(geo, own, |group| product = times(product, group.count()));
        return product;
    }
    let marks = PairMarks::of(geo, own);
    for_each_joined_group(geo, own, |group| {
        product = times(product, mode.group_value(0, marks.pairs(group)));
    });
    product
}

fn player_score_n<const N: usize>(board: &Board, player: Player, mode: ScoringMechanism) -> Score {
    score_of(&Geometry::<N>::of(board), board.player_bits(player), mode)
}

/// One player's score.
pub fn player_score(board: &Board, player: Player, mode: ScoringMechanism) -> Score {
    by_words!(board, player_score_n(board, player, mode))
}

/// Both players' scores, player 0 first.
pub fn scores(board: &Board, mode: ScoringMechanism) -> [Score; 2] {
    [player_score(board, 0, mode), player_score(board, 1, mode)]
}

fn group_shapes_n<const N: usize>(board: &Board, player: Player) -> Vec<GroupShape> {
    let geo = Geometry::<N>::of(board);
    let mut shapes = Vec::new();
    let own = board.player_bits::<N>(player);
    let singles = for_each_joined_group(&geo, own, |group| shapes.push(geo.shape(group)));
    shapes.extend((0..singles).map(|_| GroupShape { cells: 1, pairs: 0 }));
    shapes
}

/// The shape of every group a player has, in no particular order.
pub fn group_shapes(board: &Board, player: Player) -> Vec<GroupShape> {
    by_words!(board, group_shapes_n(board, player))
}

/// A player's group values, largest first: the score display's breakdown.
pub fn group_values(board: &Board, player: Player, mode: ScoringMechanism) -> Vec<u32> {
    let mut values: Vec<u32> = group_shapes(board, player)
        .into_iter()
        .map(|s| mode.group_value(s.cells, s.pairs))
        .collect();
    values.sort_unstable_by(|a, b| b.cmp(a));
    values
}

/// What the spec's minimax evaluation needs of one player's groups.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GroupSummary {
    pub groups: u32,
    /// The sum of the group values.
    pub total_value: u32,
    pub largest_value: u32,
}

impl GroupSummary {
    /// The mean group value (0 with no groups).
    pub fn mean_value(&self) -> f64 {
        if self.groups == 0 {
            0.0
        } else {
            self.total_value as f64 / self.groups as f64
        }
    }
}

fn group_summary_n<const N: usize>(
    board: &Board,
    player: Player,
    mode: ScoringMechanism,
) -> GroupSummary {
    let geo = Geometry::<N>::of(board);
    let mut summary = GroupSummary::default();
    let singles = for_each_joined_group(&geo, board.player_bits(player), |group| {
        let value = mode.group_value(group.count(), geo.pairs(group));
        summary.groups += 1;
        summary.total_value += value;
        summary.largest_value = summary.largest_value.max(value);
    });
    if singles > 0 {
        summary.groups += singles;
        summary.total_value += singles;
        summary.largest_value = summary.largest_value.max(1);
    }
    summary
}

/// Count, total and largest of a player's group values.
pub fn group_summary(board: &Board, player: Player, mode: ScoringMechanism) -> GroupSummary {
    by_words!(board, group_summary_n(board, player, mode))
}

fn liberties_n<const N: usize>(board: &Board, player: Player) -> u32 {
    let geo = Geometry::<N>::of(board);
    let free = Bits::<N>::from_words(&board.free_words());
    geo.neighbours(board.player_bits(player)).and(free).count()
}

/// Free cells next to the player's cells: the room their groups have to grow.
pub fn liberties(board: &Board, player: Player) -> u32 {
    by_words!(board, liberties_n(board, player))
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
