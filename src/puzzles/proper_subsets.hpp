#pragma once
// The work of one drawn set in puzzle counting: is it proper, and which of
// its subsets are (docs/method.md, section 17).
#include <cstdint>
#include <vector>

#include "puzzles/uniqueness_test.hpp"

namespace sudoku_count::detail {

// With the grid's cells of `set` kept in `test` (and nothing else), and the
// set proper: adds to proper[c] the proper subsets of the set with c cells
// (the set itself included) and, when `minimal` is not null, to minimal[c]
// the minimal ones. Each proper subset T is reached once, by dropping the
// cells of set - T in the set's order (every set between is a superset of T,
// so proper: uniqueness only grows with the givens); T is minimal when no T
// minus one cell is proper. The vectors have a slot per clue count. The
// walk goes no deeper than subsets of `smallest` cells: those are counted,
// smaller ones are not (a run counting clue counts from `smallest` on needs
// nothing below).
void count_proper_subsets(UniquenessTest& test, const std::vector<int>& set, std::vector<std::uint64_t>& proper,
                          std::vector<std::uint64_t>* minimal, int smallest = 0);

}  // namespace sudoku_count::detail
