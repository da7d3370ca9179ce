#include "estimate/sets_steps.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

#include "bands/band_fillings.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/stats.hpp"

namespace sudoku_count::detail {
namespace {

// Middle bands are drawn from a table per box at most this large (per
// thread: one table of doubles per box), and sequentially beyond, up to
// boxes of kMaxSequentialCols columns (2^C column subsets per symbol).
constexpr double kMaxTableStates = double(1 << 21);
constexpr int kMaxSequentialCols = 16;
// Band 2's table is built once per shape and shared by all threads.
constexpr double kMaxBand2TableStates = double(1 << 24);

// The band-2 free sets of one box in canonical form: band 1 gave column k
// the symbols kR..kR+R-1, so column k may take any other.
std::vector<Mask> canonical_band2_free(int rows, int cols) {
  std::vector<Mask> free(cols);
  for (int k = 0; k < cols; ++k) free[k] = low_bits(rows * cols) & ~(low_bits(rows) << (k * rows));
  return free;
}

}  // namespace

// The sets method: rows counted exactly up to 12 symbols (2x better in
// rse^2 x s than sampling them on 8x8 and 10x10, 1.8x worse on 16x16); K = 8
// draws per sampled row up to 20 symbols, 16 beyond (16x16: K = 8 1.5x
// better than 32; 25x25: K = 16 1.2x better than 32); three closing rows up
// to 36 symbols (16x16: 3 rows 2-4x better than 2; beyond 36 the three-row
// count takes about (4/3)^N); box choices from a table wherever it has at
// most 2^21 states (sequential draws multiply a noise per box that the
// sets method cannot resample away: S 7.6 instead of 1.3 on 36x36).
SetsTuning SetsTuning::for_sets(const Shape& shape) {
  const int r = shape.box_rows, c = shape.box_cols, n = shape.n();
  const double states = box_capacity_states(r, c);
  SetsTuning tuning;
  tuning.exact_matching_max_symbols = 12;
  tuning.matching_draws = n <= 20 ? 8 : 16;
  tuning.exact_closing_rows = n <= 36 ? 3 : 2;
  tuning.middle_bands = states <= kMaxTableStates ? BoxDraw::Table : BoxDraw::Sequential;
  tuning.band2_table = c >= 3 && states <= kMaxBand2TableStates;
  return tuning;
}

// The SMC method: as the sets method up to 12 symbols (the two tie there:
// 8x8, 10x10, 12x12 within 10%). Up to 20 symbols three closing rows, K = 8
// draws and box choices from a table (16x16: table 1.9x better than
// sequential draws, three closing rows 3x better than two). Beyond, the
// cheapest steps, whose noise the resampling absorbs: two closing rows, box
// choices drawn sequentially (25x25: 2.6x better than tables with three
// closing rows, 2.4x better than tables with two; 36x36: the table, counted
// twice per particle, made replicates 16x dearer for the same variance),
// K = 4 draws up to 42 symbols (36x36: 2x better than 8, 3.6x better than
// 16, 1.6x better than 2) and 8 beyond (64x64: 1.3x better than 4; 49x49
// equal). Beyond 20 symbols the last sampled row is averaged over its K
// draws, each closed by its two exact rows (25x25: 1.6x better than one
// draw picked; 36x36: 1.5x; 64x64: 1.4x in 30 replicates, too few to
// tune K on); with three closing rows on 16x16 the K closings cost more
// than they save (1.8x worse). With the same draws the averaged weight
// never varies more than the picked one (docs/method.md, section 4), and
// two closing rows cost little beside the draws. Up to 20 symbols the row
// before the three closing rows looks ahead (16x16: rse^2 x CPU s 1.4x
// better, K = 8 still best); beyond, where the row leaving three rows is
// followed by an averaged closing, it bought nothing (25x25 and 36x36
// within 5%) and costs 10%.
SetsTuning SetsTuning::for_smc(const Shape& shape) {
  const int r = shape.box_rows, c = shape.box_cols, n = shape.n();
  if (n <= 12) return for_sets(shape);
  const double states = box_capacity_states(r, c);
  SetsTuning tuning;
  tuning.exact_matching_max_symbols = 12;
  tuning.matching_draws = n <= 20 ? 8 : n <= 42 ? 4 : 8;
  tuning.exact_closing_rows = n <= 20 ? 3 : 2;
  tuning.averaged_closing = n > 20;
  tuning.look_ahead = n <= 20;
  tuning.middle_bands = n <= 20 && states <= double(1 << 16) ? BoxDraw::Table : BoxDraw::Sequential;
  tuning.band2_table = c >= 3 && states <= kMaxBand2TableStates;
  return tuning;
}

SetsTuning SetsTuning::with_givens(SetsTuning tuning) {
  tuning.band2_table = false;
  tuning.exact_closing_rows = 2;
  tuning.averaged_closing = false;
  tuning.look_ahead = false;
  return tuning;
}

SetsSteps::SetsSteps(const Shape& shape, const SetsTuning& tuning, const std::vector<int>& givens)
    : shape_(shape), tuning_(tuning) {
  const int r = shape.box_rows, c = shape.box_cols, n = shape.n();
  const double states = box_capacity_states(r, c);
  if (tuning.middle_bands == BoxDraw::Sequential ? c > kMaxSequentialCols : states > kMaxTableStates)
    throw InputError("method sets draws a box's column sets from a table of (R+1)^C capacity states (at most " +
                     format_scientific(BigFloat(kMaxTableStates), 3) + ") or symbol by symbol over its 2^C column "
                     "subsets (C at most " + std::to_string(kMaxSequentialCols) + "); box " + shape.name() +
                     " has " + format_scientific(BigFloat(states), 3) + " states and C = " + std::to_string(c));
  if (tuning.band2_table && (c < 3 || states > kMaxBand2TableStates))
    throw InputError("band 2 of box " + shape.name() + " has no table");
  if (tuning.exact_closing_rows != 2 && tuning.exact_closing_rows != 3)
    throw InputError("2 or 3 closing rows are counted exactly");
  if (tuning.matching_draws < 1 || tuning.exact_matching_max_symbols > MatchingCounter::kMaxSymbols)
    throw InputError("bad row tuning");
  const long double log_partitions = std::lgamma(n + 1.0L) - c * std::lgamma(r + 1.0L);
  log_first_band_ = r * log_partitions;
  if (std::any_of(givens.begin(), givens.end(), [](int v) { return v != 0; })) {
    const SetsTuning needed = SetsTuning::with_givens(tuning);
    if (tuning.band2_table != needed.band2_table || tuning.exact_closing_rows != needed.exact_closing_rows ||
        tuning.averaged_closing != needed.averaged_closing || tuning.look_ahead != needed.look_ahead)
      throw InputError("method sets: a puzzle takes no band-2 table, two closing rows, no averaged closing and no look-ahead");
    given_.resize(static_cast<std::size_t>(n) * n);
    must_.assign(static_cast<std::size_t>(c) * n, 0);
    box_must_.assign(static_cast<std::size_t>(c) * r, 0);
    column_given_.assign(n, 0);
    for (int cell = 0; cell < n * n; ++cell) {
      given_[cell] = givens.at(cell) - 1;
      if (given_[cell] < 0) continue;
      const Mask bit = Mask{1} << given_[cell];
      const int row = cell / n, column = cell % n, band = row / r;
      must_[band * n + column] |= bit;
      box_must_[band * r + column / c] |= bit;
      column_given_[column] |= bit;
    }
  }
  if (tuning_.band2_table) {
    auto table = std::make_shared<BoxChoiceTable>(r, c);
    log_band2_box_ = std::log(static_cast<long double>(table->count(canonical_band2_free(r, c).data())));
    band2_ = std::move(table);
  }
}

std::string SetsSteps::describe() const {
  std::string text = tuning_.middle_bands == BoxDraw::Table ? "box choices counted exactly"
                                                            : "box choices drawn symbol by symbol";
  if (tuning_.band2_table && tuning_.middle_bands != BoxDraw::Table) text += " (band 2 from a table)";
  text += "; rows sampled with " + std::to_string(tuning_.matching_draws) + " draws above " +
          std::to_string(tuning_.exact_matching_max_symbols) + " symbols; last " +
          std::to_string(tuning_.exact_closing_rows) + " rows exact";
  if (closing_step_rows() > tuning_.exact_closing_rows) text += ", closed after each draw of the row before (averaged)";
  if (looks_ahead()) text += "; the row that leaves three picked by a guess of their fillings (look-ahead)";
  return text;
}

std::unique_ptr<SetsSteps::Scratch> SetsSteps::make_scratch() const {
  auto scratch = std::make_unique<Scratch>();
  const int r = shape_.box_rows, c = shape_.box_cols;
  // Band 1 takes the tables too with givens (two bands: band 2 is forced).
  if (tuning_.middle_bands == BoxDraw::Table && (c >= 3 || has_givens())) scratch->boxes.assign(r, BoxChoiceTable(r, c));
  scratch->symbols.resize(shape_.n());
  return scratch;
}

void SetsSteps::start(PartialGrid& grid) const {
  grid.band = 1;
  grid.rows_left = 0;
  grid.choices_known = false;
  grid.boxes_drawn = 0;
  std::fill(grid.free, grid.free + shape_.n(), low_bits(shape_.n()));
}

SetsSteps::Step SetsSteps::next_step(const PartialGrid& grid) const {
  assert(!complete(grid));
  if (grid.rows_left == 0) return grid.choices_known ? Step::ColumnSets : Step::KnownChoices;
  return row_to_sample(grid) ? Step::Row : Step::Closing;
}

long double SetsSteps::take_step(PartialGrid& grid, Rng& rng, Scratch& scratch) const {
  switch (next_step(grid)) {
    case Step::KnownChoices:
      grid.choices_known = true;
      return log_known_choices(grid, scratch);
    case Step::ColumnSets:
      return draw_column_sets(grid, rng, scratch);
    case Step::Row:
      return sample_row(grid, rng, scratch);
    case Step::Closing:
      break;
  }
  return close_band(grid, rng, scratch);
}

bool SetsSteps::next_step_deterministic(const PartialGrid& grid) const {
  switch (next_step(grid)) {
    case Step::KnownChoices:
      return true;
    case Step::ColumnSets:
      return grid.band == shape_.box_cols;
    case Step::Row:
      return false;
    case Step::Closing:
      break;
  }
  return grid.rows_left <= tuning_.exact_closing_rows;
}

long double SetsSteps::log_known_choices(const PartialGrid& grid, Scratch& scratch) const {
  assert(grid.rows_left == 0);
  const int r = shape_.box_rows, c = shape_.box_cols;
  if (grid.band == c) return 0;  // forced
  if (grid.band == 1 && !has_givens()) return log_first_band_;
  if (grid.band == 2 && tuning_.band2_table) return r * log_band2_box_;
  if (tuning_.middle_bands == BoxDraw::Sequential) return 0;
  Mask constrained[kMaxGridSize];
  const Mask* free = grid.free;
  if (has_givens()) {
    band_free(grid, constrained);
    free = constrained;
  }
  long double log_w = 0;
  for (int b = 0; b < r; ++b) {
    const double ways = scratch.boxes[b].count(free + b * c);
    if (ways <= 0) return kLogZero;  // only with givens (docs/method.md: no dead ends without)
    log_w += std::log(static_cast<long double>(ways));
  }
  return log_w;
}

long double SetsSteps::draw_column_sets(PartialGrid& grid, Rng& rng, Scratch& scratch) const {
  const int r = shape_.box_rows, c = shape_.box_cols, n = shape_.n();
  Mask* sets = grid.left;
  long double log_weight = 0;
  Mask constrained[kMaxGridSize];
  const Mask* free = grid.free;
  if (has_givens()) {
    band_free(grid, constrained);
    free = constrained;
  }
  if (grid.band == c) {
    std::copy(grid.free, grid.free + n, sets);  // the last band takes what is left
    if (has_givens())
      for (int j = 0; j < n; ++j)
        if (must_[(c - 1) * n + j] & ~sets[j]) return kLogZero;
  } else if (grid.band == 1 && !has_givens()) {
    // No band above: each box's column sets are a uniform ordered partition.
    std::vector<int>& symbols = scratch.symbols;
    for (int b = 0; b < r; ++b) {
      std::iota(symbols.begin(), symbols.end(), 0);
      for (int i = n - 1; i > 0; --i) std::swap(symbols[i], symbols[uniform_below(rng, i + 1)]);
      for (int k = 0; k < c; ++k) {
        sets[b * c + k] = 0;
        for (int i = 0; i < r; ++i) sets[b * c + k] |= Mask{1} << symbols[k * r + i];
      }
    }
  } else if (grid.band == 2 && tuning_.band2_table) {
    // Band 1 gave column k of the box the set taken_k = all - free_k. The
    // relabelling that sends the i-th smallest symbol of taken_k to kR + i
    // maps this box's choices one to one onto those of the canonical box,
    // so a uniform canonical choice, mapped back, is a uniform choice here.
    Mask canonical[kMaxGridSize];
    int actual[kMaxGridSize];
    for (int b = 0; b < r; ++b) {
      const Mask* free = grid.free + b * c;
      for (int k = 0; k < c; ++k) {
        Mask taken = low_bits(n) & ~free[k];
        for (int i = 0; i < r; ++i, taken = clear_low_bit(taken)) actual[k * r + i] = low_bit_index(taken);
      }
      band2_->sample(rng, canonical);
      for (int k = 0; k < c; ++k) {
        Mask set = 0;
        for (Mask rest = canonical[k]; rest; rest = clear_low_bit(rest)) set |= Mask{1} << actual[low_bit_index(rest)];
        sets[b * c + k] = set;
      }
    }
  } else if (tuning_.middle_bands == BoxDraw::Table) {
    for (int b = 0; b < r; ++b) {
      BoxChoiceTable& table = scratch.boxes[b];
      if (!table.holds(free + b * c) && table.count(free + b * c) <= 0) return kLogZero;
      table.sample(rng, sets + b * c);
    }
  } else {
    // One box per call, so that SMC can resample between boxes: a band's
    // 1/q is the product of its boxes', and the boxes of one band are drawn
    // independently (their columns are disjoint).
    const int b = grid.boxes_drawn;
    const double inverse_probability = draw_box_choice_sequentially(free + b * c, r, c, rng, sets + b * c, scratch.hall);
    if (inverse_probability <= 0) return kLogZero;  // only with givens
    for (int j = b * c; j < (b + 1) * c; ++j) grid.free[j] &= ~sets[j];
    if (++grid.boxes_drawn == r) {
      grid.boxes_drawn = 0;
      grid.rows_left = r;
    }
    return inverse_probability > 0 ? std::log(static_cast<long double>(inverse_probability)) : kLogZero;
  }
  for (int j = 0; j < n; ++j) grid.free[j] &= ~sets[j];
  grid.rows_left = r;
  return log_weight;
}

// One row M of the band (a perfect matching of the columns--symbols graph
// of what the band has left), with an unbiased estimate of the number of
// perfect matchings as weight:
//  - up to kExactMatchingMaxSymbols: M uniform, times their exact number;
//  - beyond: K matchings drawn sequentially with inverse probabilities w_k,
//    M one of them picked with probability w_k / sum w, times the mean of
//    the w_k. E[mean(w) g(X - M)] = E[(1/K) sum_k w_k g(X - M_k)] =
//    sum_M g(X - M) for every g and every K (sampling-importance-
//    resampling; docs/method.md).
long double SetsSteps::sample_row(PartialGrid& grid, Rng& rng, Scratch& scratch) const {
  const int n = shape_.n();
  Mask* sets = grid.left;
  int symbol_of[kMaxGridSize];
  Mask options[kMaxGridSize];
  row_options(grid, options);
  // Exactly counted, a row always has matchings (band graphs are regular)
  // unless givens leave none; sequential draws can all end dead.
  const long double log_weight = looks_ahead_at(grid) ? look_ahead_row(grid, rng, scratch, symbol_of)
                                                   : draw_row(options, n, tuning_.exact_matching_max_symbols,
                                                              tuning_.matching_draws, rng, scratch.row, symbol_of);
  if (log_weight == kLogZero) return kLogZero;
  take_row(sets, symbol_of, n, sets);
  --grid.rows_left;
  return log_weight;
}

// Whether a band has a sampled row that leaves three rows (a 3-regular
// graph, what the guess is fitted to), picked by the look-ahead: the row
// before three exact closing rows, or before an averaged closing of two.
bool SetsSteps::looks_ahead() const {
  return tuning_.look_ahead && shape_.n() > tuning_.exact_matching_max_symbols && shape_.box_rows > 3 &&
         closing_step_rows() <= 3;
}

bool SetsSteps::looks_ahead_at(const PartialGrid& grid) const { return grid.rows_left == 4 && looks_ahead(); }

// The row that leaves three rows: K draws M_k with inverse probabilities
// w_k, one picked with probability proportional to w_k h_k for h_k the
// guess of f(X - M_k), weighted by mean(w h) / h_k: the weight times the
// count (or unbiased estimate) of f(X - M_k) that follows is nearly the
// same whichever draw is picked where the guess is good, and unbiased for
// f(X) whatever the guess (pick_matching).
long double SetsSteps::look_ahead_row(const PartialGrid& grid, Rng& rng, Scratch& scratch, int* symbol_of) const {
  const int n = shape_.n(), draws = tuning_.matching_draws;
  if (draw_matchings(grid.left, n, draws, rng, scratch.row) <= 0) return kLogZero;
  scratch.log_guesses.resize(draws);
  Mask rest[kMaxGridSize];
  for (int k = 0; k < draws; ++k) {
    scratch.log_guesses[k] = 0;
    if (scratch.row.weights[k] <= 0) continue;  // a dead end: never picked, its row unfinished
    take_row(grid.left, &scratch.row.draws[static_cast<std::size_t>(k) * n], n, rest);
    scratch.log_guesses[k] = scratch.guess.log_guess(rest, n);
  }
  return pick_matching(scratch.row, n, scratch.log_guesses.data(), rng, symbol_of);
}

int SetsSteps::closing_step_rows() const {
  const bool sampled = shape_.n() > tuning_.exact_matching_max_symbols && shape_.box_rows > tuning_.exact_closing_rows;
  return tuning_.exact_closing_rows + (tuning_.averaged_closing && sampled ? 1 : 0);
}

long double SetsSteps::close_band(PartialGrid& grid, Rng& rng, Scratch& scratch) const {
  long double log_fillings;
  if (grid.rows_left > tuning_.exact_closing_rows) {
    log_fillings = log_averaged_closing(grid, rng, scratch);
  } else {
    // 128 bits: three closing rows of more than about 47 columns overflow 64 (band_fillings.hpp).
    const FillingCount exact =
        has_givens() ? two_rows_with_givens(grid) : count_band_fillings(grid.left, grid.rows_left, shape_.n());
    log_fillings = exact == 0 ? kLogZero : std::log(static_cast<long double>(exact));
  }
  grid.rows_left = 0;
  grid.choices_known = false;
  ++grid.band;
  return log_fillings;
}

// Rows left r = closing + 1, K draws M_k of the next row with inverse
// probabilities w_k: E[w_k f(X - M_k)] = sum over rows M of f(X - M) = f(X)
// for each k (draw_matchings), so the mean over k is unbiased for the
// band's remaining fillings; it averages out the noise of picking one draw.
long double SetsSteps::log_averaged_closing(const PartialGrid& grid, Rng& rng, Scratch& scratch) const {
  const int n = shape_.n(), draws = tuning_.matching_draws;
  if (draw_matchings(grid.left, n, draws, rng, scratch.row) <= 0) return kLogZero;
  long double sum = 0;
  Mask rest[kMaxGridSize];
  for (int k = 0; k < draws; ++k) {
    const double w = scratch.row.weights[k];
    if (w <= 0) continue;
    take_row(grid.left, &scratch.row.draws[static_cast<std::size_t>(k) * n], n, rest);
    sum += static_cast<long double>(w) *
           static_cast<long double>(count_band_fillings(rest, tuning_.exact_closing_rows, n));
  }
  return sum > 0 ? std::log(sum / draws) : kLogZero;
}

void SetsSteps::band_free(const PartialGrid& grid, Mask* out) const {
  const int n = shape_.n(), c = shape_.box_cols, band = grid.band - 1;
  for (int j = 0; j < n; ++j) {
    const Mask own = must_[band * n + j];
    out[j] = grid.free[j] & ~(column_given_[j] & ~own) & ~(box_must_[band * shape_.box_rows + j / c] & ~own);
  }
}

void SetsSteps::row_options(const PartialGrid& grid, Mask* out) const {
  const int n = shape_.n(), r = shape_.box_rows;
  std::copy(grid.left, grid.left + n, out);
  if (!has_givens()) return;
  const int first = (grid.band - 1) * r, row = first + r - grid.rows_left;
  for (int j = 0; j < n; ++j)
    for (int u = first; u < first + r; ++u) {
      const int given = given_[u * n + j];
      if (given < 0) continue;
      if (u == row) out[j] &= Mask{1} << given;
      else out[j] &= ~(Mask{1} << given);
    }
}

// Each column misses its last symbols: with one row left the row is forced
// (it agrees with the givens or not); with two, the columns are the edges
// of a 2-regular multigraph on the symbols and the rows orient each of its
// cycles one of two ways (section 13's closing), a way kept when every
// given in the cycle agrees with it.
FillingCount SetsSteps::two_rows_with_givens(const PartialGrid& grid) const {
  const int n = shape_.n(), r = shape_.box_rows;
  const int top_row = (grid.band - 1) * r + r - grid.rows_left;
  const auto given = [&](int row, int column) { return given_[row * n + column]; };
  if (grid.rows_left == 1) {
    for (int j = 0; j < n; ++j) {
      const int g = given(top_row, j);
      if (popcount(grid.left[j]) != 1 || (g >= 0 && grid.left[j] != Mask{1} << g)) return 0;
    }
    return 1;
  }
  assert(grid.rows_left == 2);
  int columns_of[kMaxGridSize][2];
  int seen[kMaxGridSize] = {};
  for (int j = 0; j < n; ++j) {
    if (popcount(grid.left[j]) != 2) return 0;
    for (Mask m = grid.left[j]; m; m = clear_low_bit(m)) {
      const int s = low_bit_index(m);
      if (seen[s] == 2) return 0;
      columns_of[s][seen[s]++] = j;
    }
  }
  for (int s = 0; s < n; ++s)
    if (seen[s] == 1) return 0;
  bool visited[kMaxGridSize] = {};
  FillingCount total = 1;
  for (int start = 0; start < n; ++start) {
    if (visited[start]) continue;
    // Orientation A puts `top` in the top row at each column of the cycle;
    // B the other symbol.
    bool a = true, b = true;
    int column = start, top = low_bit_index(grid.left[start]);
    for (;;) {
      visited[column] = true;
      const int bottom = low_bit_index(grid.left[column] & ~(Mask{1} << top));
      const int g_top = given(top_row, column), g_bottom = given(top_row + 1, column);
      a = a && (g_top < 0 || g_top == top) && (g_bottom < 0 || g_bottom == bottom);
      b = b && (g_top < 0 || g_top == bottom) && (g_bottom < 0 || g_bottom == top);
      // `bottom` takes the top row in the other column that misses it.
      const int next = columns_of[bottom][0] == column ? columns_of[bottom][1] : columns_of[bottom][0];
      if (next == start) break;
      column = next;
      top = bottom;
    }
    total *= static_cast<FillingCount>(int(a) + int(b));
    if (total == 0) return 0;
  }
  return total;
}

}  // namespace sudoku_count::detail
