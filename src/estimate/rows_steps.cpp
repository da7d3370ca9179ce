#include "estimate/rows_steps.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

#include "bands/band_fillings.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/stats.hpp"

namespace sudoku_count::detail {

// Measured (docs/benchmarks.md, "Rows").
RowsTuning RowsTuning::for_layout(const Layout& layout, bool with_givens) {
  RowsTuning tuning;
  tuning.relabel = !with_givens;
  // The subset DP only where it is cheap: from 9 symbols on one sequential
  // draw a row does better per second (9x9 x 2x, 12x12 Latin 10x).
  tuning.exact_matching_max_symbols = 8;
  // One draw a row: K draws cut the noise of a row by K at K times the cost,
  // and the resampling does as well (20x20 Latin: K = 1, 2, 4, 8 gave
  // rse^2 x s 1.2e-4, 1.7e-4, 2.5e-4, 3.1e-4).
  tuning.matching_draws = 1;
  // Latin squares: the last three rows as one band, f(X), up to 20 symbols
  // (12x12: rse^2 x CPU s 3.4e-6 against 1.0e-5 with two; 20x20 7.6e-5
  // against 1.1e-4), else the last two, 2^cycles (64x64: f of three rows
  // took minutes a replicate). Other houses: up to 6x6 two rows by
  // enumeration (four of six enumerate most of the grid: 2x3 took 40x
  // longer); 7x7 to 9x9 four (9x9 x: 1.1e-2, 8.5e-3, 3.5e-3, 1.5e-3 for 1 to
  // 4; five took 4 ms a particle); larger grids the last row (enumerating a
  // 16x16 band can take seconds, and the count is not cut by the deadline).
  const int n = layout.n();
  // A puzzle on 7x7 to 9x9: two, as on small grids; sparse puzzles have
  // many ways to fill four rows (9x9, 8 givens: rse^2 x CPU s 1.2e-5,
  // 1.4e-5, 1.4e-4, 2.7e-4 for 1 to 4 closing rows; 12 givens 7.4e-5,
  // 7.3e-5, 8.9e-5, 8.3e-5; 17 givens 9.0e-5, 9.4e-5, 8.1e-5, 5.9e-5).
  const int closing_mid = with_givens ? 2 : 4;
  tuning.exact_closing_rows = layout.latin_square() ? (n <= 20 ? 3 : 2) : n <= 6 ? 2 : n <= 9 ? closing_mid : 1;
  // Every Latin rectangle completes (Hall's theorem, M. Hall 1945), so there
  // is nothing to prune there.
  tuning.prune = !layout.latin_square();
  return tuning;
}

RowsSteps::RowsSteps(const Layout& layout, const RowsTuning& tuning, const std::vector<int>& givens)
    : layout_(layout), tuning_(tuning), latin_(layout.latin_square() && tuning.relabel) {
  const int n = layout.n();
  if (std::any_of(givens.begin(), givens.end(), [](int v) { return v != 0; })) {
    if (tuning.relabel) throw InputError("rows: relabelling fixes row 0, which a puzzle's givens do not allow");
    given_.resize(static_cast<std::size_t>(n) * n);
    for (std::size_t cell = 0; cell < given_.size(); ++cell) given_[cell] = givens.at(cell) - 1;
  }
  if (tuning.exact_closing_rows < 1) throw InputError("rows: at least the last row is counted exactly");
  if (tuning.exact_matching_max_symbols > MatchingCounter::kMaxSymbols)
    throw InputError("rows: rows are counted exactly up to " + std::to_string(MatchingCounter::kMaxSymbols) +
                     " symbols at most");
  if (tuning.close_band) {
    const int first_of_last_band = (n - layout.shape().box_rows) * n;
    const bool givens_below = std::any_of(given_.begin() + std::min<std::size_t>(given_.size(), first_of_last_band),
                                          given_.end(), [](int v) { return v >= 0; });
    if (auto cut = SlicedLayout::cut_last_band(layout); cut && !givens_below && !layout.latin_square())
      band_cut_ = std::make_shared<const SlicedLayout>(std::move(*cut));
  }
  // The houses of the state: every house but the rows (with the band
  // closing, the implied ones too).
  const auto& houses = band_cut_ ? band_cut_->all_houses() : layout.houses();
  const auto& houses_of_cells = band_cut_ ? band_cut_->houses_of_cells() : layout.houses_of_cells();
  std::vector<int> index_of(houses.size(), -1);
  for (std::size_t h = 0; h < houses.size(); ++h)
    if (houses[h].kind != HouseKind::Row) index_of[h] = houses_++;
  if (houses_ > kMaxStateHouses)
    throw InputError("rows: the layout has " + std::to_string(houses_) + " houses beside its rows (at most " +
                     std::to_string(kMaxStateHouses) + ")");
  if (band_cut_) state_of_house_ = index_of;
  house_start_.assign(static_cast<std::size_t>(n) * n + 1, 0);
  for (int cell = 0; cell < n * n; ++cell) {
    house_start_[cell] = static_cast<int>(house_index_.size());
    for (const int h : houses_of_cells[cell])
      if (index_of[h] >= 0) house_index_.push_back(index_of[h]);
  }
  house_start_[n * n] = static_cast<int>(house_index_.size());
  if (tuning.relabel)
    log_relabelling_ = std::lgamma(n + 1.0L) + (latin_ ? std::lgamma(static_cast<long double>(n)) : 0.0L);
}

int RowsSteps::closing_row() const {
  const int rows = band_cut_ ? std::max(tuning_.exact_closing_rows, layout_.shape().box_rows) : tuning_.exact_closing_rows;
  return std::max(1, n() - rows);
}

void RowsSteps::set_givens(const std::vector<int>& givens) {
  assert(!tuning_.relabel && givens.size() == static_cast<std::size_t>(n()) * n());
  // The band closing was chosen without givens in the last band.
  assert(!band_cut_ || std::all_of(givens.begin() + closing_row() * n(), givens.end(), [](int v) { return v == 0; }));
  given_.resize(givens.size());
  for (std::size_t cell = 0; cell < given_.size(); ++cell) given_[cell] = givens[cell] - 1;
}

void RowsSteps::place(Mask* state, int row, const int* symbol_of) const {
  const int n = this->n();
  for (int j = 0; j < n; ++j) {
    const Mask bit = Mask{1} << symbol_of[j];
    const int cell = row * n + j;
    for (int k = house_start_[cell]; k < house_start_[cell + 1]; ++k) state[house_index_[k]] |= bit;
  }
}

void RowsSteps::start(Mask* state) const {
  std::fill(state, state + houses_, Mask{0});
  for (int cell = 0; cell < static_cast<int>(given_.size()); ++cell)
    if (given_[cell] >= 0)
      for (int k = house_start_[cell]; k < house_start_[cell + 1]; ++k) state[house_index_[k]] |= Mask{1} << given_[cell];
  if (!tuning_.relabel) return;
  std::vector<int> identity(n());
  std::iota(identity.begin(), identity.end(), 0);
  place(state, 0, identity.data());
}

void RowsSteps::allowed_symbols(const Mask* state, int row, Mask* allowed) const {
  const int n = this->n();
  for (int j = 0; j < n; ++j) {
    const int cell = row * n + j;
    Mask used = 0;
    for (int k = house_start_[cell]; k < house_start_[cell + 1]; ++k) used |= state[house_index_[k]];
    allowed[j] = low_bits(n) & ~used;
    if (!given_.empty() && given_[cell] >= 0) allowed[j] = Mask{1} << given_[cell];
  }
  // Latin squares: column 0 fixed to 0..N-1 (its symbol `row` is free there).
  if (latin_) allowed[0] &= Mask{1} << row;
}

namespace {

// Latin squares, two rows left: every column misses two symbols and every
// symbol is missing from two columns, so the columns are the edges of a
// 2-regular multigraph on the symbols, a union of cycles; row N-2 takes one
// end of each edge, every symbol once: one of the two orientations of each
// cycle, 2^cycles ways. The fixed first column orients column 0's cycle, so
// 2^(cycles - 1) remain: returns cycles - 1.
int two_row_cycles(const Mask* missing, int n) {
  int parent[kMaxGridSize];
  std::iota(parent, parent + n, 0);
  const auto root = [&](int s) {
    while (parent[s] != s) s = parent[s] = parent[parent[s]];
    return s;
  };
  int cycles = n;
  for (int j = 0; j < n; ++j) {
    assert(popcount(missing[j]) == 2);
    const int a = root(low_bit_index(missing[j])), b = root(low_bit_index(clear_low_bit(missing[j])));
    if (a != b) {
      parent[a] = b;
      --cycles;
    }
  }
  return cycles - 1;
}

}  // namespace

long double RowsSteps::fill_row(Mask* state, int row, Rng& rng, Scratch& scratch, int* symbol_of) const {
  const int n = this->n();
  Mask allowed[kMaxGridSize];
  int drawn[kMaxGridSize];
  allowed_symbols(state, row, allowed);
  long double log_weight = kLogZero;
  if (samples_matchings() && tuning_.matching_draws == 1 && !tuning_.pick_single_draw) {
    const double inverse_probability = sequential_matching(allowed, n, rng, drawn);
    if (inverse_probability > 0) log_weight = std::log(static_cast<long double>(inverse_probability));
  } else {
    log_weight =
        draw_row(allowed, n, tuning_.exact_matching_max_symbols, tuning_.matching_draws, rng, scratch.draw, drawn);
  }
  if (log_weight == kLogZero) return kLogZero;
  place(state, row, drawn);
  if (symbol_of) std::copy_n(drawn, n, symbol_of);
  return log_weight;
}

}  // namespace sudoku_count::detail

