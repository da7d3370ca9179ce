#pragma once
// Perfect matchings of a bipartite graph between n columns and n symbols,
// given by each column's mask of allowed symbols: their number (the
// permanent of the 0/1 matrix) and a uniform draw among them.
//
// Dynamic programming over the columns in order: h_j(S) is the number of
// ways for columns 0..j-1 to take exactly the symbols S (|S| = j), so all
// levels fit in one table indexed by S. The permanent is h_n(all symbols);
// a uniform matching is drawn backwards, column n-1 taking symbol s with
// probability h_{n-1}(S - s) / h_n(S). (Ryser's formula counts too, but
// gives no sampler; for the sparse regular graphs of Sudoku bands the
// reachable sets are few.) The table is a dense array over symbol subsets,
// so n is at most kMaxSymbols; larger graphs are sampled with
// sequential_matching below.
#include <cstdint>
#include <vector>

#include "core/bits.hpp"
#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

class MatchingCounter {
 public:
  static constexpr int kMaxSymbols = 22;  // a 32 MB table
  // Number of perfect matchings (a double: up to (d!)^(n/d) for degree d,
  // exact below 2^53 and correctly rounded above). Keeps the table for
  // sample(). Requires n <= kMaxSymbols.
  double count(const Mask* columns, int n);
  // A uniform perfect matching of the last counted graph: symbol_of[j] for
  // each column. Requires count() > 0.
  void sample(Rng& rng, int* symbol_of) const;

 private:
  int n_ = 0;
  std::vector<Mask> columns_;
  std::vector<double> ways_;               // h_j(S), indexed by S
  std::vector<std::vector<Mask>> levels_;  // sets present at each level, to reset the table
};

}  // namespace sudoku_count::detail

namespace sudoku_count::detail {

// One perfect matching drawn sequentially, most constrained first: at each
// step the open column or unused symbol with the fewest remaining partners
// is matched to one of them, drawn with probability proportional to what it
// leaves its other neighbours (row_matchings.cpp). Returns 1/q, the inverse
// probability of the matching drawn (so E[1/q] over draws is the number of
// perfect matchings: Knuth's estimator of a search tree's size), or 0 at a
// dead end. The order and the probabilities are functions of the state
// alone, and every partner that keeps each vertex an option has positive
// probability, so every perfect matching can be drawn.
double sequential_matching(const Mask* columns, int n, Rng& rng, int* symbol_of);

// Memory draw_row reuses from row to row (one per thread).
struct RowDrawScratch {
  MatchingCounter counter;
  std::vector<int> draws;      // draw k's symbol_of at [k n, (k + 1) n)
  std::vector<double> weights; // draw k's 1/q (0 at a dead end)
  std::vector<double> masses;  // pick_matching's w_k h_k, where a preference is given
};

// `sets` without the row `symbol_of` (column j loses symbol_of[j]), into
// `out` (which may be `sets`).
inline void take_row(const Mask* sets, const int* symbol_of, int n, Mask* out) {
  for (int j = 0; j < n; ++j) out[j] = sets[j] & ~(Mask{1} << symbol_of[j]);
}

// K = `draws` sequential matchings of the n columns to their `allowed`
// symbols, into scratch.draws and scratch.weights; returns the sum of
// their 1/q (0 if every draw ended dead). Each 1/q is unbiased for the
// number of matchings, and E[(1/q_k) g(M_k)] = sum over matchings M of
// g(M) for every function g: what draw_row and the averaged closing of
// sets_steps.cpp build on.
double draw_matchings(const Mask* allowed, int n, int draws, Rng& rng, RowDrawScratch& scratch);

// Picks one of the K draws in scratch (made by draw_matchings) into
// symbol_of: draw k with probability proportional to w_k h_k, where
// log h_k = log_preference[k] (all h_k equal when it is null), and returns
// the log of mean_k(w_k h_k) / h_k for the draw picked (-infinity when
// every draw ended dead). For every function g of the row,
// E[mean(w h) / h_k g(M_k)] = E[(1/K) sum_k w_k g(M_k)] = sum over matchings
// M of g(M): unbiased whatever the positive preference (sampling-importance-
// resampling toward w h; docs/method.md, section 4). A preference close to
// g makes the weight times g nearly the same for every pick.
long double pick_matching(RowDrawScratch& scratch, int n, const double* log_preference, Rng& rng, int* symbol_of);

// One row of a partial grid: a perfect matching of the n columns to their
// `allowed` symbols, in symbol_of, and the log of an unbiased estimate of
// the number of such matchings (-inf if there is none). Up to
// `exact_max_symbols` symbols the matchings are counted exactly and one is
// drawn uniformly; beyond, `draws` sequential draws are made, the weight is
// the mean of their 1/q and one of them is picked in proportion to its 1/q
// (pick_matching without a preference: unbiased for every K; docs/method.md,
// section 4). The sets and rows methods draw their rows with it.
long double draw_row(const Mask* allowed, int n, int exact_max_symbols, int draws, Rng& rng, RowDrawScratch& scratch,
                     int* symbol_of);

}  // namespace sudoku_count::detail
