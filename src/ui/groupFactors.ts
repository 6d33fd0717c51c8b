/** One factor of a score: a group value and how many groups share it (written as an exponent). */
export interface GroupFactor {
  value: number;
  count: number;
}

/**
 * The spec's breakdown of a score: group values sorted descending, repeats collapsed into
 * exponents, e.g. [4, 2, 2, 2] → 4 × 2³.
 */
export function groupFactors(groups: readonly number[]): GroupFactor[] {
  const factors: GroupFactor[] = [];
  for (const value of [...groups].sort((a, b) => b - a)) {
    const last = factors.at(-1);
    if (last?.value === value) last.count += 1;
    else factors.push({ value, count: 1 });
  }
  return factors;
}