namespace sudoku_count::detail {

// The closing rows by depth-first enumeration: row by row, cell by cell,
// each cell taking the symbols in none of its houses (the houses' masks are
// updated in place and restored), down to the last row or, on a Latin
// square, the last two, which are counted directly.
double RowsSteps::count_rows(Mask* state, int row, Scratch& scratch) const {
  const int n = this->n();
  if (row == n) return 1;
  if (band_cut_ && row == n - layout_.shape().box_rows) return static_cast<double>(band_fillings(state, scratch));
  if (latin_ && n - row >= 3 && n - row <= kLatinBandRows) {
    // The last c = 3 rows of a Latin square: each column misses c
    // symbols, and filling them is filling a band of c rows with those
    // column sets, f(X) (bands/band_fillings.hpp). Permuting the c rows
    // maps fillings one-to-one, and column 0's symbols differ, so 1 in c!
    // has column 0 in the fixed order.
    Mask missing[kMaxGridSize];
    allowed_symbols(state, row, missing);
    missing[0] = low_bits(n) & ~low_bits(row);
    const std::uint64_t fillings = count_band_fillings(missing, n - row, n);
    return static_cast<double>(fillings) / std::tgamma(n - row + 1.0);
  }
  if (row == n - 1 || (latin_ && row == n - 2)) {
    Mask allowed[kMaxGridSize];
    allowed_symbols(state, row, allowed);
    if (row == n - 2) {
      allowed[0] = (Mask{1} << row) | (Mask{1} << (row + 1));  // what column 0 misses
      return std::ldexp(1.0, two_row_cycles(allowed, n));
    }
    // Each column misses one symbol: the row is forced, if they differ.
    Mask all = 0;
    for (int j = 0; j < n; ++j) {
      if (popcount(allowed[j]) != 1) return 0;
      all |= allowed[j];
    }
    return all == low_bits(n) ? 1 : 0;
  }
  return count_row_cells(state, row, 0, 0, scratch);
}

double RowsSteps::count_row_cells(Mask* state, int row, int column, Mask row_used, Scratch& scratch) const {
  const int n = this->n();
  if (column == n) return count_rows(state, row + 1, scratch);
  const int cell = row * n + column;
  const int* first = &house_index_[house_start_[cell]];
  const int* last = &house_index_[house_start_[cell + 1]];
  Mask used = row_used;
  for (const int* h = first; h != last; ++h) used |= state[*h];
  Mask options = low_bits(n) & ~used;
  if (latin_ && column == 0) options &= Mask{1} << row;
  if (!given_.empty() && given_[cell] >= 0) {
    // Its symbol is in its houses already (start()): only the row's own
    // symbols may exclude it.
    const Mask bit = Mask{1} << given_[cell];
    return (row_used & bit) ? 0 : count_row_cells(state, row, column + 1, row_used | bit, scratch);
  }
  double total = 0;
  for (; options; options = clear_low_bit(options)) {
    const Mask bit = low_bit(options);
    for (const int* h = first; h != last; ++h) state[*h] |= bit;
    total += count_row_cells(state, row, column + 1, row_used | bit, scratch);
    for (const int* h = first; h != last; ++h) state[*h] &= ~bit;
  }
  return total;
}

bool RowsSteps::may_complete(const Mask* state, int filled) const {
  const int n = this->n();
  const Mask all = low_bits(n);
  // Per state house: the symbols its empty cells allow, gathered while
  // the cells' options are computed.
  Mask reach[kMaxStateHouses];
  std::fill(reach, reach + houses_, Mask{0});
  for (int row = filled; row < n; ++row) {
    Mask row_options = 0;
    for (int j = 0; j < n; ++j) {
      const int cell = row * n + j;
      const int* first = &house_index_[house_start_[cell]];
      const int* last = &house_index_[house_start_[cell + 1]];
      Mask used = 0;
      for (const int* h = first; h != last; ++h) used |= state[*h];
      const Mask options = !given_.empty() && given_[cell] >= 0 ? Mask{1} << given_[cell] : all & ~used;
      if (!options) return false;
      row_options |= options;
      for (const int* h = first; h != last; ++h) reach[*h] |= options;
    }
    if (row_options != all) return false;
  }
  for (int h = 0; h < houses_; ++h) {
    const Mask missing = all & ~state[h];
    if ((reach[h] & missing) != missing) return false;
  }
  return true;
}

SliceCount RowsSteps::band_fillings(const Mask* state, Scratch& scratch) const {
  // The symbols each house of the cut holds above the last band (rows:
  // none, the band's rows are empty).
  std::vector<Mask>& used = scratch.used;
  used.resize(state_of_house_.size());
  for (std::size_t h = 0; h < used.size(); ++h) used[h] = state_of_house_[h] >= 0 ? state[state_of_house_[h]] : 0;
  return band_cut_->last_band_fillings(used.data(), scratch.slices);
}

long double RowsSteps::log_closing(Mask* state, Scratch& scratch) const {
  const double count = count_rows(state, closing_row(), scratch);
  return count > 0 ? std::log(static_cast<long double>(count)) : kLogZero;
}

}  // namespace sudoku_count::detail
