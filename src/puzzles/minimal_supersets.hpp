#pragma once
// The work of one drawn set in the supersets method of puzzle counting:
// every minimal puzzle of the grid that contains the set (docs/method.md,
// section 17).
#include <cstdint>
#include <vector>

#include "puzzles/unavoidable_sets.hpp"

namespace sudoku_count::detail {

// With the grid's cells of `set` kept in `test` (and nothing else), and
// `pool` seeded for that grid (it gains the sets the solver finds): adds to
// minimal[c], for c up to `max_clues`, the minimal puzzles of the grid with c
// cells that contain the set. Each is reached once, by a search over
// unavoidable sets: at a kept set T, take the known one that T misses with
// the fewest cells left to keep (or, when T misses none, one from another
// completion the solver finds; none: T is proper); every proper superset of T
// holds one of its cells, so the i-th branch keeps the i-th cell and excludes
// the earlier ones (a minimal puzzle P is reached by the branch of the first
// of its cells, at every node). Every kept cell carries a witness, a set that
// meets T at that cell alone (from the pool, else from the solver): a kept
// cell without one is implied by the others, and no superset of T is minimal;
// so a proper T is minimal. A branch also ends at a missed set left with
// excluded cells only, and when T plus the number of disjoint missed sets
// exceeds `max_clues`. `test` is left with the set kept.
void count_minimal_supersets(UniquenessTest& test, UnavoidableSets& pool, const std::vector<int>& set,
                             int max_clues, std::vector<std::uint64_t>& minimal);

}  // namespace sudoku_count::detail
