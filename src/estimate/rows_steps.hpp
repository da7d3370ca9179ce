#pragma once
// The steps of the row-by-row estimator (`--method rows`; docs/method.md,
// section 13) on any layout: one step fills one row of a partial grid. The
// approximately uniform sampler (sample/resampling.cpp) builds its
// proposals with the same step, relabelling off.
//
// A partial grid after k rows is the set of symbols each house other than a
// row already holds (rows 0..k-1 are full, the others empty, so row masks
// carry nothing). Filling row k is a perfect matching of the row's cells to
// symbols, each cell allowed the symbols in none of its houses: the row is a
// house itself, so a house meeting the row in several cells is kept by the
// matching's distinct symbols. The number of ways to fill row k is the
// permanent of that 0/1 matrix; a step draws the row and returns an unbiased
// estimate of that number:
//   up to exact_matching_max_symbols: the permanent by the subset DP of
//     MatchingCounter, and a uniform row;
//   beyond: K sequential draws (sequential_matching), their mean 1/q as the
//     weight, one of them kept in proportion to its 1/q (the argument of
//     sets_steps.cpp's sample_row: E[mean(w) phi(pick)] = sum_M phi(M));
//   the last exact_closing_rows rows: counted exactly, by enumerating the
//     rows before the last two; the last row is forced (each column misses
//     one symbol: weight 0 or 1); on Latin squares the last two rows
//     number 2^cycles, and the last three are a band of three rows, f(X).
//
// Relabelling (every house keeps its symbols' roles under a permutation of
// the symbols): row 0 is fixed to 0..N-1 and the count multiplied by N!. For
// Latin squares the rows 1..N-1 are interchangeable as well, so column 0 is
// fixed to 0..N-1 too and the count multiplied by (N-1)!:
// L(n) = n! (n-1)! R(n). A sampler of grids turns it off (every grid must be
// reachable): then every row is drawn, from row 0 on.
//
// Givens (a puzzle: the completions of a partial grid). The givens of rows
// not yet filled are in the state from the start, in every house but their
// row; a given cell allows its own symbol only, every other cell the
// symbols in none of its houses (the givens of its houses included). So a
// partial grid after k rows stands for the grids that fill rows 0..k-1 and
// agree with the givens, every step and closing count is over those, and
// the estimate is of the puzzle's completions (docs/method.md, section 13).
// Relabelling is off with givens (they name their symbols).
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "bands/row_matchings.hpp"
#include "core/bits.hpp"
#include "slices/sliced_layout.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

// Choices that change what a sample is, fixed per layout (measured,
// docs/benchmarks.md, "Tuning").
struct RowsTuning {
  int exact_matching_max_symbols = 12;  // rows counted exactly (and drawn uniformly) up to this N
  int matching_draws = 8;               // K sequential draws per row beyond it
  int exact_closing_rows = 2;           // the last rows, counted exactly by enumeration (at least 1)
  // After each drawn row, a particle whose grid fails RowsSteps::may_complete
  // gets weight 0 (it has no completion): dead particles are dropped at the
  // first resampling that can see it rather than at the end.
  bool prune = true;
  // Row 0 (and a Latin square's column 0) fixed, as above. Off, start()
  // leaves the grid empty and fill_row draws row 0 as well.
  bool relabel = true;
  // With one sequential draw a row, whether a random number is still spent
  // on picking it (pick_matching among K = 1). The estimator always has and
  // the sampler never has: each keeps its own habit so that a seed gives the
  // same estimates and the same grids as before they shared this step.
  bool pick_single_draw = true;
  // The last band counted by the slice lemma instead of the last
  // exact_closing_rows rows, where the layout allows it (above).
  bool close_band = false;
  // `with_givens`: for a puzzle (relabelling off).
  static RowsTuning for_layout(const Layout& layout, bool with_givens = false);
};

class RowsSteps {
 public:
  // `givens`: N*N cells row by row, 0 blank, else 1..N (empty: no givens),
  // checked by the caller (validate_grid); InputError with relabelling on.
  RowsSteps(const Layout& layout, const RowsTuning& tuning, const std::vector<int>& givens = {});

