#pragma once
// The steps of one sample of the sets estimator (docs/method.md, section 4),
// on one partial grid at a time. The sets method takes one partial grid
// through them and multiplies the weights; the SMC method takes a population
// and resamples it between steps (section 9). Per band i = 1..C:
//
//   column sets   X^i: band 1 a uniform ordered partition per box; band 2
//                 uniform from one table built per shape; bands 3..C-1
//                 uniform by a table per box and sample, or drawn symbol by
//                 symbol with an inverse-probability weight (large boxes);
//                 band C forced. The number of choices W_i, where it is
//                 counted exactly, is known before the draw.
//   sampled rows  while more rows remain than are counted exactly: one row
//                 (a perfect matching columns--symbols), with an unbiased
//                 estimate of the number of rows as weight.
//   closing rows  the last two or three rows counted exactly; with
//                 averaged closing, the last sampled row is part of this
//                 step: its K draws are each closed exactly and the weight
//                 is the mean of (1/q_k) x closing count_k (the state after
//                 the band does not depend on its rows, so no draw is
//                 picked: a Rao-Blackwellised weight).
//
// Everything a step needs to know about the grid so far is in PartialGrid:
// the symbols still free in each column and what the current band has left
// to place.
//
// Givens (a puzzle: its completions; docs/method.md, section 4). A grid
// agrees with a given symbol s at (row, column c) of band i exactly when s
// is in band i's column set of c and the band's row puts s in c. So every
// step keeps to the choices that allow it: a box's column sets are drawn
// (and counted) from free sets where s may go to column c only, in band i
// (removed from the box's other columns and from column c in the other
// bands); a row takes s in column c at its own row and leaves it there for
// that row at the others; the last two rows, each column missing two
// symbols, are counted by the cycles of section 13's closing, an oriented
// cycle kept only when it agrees with the givens in it. Band 1 and band 2
// are then drawn from the per-box table (or sequentially) like the middle
// bands: the canonical band-2 table and band 1's count of ordered
// partitions know no givens. Givens take the tuning with_givens() gives.
#include <memory>
#include <string>
#include <vector>

#include "bands/band_fillings.hpp"
#include "bands/row_matchings.hpp"
#include "core/bits.hpp"
#include "estimate/box_choices.hpp"
#include "estimate/closing_guess.hpp"
#include "sudoku_count/rng.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count::detail {

struct PartialGrid {
  int band = 1;       // the band being filled, 1..C (C + 1 once the grid is complete)
  int rows_left = 0;  // its rows still to fill; 0 before its column sets are drawn
  bool choices_known = false;  // the band's known column-set weight taken (log_known_choices)
  int boxes_drawn = 0;  // boxes whose column sets are drawn, while they are drawn one at a time
  Mask free[kMaxGridSize];  // per column: symbols in no band up to the current one
  Mask left[kMaxGridSize];  // per column: the current band's symbols not yet given a row
};

// How the column sets of bands 3..C-1 are drawn, box by box.
enum class BoxDraw {
  Table,       // uniformly, counted exactly by a table of (R+1)^C capacity states
  Sequential,  // symbol by symbol under Hall's condition, weight 1/q
};

// Choices that change what a sample is, fixed per method and shape (the
// measurements behind them are in docs/benchmarks.md, "Tuning"). The SMC
// method resamples away much of the noise of cheap steps, so it takes
// cheaper ones than the sets method: box choices drawn sequentially beyond
// small boxes, two closing rows beyond 20 symbols, fewer matching draws.
struct SetsTuning {
  BoxDraw middle_bands = BoxDraw::Table;
  bool band2_table = true;             // band 2 from the table built once per shape
  int exact_matching_max_symbols = 12; // rows counted exactly (and drawn uniformly) up to this N
  int matching_draws = 8;              // K sequential draws per sampled row beyond it
  int exact_closing_rows = 3;          // rows counted exactly at the end of a band: 3 or 2
  bool averaged_closing = false;       // the last sampled row's K draws all closed and averaged
  bool look_ahead = false;             // the sampled row that leaves three rows picked by w_k times a
                                       // guess of their fillings (closing_guess.hpp), weighted back

  static SetsTuning for_sets(const Shape& shape);
  static SetsTuning for_smc(const Shape& shape);
  // A tuning for a puzzle: no band-2 table, two closing rows, no averaged
  // closing and no look-ahead (those steps know no givens).
  static SetsTuning with_givens(SetsTuning tuning);
};

class SetsSteps {
 public:
  // The steps for the shape as given (no transposition). Throws InputError
  // when neither way of drawing box choices reaches the shape, or when the
  // tuning asks for a table beyond the memory limit.
  // `givens`: N*N cells row by row, 0 blank, else 1..N (empty: none),
  // checked by the caller; with givens the tuning must be with_givens's.
  explicit SetsSteps(const Shape& shape) : SetsSteps(shape, SetsTuning::for_sets(shape)) {}
  SetsSteps(const Shape& shape, const SetsTuning& tuning, const std::vector<int>& givens = {});
  bool has_givens() const { return !given_.empty(); }

