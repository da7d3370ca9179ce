#pragma once
// One box's share of a band's column sets: every symbol of the box goes to
// exactly one of its C columns where the symbol is still free (not used by
// the bands above in that column), and every column gets R symbols
// (docs/method.md, section 4). Two ways to draw such a choice:
//  - BoxChoiceTable counts the choices exactly by dynamic programming over
//    the columns' remaining capacities and draws one uniformly; its table
//    holds (R+1)^C doubles, so it serves boxes up to a measured size;
//  - draw_box_choice_sequentially places the symbols one by one, each in a
//    column that keeps the rest completable (Hall's condition over the 2^C
//    column subsets of the box), and returns the inverse probability of the
//    choice drawn: an unbiased estimate of the number of choices that needs
//    no table and never meets a dead end.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/bits.hpp"
#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

// (R+1)^C, the capacity states of a box with C columns of R symbols (as a
// double: it overflows integers for wide boxes).
double box_capacity_states(int rows, int cols);

class BoxChoiceTable {
 public:
  // For boxes of `rows` x `cols` cells (R x C); allocates (R+1)^C doubles.
  BoxChoiceTable(int rows, int cols);

  // Number of choices for a box whose columns have the free sets
  // free[0..C-1] (symbols 0..N-1); keeps the table for sample().
  double count(const Mask* free);
  // A uniform choice among those of the last count() (> 0): the symbols each
  // column gets, chosen[0..C-1].
  void sample(Rng& rng, Mask* chosen) const;
  // Whether the table was last filled for these free sets.
  bool holds(const Mask* free) const;
  std::size_t bytes() const { return ways_.size() * sizeof(double); }

 private:
  int rows_, cols_, n_;
  std::vector<std::size_t> place_;   // (R+1)^k: the place value of column k's capacity
  std::vector<Mask> free_;           // the free sets of the last count()
  std::vector<Mask> columns_of_;     // per symbol: the box columns where it is free (bit k)
  std::vector<double> ways_;         // by capacity state
};

// Scratch memory of the sequential draw: one slack per column subset.
struct HallScratch {
  std::vector<int> slack;
};

// Draws a choice for a box whose columns have the free sets free[0..C-1]
// symbol by symbol (0 when they admit none), and returns 1/q, the inverse of
// the probability of the choice drawn. E[1/q] is the number of choices
// (Knuth's estimator of the size of a search tree), and E[(1/q) g(choice)]
// is the sum of g over all choices, for any g.
double draw_box_choice_sequentially(const Mask* free, int rows, int cols, Rng& rng, Mask* chosen,
                                    HallScratch& scratch);

}  // namespace sudoku_count::detail
