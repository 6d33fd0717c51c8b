//! Fixed-width bit sets over the cells of a board.
//!
//! A board of `w × h` cells numbers them row by row, `index = y * w + x`, and packs
//! them densely into `N` 64-bit words (`N = ceil(w*h / 64)`, at most 4 for 16×16).
//! Every operation is written over `[u64; N]` rather than `u128`: wasm has no
//! 128-bit shifts, and a `u128` shift there becomes a library call.

/// A set of cells of a board that fits in `N` words.
#[derive(Clone, Copy, Debug)]
pub struct Bits<const N: usize>(pub [u64; N]);

impl<const N: usize> PartialEq for Bits<N> {
    /// Word by word, without branches (a derived comparison may become a `bcmp` call).
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        let mut differ = 0;
        for i in 0..N {
            differ |= self.0[i] ^ other.0[i];
        }
        differ == 0
    }
}

impl<const N: usize> Eq for Bits<N> {}

impl<const N: usize> Bits<N> {
    pub const EMPTY: Self = Bits([0; N]);

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |any, &w| any | w) == 0
    }

    #[inline(always)]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline(always)]
    pub fn and(self, other: Self) -> Self {
        let mut out = self;
        for i in 0..N {
            out.0[i] &= other.0[i];
        }
        out
    }

    #[inline(always)]
    pub fn or(self, other: Self) -> Self {
        let mut out = self;
        for i in 0..N {
            out.0[i] |= other.0[i];
        }
        out
    }

    #[inline(always)]
    pub fn and_not(self, other: Self) -> Self {
        let mut out = self;
        for i in 0..N {
            out.0[i] &= !other.0[i];
        }
        out
    }

    /// Moves every cell `k` places towards higher indices (`0 < k < 64`).
    #[inline(always)]
    pub fn up(self, k: u32) -> Self {
        let mut out = [0u64; N];
        let mut carry = 0u64;
        for (i, word) in self.0.iter().enumerate() {
            out[i] = (word << k) | carry;
            carry = word >> (64 - k);
        }
        Bits(out)
    }

    /// Moves every cell `k` places towards lower indices (`0 < k < 64`).
    #[inline(always)]
    pub fn down(self, k: u32) -> Self {
        let mut out = [0u64; N];
        let mut carry = 0u64;
        for i in (0..N).rev() {
            let word = self.0[i];
            out[i] = (word >> k) | carry;
            carry = word << (64 - k);
        }
        Bits(out)
    }

    /// The set holding only the lowest-numbered cell of `self` (empty stays empty).
    #[inline(always)]
    pub fn lowest(&self) -> Self {
        let mut out = [0u64; N];
        for (i, &word) in self.0.iter().enumerate() {
            if word != 0 {
                out[i] = word & word.wrapping_neg();
                break;
            }
        }
        Bits(out)
    }

    /// Index of the lowest-numbered cell, if any.
    #[inline(always)]
    pub fn first_index(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, &w)| i * 64 + w.trailing_zeros() as usize)
    }

    #[inline(always)]
    pub fn has(&self, index: usize) -> bool {
        self.0[index / 64] >> (index % 64) & 1 == 1
    }

    #[inline(always)]
    pub fn set(&mut self, index: usize) {
        self.0[index / 64] |= 1 << (index % 64);
    }

    #[inline(always)]
    pub fn single(index: usize) -> Self {
        let mut out = Self::EMPTY;
        out.set(index);
        out
    }

    /// Calls `f` with the index of every cell in the set, lowest first.
    #[inline(always)]
    pub fn for_each(&self, mut f: impl FnMut(usize)) {
        for (i, &word) in self.0.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                f(i * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
    }

    /// Calls `f` with the index of every cell in the set, lowest first, until it returns false.
    #[inline(always)]
    pub fn for_each_while(&self, mut f: impl FnMut(usize) -> bool) {
        for (i, &word) in self.0.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                if !f(i * 64 + w.trailing_zeros() as usize) {
                    return;
                }
                w &= w - 1;
            }
        }
    }

    /// The first `N` words of a 4-word array (boards store the widest form).
    #[inline(always)]
    pub fn from_words(words: &[u64; 4]) -> Self {
        let mut out = [0u64; N];
        out.copy_from_slice(&words[..N]);
        Bits(out)
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn shifts_carry_across_words() {
        let b = Bits::<2>([1 << 63, 0]);
        assert_eq!(b.up(1), Bits([0, 1]));
        assert_eq!(Bits::<2>([0, 1]).down(1), Bits([1 << 63, 0]));
        assert_eq!(Bits::<2>([0, 1 << 63]).up(1), Bits::EMPTY);
    }

    #[test]
    fn lowest_and_iteration_follow_cell_order() {
        let mut b = Bits::<3>::EMPTY;
        for i in [130, 5, 64] {
            b.set(i);
        }
        assert_eq!(b.lowest(), Bits::single(5));
        assert_eq!(b.first_index(), Some(5));
        let mut seen = vec![];
        b.for_each(|i| seen.push(i));
        assert_eq!(seen, vec![5, 64, 130]);
        let mut until = vec![];
        b.for_each_while(|i| {
            until.push(i);
            i < 64
        });
        assert_eq!(until, vec![5, 64]);
        assert_eq!(b.count(), 3);
    }
}