  const Shape& shape() const { return shape_; }
  const SetsTuning& tuning() const { return tuning_; }
  // A short description of the choices ("box choices by table; ...").
  std::string describe() const;

  // Memory a thread reuses from step to step.
  struct Scratch {
    std::vector<BoxChoiceTable> boxes;  // one per box, for table-drawn bands
    HallScratch hall;
    RowDrawScratch row;
    std::vector<int> symbols;
    ClosingGuess guess;               // of the look-ahead
    std::vector<double> log_guesses;  // one per draw
  };
  std::unique_ptr<Scratch> make_scratch() const;

  void start(PartialGrid& grid) const;
  bool complete(const PartialGrid& grid) const { return grid.band > shape_.box_cols; }

  // The steps in the order a sample takes them, band by band: the known
  // part of the column-set weight, the column sets (at once or box by box),
  // the sampled rows, the closing step. next_step says which comes next
  // (the grid must not be complete), take_step takes it and returns its
  // log-weight (kLogZero: the sample has weight 0). The estimators drive
  // their samples through these two alone.
  enum class Step { KnownChoices, ColumnSets, Row, Closing };
  Step next_step(const PartialGrid& grid) const;
  long double take_step(PartialGrid& grid, Rng& rng, Scratch& scratch) const;
  // Whether the next step's weight and successor are functions of the grid
  // alone (no draw): the known choices, the last band's column sets (what
  // is left), the closing step where it is exact. SMC does not resample
  // right before such a step: copies would only take the same step again.
  bool next_step_deterministic(const PartialGrid& grid) const;

  // log of the part of the current band's column-set weight that is known
  // before the draw: log W_i where the choices are counted exactly, 0 where
  // they are drawn sequentially. Needs rows_left == 0.
  long double log_known_choices(const PartialGrid& grid, Scratch& scratch) const;
  // Draws the current band's column sets, all at once, or one box per call
  // where they are drawn sequentially; returns the log of the part of the
  // weight known only after the draw (log 1/q of sequential draws, else 0).
  long double draw_column_sets(PartialGrid& grid, Rng& rng, Scratch& scratch) const;
  // Whether the current band has a row to sample before its closing step.
  bool row_to_sample(const PartialGrid& grid) const { return grid.rows_left > closing_step_rows(); }
  // Samples one row; returns the log of an unbiased estimate of the number
  // of rows it was drawn from (kLogZero if none was found).
  long double sample_row(PartialGrid& grid, Rng& rng, Scratch& scratch) const;
  // The band's remaining rows: counted exactly, or with averaged closing
  // the last sampled row's draws each closed exactly. Returns the log of
  // the number of fillings (an unbiased estimate of it with averaged
  // closing) and moves to the next band.
  long double close_band(PartialGrid& grid, Rng& rng, Scratch& scratch) const;
  // Whether the bands pick a row by the look-ahead (tuning.look_ahead
  // where it applies: a sampled row that leaves three rows).
  bool looks_ahead() const;

 private:
  // Rows the closing step fills: the exact closing rows, and the last
  // sampled row with averaged closing (where rows are sampled at all).
  int closing_step_rows() const;
  long double log_averaged_closing(const PartialGrid& grid, Rng& rng, Scratch& scratch) const;
  bool looks_ahead_at(const PartialGrid& grid) const;
  long double look_ahead_row(const PartialGrid& grid, Rng& rng, Scratch& scratch, int* symbol_of) const;

  // Givens: the free sets a box's draw may use in the current band (the
  // grid's free sets, each given kept to its column and band).
  void band_free(const PartialGrid& grid, Mask* out) const;
  // The options of each column in the current band's next row.
  void row_options(const PartialGrid& grid, Mask* out) const;
  // The last two rows of the band with givens: 2^cycles, cycles fixed by a
  // given counted once (or not at all when their givens disagree).
  FillingCount two_rows_with_givens(const PartialGrid& grid) const;

  Shape shape_;
  SetsTuning tuning_;
  std::vector<int> given_;     // per cell: its given symbol (0-based) or -1; empty without givens
  std::vector<Mask> must_;     // per band (from 0) and column: the symbols given in it
  std::vector<Mask> box_must_; // per band and box of the band: the symbols given in it
  std::vector<Mask> column_given_;  // per column: the symbols given in it
  long double log_first_band_ = 0;   // log (N!/(R!)^C)^R: band 1 has no constraint from above
  long double log_band2_box_ = 0;    // log of the band-2 choices of one box (the same for every sample)
  std::shared_ptr<const BoxChoiceTable> band2_;  // band 2 on canonical free sets, when tabulated
};

}  // namespace sudoku_count::detail
