#pragma once
// Grids fixed by a symmetry up to relabelling, counted by dancing links on
// the orbits of the cells (docs/method.md, section 10).
//
// For a permutation g of the cells and a relabelling sigma, the grids with
// X(g(c)) = sigma(X(c)) for every cell c are the exact covers of a quotient
// problem: one option per (orbit of g, symbol v at the orbit's first cell c),
// valid when sigma^L(v) = v for the orbit's length L, that places
// sigma^i(v) at g^i(c) for i < L and covers the cell, row-symbol,
// column-symbol and box-symbol items of all those placements (an option
// that would cover an item twice puts one symbol twice in a row, column or
// box and is left out).
#include <memory>
#include <vector>

#include "cover/exact_cover.hpp"

#include "sudoku_count/bignum.hpp"
#include "sudoku_count/shape.hpp"
#include "symmetry/line_group.hpp"

namespace sudoku_count::detail {

// The quotient cover of (g, sigma) and its canonical first rows: the number
// of grids X with X(g(c)) = sigma(X(c)) for all cells c is
// centraliser * (sum over rows of the cover's solutions extending the row).
struct FixedGridProblem {
  std::unique_ptr<ExactCover> cover;       // null when some cell takes no symbol
  std::vector<std::vector<int>> rows;      // options placing each canonical row 0
  BigInt centraliser = 1;                  // |Z|
};

// cell_map has N*N entries (cells row-major), relabel N (symbols 0..N-1).
FixedGridProblem fixed_grid_problem(const Shape& shape, const Permutation& cell_map, const Permutation& relabel);

// Sum of the solutions extending rows [first, last), on one counter whose
// count cache serves them all.
BigInt count_rows(const FixedGridProblem& problem, std::size_t first, std::size_t last);

// The number of grids X with X(g(c)) = sigma(X(c)) for all cells c, on one
// thread.
BigInt count_fixed_grids(const Shape& shape, const Permutation& cell_map, const Permutation& relabel);

// Integer partitions of n, each in decreasing order.
std::vector<std::vector<int>> partitions(int n);

// A relabelling with the given cycle lengths: cycles on consecutive symbols.
Permutation permutation_of_type(const std::vector<int>& lengths);

// Number of permutations of sum(lengths) points with these cycle lengths:
// n! / prod_i (i^{m_i} m_i!), m_i the number of cycles of length i.
BigInt permutations_of_type(const std::vector<int>& lengths);

// Least common multiple of the cycle lengths: the order of the permutation.
long long permutation_order(const Permutation& p);

}  // namespace sudoku_count::detail