  // Replaces the givens (as the constructor takes them, checked by the
  // caller), keeping the tables: an estimator that draws its givens per
  // sample (rows-x) sets them on a copy of its own. Relabelling must be off.
  void set_givens(const std::vector<int>& givens);

  const Layout& layout() const { return layout_; }
  const RowsTuning& tuning() const { return tuning_; }
  bool has_givens() const { return !given_.empty(); }
  int n() const { return layout_.n(); }
  // Masks per partial grid: one per house that is not a row.
  int state_size() const { return houses_; }
  // Whether the rows beyond row 0 are drawn with sequential matchings (K
  // matters).
  bool samples_matchings() const { return n() > tuning_.exact_matching_max_symbols; }
  // log of the relabelling factor: N!, times (N-1)! for Latin squares (0
  // with relabelling off).
  long double log_relabelling() const { return log_relabelling_; }
  // Row 0 is filled by start() (with relabelling off, drawn by fill_row);
  // fill_row draws the rows up to closing_row()-1 and count_closing counts
  // the rows from closing_row() on.
  int first_drawn_row() const { return tuning_.relabel ? 1 : 0; }
  int closing_row() const;

  // Memory a thread reuses from step to step.
  struct Scratch {
    RowDrawScratch draw;
    SliceArrayCounter slices;  // the band closing's memo of slice counts
    std::vector<Mask> used;    // and its symbols per house
  };
  // Whether the last band is counted by the slice lemma (close_band, where
  // it is served).
  bool closes_band() const { return band_cut_ != nullptr; }

  // The partial grid after row 0 = 0..N-1 (and for Latin squares column 0's
  // first cell), or with relabelling off the grid of the givens alone:
  // `state` has state_size() masks.
  void start(Mask* state) const;
  // Fills `row`; returns the log of an unbiased estimate of the number of
  // ways to fill it (kLogZero if there is none; the state is then left as
  // it was). The row drawn goes to `symbol_of` (0-based symbols, one per
  // column) when it is given.
  long double fill_row(Mask* state, int row, Rng& rng, Scratch& scratch, int* symbol_of = nullptr) const;
  // False if the partial grid with rows 0..filled-1 filled has no
  // completion for a reason seen at once: an empty cell with no symbol left,
  // or a house (a row among them) with a missing symbol that none of its
  // empty cells allows. True says nothing.
  bool may_complete(const Mask* state, int filled) const;
  // The log of the number of ways to fill the rows from closing_row() on,
  // exactly (kLogZero for none). `state` is used as scratch and restored.
  long double log_closing(Mask* state, Scratch& scratch) const;

 private:
  // Latin squares' closing rows counted as one band, up to this many.
  static constexpr int kLatinBandRows = 3;
  // Houses beside the rows: columns, boxes and every variant's houses fit
  // (64x64 with every variant has about 260).
  static constexpr int kMaxStateHouses = 8 * kMaxGridSize;
  void allowed_symbols(const Mask* state, int row, Mask* allowed) const;
  void place(Mask* state, int row, const int* symbol_of) const;
  double count_rows(Mask* state, int row, Scratch& scratch) const;
  double count_row_cells(Mask* state, int row, int column, Mask row_used, Scratch& scratch) const;
  // The last band's fillings by the slice lemma (closes_band()).
  SliceCount band_fillings(const Mask* state, Scratch& scratch) const;

  Layout layout_;
  RowsTuning tuning_;
  // With close_band where it is served: the layout cut into slices, and
  // per house of the cut, its index in the state (-1 for rows).
  std::shared_ptr<const SlicedLayout> band_cut_;
  std::vector<int> state_of_house_;
  // A Latin square with its column 0 fixed (relabelling on): the closing
  // rows are then counted by their cycles or as a band.
  bool latin_ = false;
  int houses_ = 0;
  // For cell (r, j), the state indices of its houses but its row:
  // house_index_[house_start_[r*N + j] .. house_start_[r*N + j + 1]).
  std::vector<int> house_start_;
  std::vector<int> house_index_;
  // Per cell: its given symbol (0-based), or -1; empty without givens.
  std::vector<int> given_;
  long double log_relabelling_ = 0;
};

}  // namespace sudoku_count::detail
