//! Scoring (SPEC §9): a player's score is the product of the values of their
//! 4-connected groups; a player with no cells scores 0.
//!
//! Scores are exact 128-bit integers: `exact.rs` holds their arithmetic and
//! the bound that makes 128 bits enough for every board up to 16×16.

use crate::bits::Bits;
use crate::board::{Board, Player};

pub use crate::exact::{
    as_f64, difference, difference_as_f64, divided, is_exact, signed, times, within_search_reach,
    Replaced, Score, ScoreDiff, MAX_SEARCH_CELLS, SCORE_TOO_LARGE,
};

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
