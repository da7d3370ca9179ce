#include "bands/band_fillings.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>

#include "core/threads.hpp"

namespace sudoku_count::detail {
namespace {

// Pascal's triangle up to 64 (C(64, 32) < 2^63): ranking partitions takes a
// binomial per symbol, inside the f-table build and the completions' sums.
struct Binomials {
  std::size_t value[65][65] = {};
  constexpr Binomials() {
    for (int n = 0; n <= 64; ++n) {
      value[n][0] = 1;
      for (int k = 1; k <= n; ++k) value[n][k] = value[n - 1][k - 1] + (k < n ? value[n - 1][k] : 0);
    }
  }
};
constexpr Binomials kBinomials;

std::size_t binomial(int n, int k) { return k < 0 || k > n ? 0 : kBinomials.value[n][k]; }

// Number of cycles of the 2-regular graph in which every column joins its two
// symbols (each symbol lies on exactly two columns): walk each cycle from
// its lowest column, column to symbol to the symbol's other column.
int count_cycles(const Mask* sets, int n) {
  Mask columns_of[kMaxGridSize];
  for (int s = 0; s < n; ++s) columns_of[s] = 0;
  for (int j = 0; j < n; ++j)
    for (Mask set = sets[j]; set; set = clear_low_bit(set)) columns_of[low_bit_index(set)] |= Mask{1} << j;
  Mask unvisited = low_bits(n);
  int cycles = 0;
  while (unvisited) {
    ++cycles;
    const int start = low_bit_index(unvisited);
    int column = start, symbol = low_bit_index(sets[start]);
    do {
      unvisited &= ~(Mask{1} << column);
      column = low_bit_index(columns_of[symbol] & ~(Mask{1} << column));
      symbol = low_bit_index(sets[column] & ~(Mask{1} << symbol));
    } while (column != start);
  }
  return cycles;
}

// f with the rows of column 0 fixed. Permuting the rows maps fillings one to
// one onto fillings, and exactly one of the R! permutations puts column 0's
// symbols, smallest first, in rows 1..R; so f = R! g, where g counts the
// fillings that do so. g splits the rows in two: the first a = floor(R/2)
// rows of a filling form an a-regular spanning subgraph W of X (an
// "a-factor") that holds column 0's a smallest symbols, filled in g_a(W)
// ways, and the other rows fill X - W in g_(R-a)(X - W) ways:
//   g_R(X) = sum over a-factors W of X holding column 0's a smallest symbols
//            of g_a(W) g_(R-a)(X - W),
//   g_3(X) = sum over first rows M holding column 0's smallest symbol of g_2(X - M),
//   g_2 = 2^(cycles - 1) (the cycle through column 0 has its rows fixed), g_1 = 1.
// Summing over W once each, instead of over its g_a(W) orderings into rows
// as a recursion by one row at a time does, is what makes the split pay
// (with the walks below, 3.5 times less CPU for two 5-row bands than that
// recursion with its memo of remainders; docs/method.md, section 8).
class RowSplitFillings {
 public:
  explicit RowSplitFillings(int n) : n_(n) {}

  FillingCount count(Mask* sets, int rows) {
    if (rows <= 1) return 1;
    if (rows == 2) return FillingCount{1} << (count_cycles(sets, n_) - 1);
    if (rows == 3) {
      Mask seen = 0;
      for (int j = n_ - 1; j >= 0; --j) {
        last_in_[j] = sets[j] & ~seen;
        seen |= sets[j];
      }
      cycles_.reset(n_);
      return sum_over_first_rows(sets, 0, 0);
    }
    return sum_over_factors(sets, rows);
  }

 private:
  // Cycles of a 2-regular graph on the symbols, built one edge at a time
  // (each column of a two-row remainder joins its two symbols), with undo.
  // Every path keeps its two ends pointing at each other, so an edge either
  // joins two paths or closes one into a cycle: O(1) per edge.
  class CycleTracker {
   public:
    struct Undo {
      std::uint8_t end_p, end_q;
      bool closed;
    };
    void reset(int n) {
      for (int s = 0; s < n; ++s) end_[s] = static_cast<std::uint8_t>(s);
      cycles_ = 0;
    }
    Undo add(int p, int q) {
      const Undo undo{end_[p], end_[q], end_[p] == q};
      if (undo.closed) {
        ++cycles_;
      } else {
        end_[undo.end_p] = undo.end_q;
        end_[undo.end_q] = undo.end_p;
      }
      return undo;
    }
    void remove(int p, int q, const Undo& undo) {
      if (undo.closed) {
        --cycles_;
      } else {
        end_[undo.end_p] = static_cast<std::uint8_t>(p);
        end_[undo.end_q] = static_cast<std::uint8_t>(q);
      }
    }
    int cycles() const { return cycles_; }

   private:
    std::uint8_t end_[kMaxGridSize];
    int cycles_ = 0;
  };

  // g_3: the first row M takes one symbol per column, all distinct, column 0
  // its smallest; the two symbols a column keeps are an edge of the two-row
  // remainder X - M, whose cycles the tracker counts as the columns are
  // taken in order. Each leaf adds 2^(cycles - 1). A symbol not yet taken
  // whose last column this is must be taken here.
  FillingCount sum_over_first_rows(const Mask* sets, int column, Mask used) {
    if (column + 1 == n_) {
      // One symbol is left for the last column, and its other two symbols,
      // the only ones still on one edge, close the last cycle.
      const Mask pick = sets[column] & ~used;
      return pick && !clear_low_bit(pick) ? FillingCount{1} << cycles_.cycles() : 0;
    }
    const Mask forced = last_in_[column] & ~used;
    if (forced & clear_low_bit(forced)) return 0;
    const Mask options = column == 0 ? low_bit(sets[0]) & (forced ? forced : ~Mask{0})
                                     : (forced ? forced : sets[column] & ~used);
    FillingCount total = 0;
    for (Mask rest = options; rest; rest = clear_low_bit(rest)) {
      const Mask pick = low_bit(rest);
      const Mask kept = sets[column] ^ pick;
      const int p = low_bit_index(kept), q = low_bit_index(clear_low_bit(kept));
      const CycleTracker::Undo undo = cycles_.add(p, q);
      total += sum_over_first_rows(sets, column + 1, used | pick);
      cycles_.remove(p, q, undo);
    }
    return total;
  }

  // Every a-factor W (each column keeps a of its symbols, each symbol is
  // kept by a columns), column 0 keeping its a smallest, column by column.
  // A symbol still needed by as many columns as it has left must be kept;
  // one needed by none must not.
  struct FactorWalk {
    int a = 0, rows = 0;
    Mask factor[kMaxGridSize];
    Mask rest[kMaxGridSize];
    int need[kMaxGridSize];  // per symbol: columns that must still keep it
    int left[kMaxGridSize];  // per symbol: columns still to decide that hold it
  };

  FillingCount sum_over_factors(const Mask* sets, int rows) {
    FactorWalk walk;
    walk.rows = rows;
    walk.a = rows / 2;
    for (int s = 0; s < n_; ++s) walk.need[s] = walk.a, walk.left[s] = rows;
    Mask kept = 0, column0 = sets[0];
    for (int i = 0; i < walk.a; ++i, column0 = clear_low_bit(column0)) kept |= low_bit(column0);
    return choose_column(walk, sets, 0, kept);
  }

  FillingCount choose_column(FactorWalk& walk, const Mask* sets, int column, Mask kept) {
    walk.factor[column] = kept;
    walk.rest[column] = sets[column] & ~kept;
    for (Mask set = sets[column]; set; set = clear_low_bit(set)) {
      const int s = low_bit_index(set);
      --walk.left[s];
      if (kept & low_bit(set)) --walk.need[s];
    }
    FillingCount total = 0;
    if (column + 1 == n_) {
      total = count(walk.factor, walk.a);
      if (total) total *= count(walk.rest, walk.rows - walk.a);
    } else {
      total = next_column(walk, sets, column + 1);
    }
    for (Mask set = sets[column]; set; set = clear_low_bit(set)) {
      const int s = low_bit_index(set);
      ++walk.left[s];
      if (kept & low_bit(set)) ++walk.need[s];
    }
    return total;
  }

  FillingCount next_column(FactorWalk& walk, const Mask* sets, int column) {
    Mask forced = 0, open = 0;
    for (Mask set = sets[column]; set; set = clear_low_bit(set)) {
      const int s = low_bit_index(set);
      if (walk.need[s] == 0) continue;
      if (walk.need[s] > walk.left[s]) return 0;  // can no longer be kept often enough
      (walk.need[s] == walk.left[s] ? forced : open) |= low_bit(set);
    }
    const int more = walk.a - popcount(forced);
    if (more < 0 || popcount(open) < more) return 0;
    FillingCount total = 0;
    for_each_subset(open, more, [&](Mask subset) { total += choose_column(walk, sets, column, forced | subset); });
    return total;
  }

  // visit(subset) for every subset of `pool` with `size` elements (pool has
  // at most R bits: walking all its submasks is cheap).
  template <class Visit>
  static void for_each_subset(Mask pool, int size, Visit&& visit) {
    for (Mask subset = pool;; subset = (subset - 1) & pool) {
      if (popcount(subset) == size) visit(subset);
      if (subset == 0) break;
    }
  }

  int n_;
  CycleTracker cycles_;
  Mask last_in_[kMaxGridSize];  // per column: the symbols it holds last, in column order
};

// g for three rows, the closing step of every sampled band, by a search
// that keeps what the plain recursion recomputes at each leaf:
//  - the cycles of the remainder X - M. Once column j's first-row symbol is
//    chosen, its other two symbols are an edge of a multigraph on the
//    symbols, and the cycles of the 2-regular remainder are the cycles of
//    that multigraph. While edges are added it is a union of paths and
//    closed cycles; each path end knows the other end, so an edge either
//    closes a cycle (its two symbols are the ends of one path) or joins two
//    paths, in constant time and undone in constant time:
//        a ... b   + edge (b, c) +   c ... d   ->   a ....... d
//        end[a] = b, end[d] = c                    end[a] = d, end[d] = a
//  - the most constrained open column or free symbol: both sit in buckets
//    by their number of partners left (0..3), so the next choice is the
//    lowest nonempty bucket, a symbol with one open column is forced as
//    early as a column with one free symbol, and a dead end shows at once.
class ThreeRowFillings {
 public:
  // g(X) for column sets of three symbols each; f = 3! g.
  FillingCount count(const Mask* sets, int n) {
    n_ = n;
    std::fill(holders_, holders_ + n, Mask{0});
    for (int j = 0; j < n; ++j) {
      sets_[j] = sets[j];
      for (Mask set = sets[j]; set; set = clear_low_bit(set)) holders_[low_bit_index(set)] |= Mask{1} << j;
    }
    std::fill(std::begin(columns_by_degree_), std::end(columns_by_degree_), Mask{0});
    std::fill(std::begin(symbols_by_degree_), std::end(symbols_by_degree_), Mask{0});
    for (int j = 0; j < n; ++j) {
      column_degree_[j] = popcount(sets[j]);
      symbol_degree_[j] = popcount(holders_[j]);
      if (column_degree_[j] > 3 || symbol_degree_[j] > 3) return 0;  // not three rows
      columns_by_degree_[column_degree_[j]] |= Mask{1} << j;
      symbols_by_degree_[symbol_degree_[j]] |= Mask{1} << j;
      end_[j] = j;
    }
    open_ = free_ = low_bits(n);
    cycles_ = 0;
    depth_ = 0;
    total_ = 0;
    const int first = low_bit_index(sets[0]);  // column 0's smallest symbol is in row 1
    assign(0, first);
    search();
    unassign(0, first);
    return total_;
  }

 private:
  void search() {
    if (!open_) {
      total_ += FillingCount{1} << (cycles_ - 1);  // the cycle through column 0 has its rows fixed
      return;
    }
    if (columns_by_degree_[0] | symbols_by_degree_[0]) return;
    int degree = 1;
    while (!(columns_by_degree_[degree] | symbols_by_degree_[degree])) ++degree;
    if (columns_by_degree_[degree]) {
      const int j = low_bit_index(columns_by_degree_[degree]);
      for (Mask options = sets_[j] & free_; options; options = clear_low_bit(options)) {
        const int s = low_bit_index(options);
        assign(j, s);
        search();
        unassign(j, s);
      }
    } else {
      const int s = low_bit_index(symbols_by_degree_[degree]);
      for (Mask options = holders_[s] & open_; options; options = clear_low_bit(options)) {
        const int j = low_bit_index(options);
        assign(j, s);
        search();
        unassign(j, s);
      }
    }
  }

  void move_column(int j, int by) {
    columns_by_degree_[column_degree_[j]] &= ~(Mask{1} << j);
    columns_by_degree_[column_degree_[j] += by] |= Mask{1} << j;
  }
  void move_symbol(int s, int by) {
    symbols_by_degree_[symbol_degree_[s]] &= ~(Mask{1} << s);
    symbols_by_degree_[symbol_degree_[s] += by] |= Mask{1} << s;
  }

  // Column j takes symbol s in the first row.
  void assign(int j, int s) {
    open_ &= ~(Mask{1} << j);
    free_ &= ~(Mask{1} << s);
    columns_by_degree_[column_degree_[j]] &= ~(Mask{1} << j);
    symbols_by_degree_[symbol_degree_[s]] &= ~(Mask{1} << s);
    for (Mask rest = sets_[j] & free_; rest; rest = clear_low_bit(rest)) move_symbol(low_bit_index(rest), -1);
    for (Mask rest = holders_[s] & open_; rest; rest = clear_low_bit(rest)) move_column(low_bit_index(rest), -1);
    const Mask edge = sets_[j] & ~(Mask{1} << s);
    add_edge(low_bit_index(edge), low_bit_index(clear_low_bit(edge)));
  }
  void unassign(int j, int s) {
    undo_edge();
    for (Mask rest = holders_[s] & open_; rest; rest = clear_low_bit(rest)) move_column(low_bit_index(rest), +1);
    for (Mask rest = sets_[j] & free_; rest; rest = clear_low_bit(rest)) move_symbol(low_bit_index(rest), +1);
    symbols_by_degree_[symbol_degree_[s]] |= Mask{1} << s;
    columns_by_degree_[column_degree_[j]] |= Mask{1} << j;
    free_ |= Mask{1} << s;
    open_ |= Mask{1} << j;
  }

  // Adds the edge (a, b). A dead end may give a symbol a third edge, whose
  // end entry is stale; the search backs out of it at once, and the undo
  // record restores the entries it changed whatever they held.
  void add_edge(int a, int b) {
    Undo& undo = undo_[depth_++];
    if (end_[a] == b) {  // a and b end one path: it closes
      undo.cycle = true;
      ++cycles_;
      return;
    }
    const int ea = end_[a], eb = end_[b];
    undo = Undo{false, ea, end_[ea], eb, end_[eb]};
    end_[ea] = eb;
    end_[eb] = ea;
  }
  void undo_edge() {
    const Undo& undo = undo_[--depth_];
    if (undo.cycle) {
      --cycles_;
      return;
    }
    end_[undo.b] = undo.old_b;  // in reverse order: b may be a
    end_[undo.a] = undo.old_a;
  }

  struct Undo {
    bool cycle;
    int a, old_a, b, old_b;
  };
  int n_ = 0;
  Mask sets_[kMaxGridSize], holders_[kMaxGridSize];
  Mask open_ = 0, free_ = 0;  // columns without a first-row symbol; symbols not in the first row
  int column_degree_[kMaxGridSize], symbol_degree_[kMaxGridSize];
  Mask columns_by_degree_[4], symbols_by_degree_[4];
  int end_[kMaxGridSize];  // of a path end (or a symbol without edges: itself): the other end
  Undo undo_[kMaxGridSize];
  int depth_ = 0, cycles_ = 0;
  FillingCount total_ = 0;
};

// Rank of `set` among the subsets of `pool` of its size, in the
// combinatorial number system: its i-th element (from 1, lowest first), at
// position p within the pool, adds C(p, i).
std::size_t subset_rank(Mask set, Mask pool) {
  std::size_t index = 0;
  int i = 0;
  for (; set; set = clear_low_bit(set)) index += binomial(popcount(pool & (low_bit(set) - 1)), ++i);
  return index;
}

// Ordered partitions of the N symbols into `count` sets of `size`: mixed
// radix over the sets in order, each set ranked (combinatorial number system)
// among the subsets of the symbols not used by earlier sets; the last set is
// forced.
std::size_t rank_partition(const Mask* sets, int count, int size, int n) {
  Mask remaining = low_bits(n);
  std::size_t rank = 0;
  for (int k = 0; k + 1 < count; ++k) {
    rank = rank * binomial(popcount(remaining), size) + subset_rank(sets[k], remaining);
    remaining &= ~sets[k];
  }
  return rank;
}

// The subset of `pool` with combinatorial rank `index` among its subsets of
// `size` (largest positions first: p_i is the largest p with C(p, i) <= rest).
Mask unrank_subset(std::size_t index, Mask pool, int size) {
  Mask set = 0;
  int limit = popcount(pool);
  for (int i = size; i >= 1; --i) {
    int p = i - 1;
    while (p + 1 < limit && binomial(p + 1, i) <= index) ++p;
    index -= binomial(p, i);
    set |= Mask{1} << nth_bit_index(pool, p);
    limit = p;
  }
  return set;
}

void unrank_partition(std::size_t rank, Mask* sets, int count, int size, int n) {
  std::vector<std::size_t> digits(count, 0);
  for (int k = count - 2; k >= 0; --k) {
    const std::size_t radix = binomial(n - k * size, size);
    digits[k] = rank % radix;
    rank /= radix;
  }
  Mask remaining = low_bits(n);
  for (int k = 0; k < count; ++k) {
    sets[k] = k + 1 == count ? remaining : unrank_subset(digits[k], remaining, size);
    remaining &= ~sets[k];
  }
}

// Unordered partitions of the N symbols into `count` sets of `size`, listed
// in increasing order of their smallest symbols: then set k holds the
// smallest symbol not in earlier sets, and only its other size - 1 symbols
// are chosen, among the remaining ones. Mixed radix over those choices, so
// there are prod_k C(N - k size - 1, size - 1) ranks (280 for 9 symbols in
// three sets of three, against 1680 ordered partitions).
void sort_sets(Mask* sets, int count) {
  for (int i = 1; i < count; ++i)  // insertion sort: a box has a few sets
    for (int k = i; k > 0 && low_bit(sets[k]) < low_bit(sets[k - 1]); --k) std::swap(sets[k], sets[k - 1]);
}

std::size_t rank_sorted_partition(const Mask* sets, int count, int size, int n) {
  Mask remaining = low_bits(n);
  std::size_t rank = 0;
  for (int k = 0; k + 1 < count; ++k) {
    assert(sets[k] & low_bit(remaining));
    const Mask pool = clear_low_bit(remaining);
    rank = rank * binomial(popcount(pool), size - 1) + subset_rank(sets[k] & pool, pool);
    remaining &= ~sets[k];
  }
  return rank;
}

void unrank_sorted_partition(std::size_t rank, Mask* sets, int count, int size, int n) {
  std::vector<std::size_t> digits(count, 0);
  for (int k = count - 2; k >= 0; --k) {
    const std::size_t radix = binomial(n - k * size - 1, size - 1);
    digits[k] = rank % radix;
    rank /= radix;
  }
  Mask remaining = low_bits(n);
  for (int k = 0; k < count; ++k) {
    sets[k] = k + 1 == count ? remaining
                             : low_bit(remaining) | unrank_subset(digits[k], clear_low_bit(remaining), size - 1);
    remaining &= ~sets[k];
  }
}

std::size_t partition_count(int count, int size) {
  std::size_t total = 1;
  for (int k = 0; k < count; ++k) total *= binomial((count - k) * size, size);
  return total;
}

// The fillings of one box whose C column sets (R symbols each) are given:
// each column spreads its symbols over the R rows in any order. A filling is
// recorded as its R row sets (the C symbols each row of the box holds).
std::vector<Mask> box_fillings(const Mask* column_sets, int r, int c) {
  std::vector<Mask> out;
  std::vector<Mask> rows(r, 0);
  auto spread = [&](auto&& self, int column) -> void {
    if (column == c) {
      out.insert(out.end(), rows.begin(), rows.end());
      return;
    }
    std::vector<int> symbols;
    for (Mask set = column_sets[column]; set; set = clear_low_bit(set)) symbols.push_back(low_bit_index(set));
    do {
      for (int row = 0; row < r; ++row) rows[row] |= Mask{1} << symbols[row];
      self(self, column + 1);
      for (int row = 0; row < r; ++row) rows[row] &= ~(Mask{1} << symbols[row]);
    } while (std::next_permutation(symbols.begin(), symbols.end()));
  };
  spread(spread, 0);
  return out;
}

}  // namespace

Mask BandFillings::Relabel::apply(Mask set) const {
  Mask image_set = 0;
  for (; set; set = clear_low_bit(set)) image_set |= Mask{1} << image[low_bit_index(set)];
  return image_set;
}

BandFillings::BandFillings(const Shape& shape, std::size_t max_entries, int threads)
    : shape_(shape), threads_(thread_count(threads)) {
  const int r = shape.box_rows, c = shape.box_cols, n = shape.n();
  // R = 2 (a closed form per key) and R = 3 (by row sets) are tabulated
  // when small. R >= 4 is counted directly: building its table costs far
  // more than the direct counts a run needs.
  if (r != 2 && r != 3) return;
  long double partitions = 1;  // P: unordered partitions of N symbols into C sets of R
  for (int k = 0; k + 1 < c; ++k) partitions *= static_cast<long double>(binomial(n - k * r - 1, r - 1));
  long double entries = 1;
  for (int b = 1; b < r; ++b) entries *= partitions;
  if (entries > static_cast<long double>(max_entries)) return;

  partitions_ = static_cast<std::size_t>(partitions);
  place_value_.assign(r, 0);
  std::size_t place = 1;
  for (int b = 1; b < r; ++b) {
    place_value_[b] = place;
    place *= partitions_;
  }
  table_.assign(place, 0);
  if (r == 3) {
    build_by_row_sets();
    return;
  }
#pragma omp parallel for num_threads(threads_) schedule(static)
  for (std::size_t key = 0; key < table_.size(); ++key) {
    Mask sets[kMaxGridSize];
    key_sets(key, sets);
    table_[key] = static_cast<std::uint32_t>(count_direct(sets));  // at most 2^(N/2); tables exist for N <= 16
  }
}

double filling_count_bound_bits(int rows, int n) {
  double bits = 0;
  for (int k = 2; k <= rows; ++k) bits += std::lgamma(k + 1.0) / std::log(2.0) / k;
  return bits * n;
}

namespace {

// The columns of the connected component of column `first` in the graph
// columns--symbols (holders[s]: the columns holding symbol s).
Mask component_columns(const Mask* sets, const Mask* holders, int first) {
  Mask columns = Mask{1} << first, symbols = sets[first], seen_symbols = 0;
  while (Mask fresh = symbols & ~seen_symbols) {
    seen_symbols |= fresh;
    for (; fresh; fresh = clear_low_bit(fresh)) columns |= holders[low_bit_index(fresh)];
    for (Mask c = columns; c; c = clear_low_bit(c)) symbols |= sets[low_bit_index(c)];
  }
  return columns;
}

// f of a band whose graph is connected (or of rows <= 2, where the cycle
// count handles any graph).
FillingCount count_connected(const Mask* sets, int rows, int n) {
  Mask work[kMaxGridSize];
  std::copy(sets, sets + n, work);
  if (rows == 2) return FillingCount{1} << count_cycles(work, n);
  if (rows == 3) return 6 * ThreeRowFillings().count(work, n);
  FillingCount orderings = 1;
  for (int k = 2; k <= rows; ++k) orderings *= static_cast<FillingCount>(k);
  // f does not depend on the order of the columns. The walks below take
  // them in order and settle a symbol at its last column, so an order in
  // which each column brings few new symbols (greedily: the most symbols
  // already seen) prunes early.
  Mask seen = work[0], placed = 1;
  for (int j = 1; j < n; ++j) {
    int best = -1, overlap = -1;
    for (int k = 1; k < n; ++k)
      if (!(placed >> k & 1) && popcount(sets[k] & seen) > overlap) best = k, overlap = popcount(sets[k] & seen);
    work[j] = sets[best];
    seen |= sets[best];
    placed |= Mask{1} << best;
  }
  return orderings * RowSplitFillings(n).count(work, rows);
}

}  // namespace

FillingCount count_band_fillings(const Mask* sets, int rows, int n) {
  assert(filling_count_bound_bits(rows, n) < 128);
  if (rows <= 1) return 1;
  if (rows == 2) return count_connected(sets, rows, n);
  // A filling colours each connected component of the graph on its own, so
  // f is the product over the components: each counted on its own columns
  // with its symbols renumbered 0.., which also spares the searches below
  // the product of the components' search trees.
  Mask holders[kMaxGridSize] = {};
  for (int j = 0; j < n; ++j)
    for (Mask set = sets[j]; set; set = clear_low_bit(set)) holders[low_bit_index(set)] |= Mask{1} << j;
  const Mask first = component_columns(sets, holders, 0);
  if (first == low_bits(n)) return count_connected(sets, rows, n);
  FillingCount product = 1;
  for (Mask left = low_bits(n); left && product != 0;) {
    const Mask columns = component_columns(sets, holders, low_bit_index(left));
    left &= ~columns;
    Mask symbols = 0;
    for (Mask c = columns; c; c = clear_low_bit(c)) symbols |= sets[low_bit_index(c)];
    int renumbered[kMaxGridSize];
    int count = 0;
    for (Mask m = symbols; m; m = clear_low_bit(m)) renumbered[low_bit_index(m)] = count++;
    Mask part[kMaxGridSize];
    int m = 0;
    for (Mask c = columns; c; c = clear_low_bit(c), ++m) {
      part[m] = 0;
      for (Mask set = sets[low_bit_index(c)]; set; set = clear_low_bit(set))
        part[m] |= Mask{1} << renumbered[low_bit_index(set)];
    }
    if (count != m) return 0;  // not regular: no filling
    product *= count_connected(part, rows, m);
  }
  return product;
}

FillingCount BandFillings::count_direct(const Mask* sets) const {
  return count_band_fillings(sets, shape_.box_rows, shape_.n());
}

FillingCount BandFillings::count(const Mask* sets) const {
  return tabulated() ? table_[key_of(sets)] : count_direct(sets);
}

std::size_t BandFillings::key_of(const Mask* sets) const {
  const int c = shape_.box_cols;
  const Relabel relabel = canonical_relabel(sets);
  std::size_t key = 0;
  for (int b = 1; b < shape_.box_rows; ++b) key += key_contribution(b, sets + b * c, relabel);
  return key;
}

void BandFillings::key_sets(std::size_t key, Mask* sets) const {
  const int r = shape_.box_rows, c = shape_.box_cols;
  for (int k = 0; k < c; ++k) sets[k] = low_bits(r) << (k * r);
  for (int b = 1; b < r; ++b) {
    partition_unrank(key % partitions_, sets + b * c);
    key /= partitions_;
  }
}

BandFillings::Relabel BandFillings::canonical_relabel(const Mask* box0_sets) const {
  Relabel relabel;
  relabel.image.fill(0);
  for (int k = 0; k < shape_.box_cols; ++k) {
    int next = k * shape_.box_rows;
    for (Mask set = box0_sets[k]; set; set = clear_low_bit(set))
      relabel.image[low_bit_index(set)] = static_cast<std::uint8_t>(next++);
  }
  return relabel;
}

std::size_t BandFillings::key_contribution(int box, const Mask* box_sets, const Relabel& relabel) const {
  Mask relabelled[kMaxGridSize];
  for (int k = 0; k < shape_.box_cols; ++k) relabelled[k] = relabel.apply(box_sets[k]);
  sort_sets(relabelled, shape_.box_cols);
  return partition_rank(relabelled) * place_value_[box];
}

std::size_t BandFillings::partition_rank(const Mask* sets) const {
  return rank_sorted_partition(sets, shape_.box_cols, shape_.box_rows, shape_.n());
}

void BandFillings::partition_unrank(std::size_t rank, Mask* sets) const {
  unrank_sorted_partition(rank, sets, shape_.box_cols, shape_.box_rows, shape_.n());
}

// The table by row sets (used for R = 3, where it is far cheaper than one
// direct count per key). Fix boxes 1..R-2 (the low digits o of the key) and
// walk the fillings of boxes 0..R-2 whose row sets are disjoint row by row;
// what each row still lacks, U = (U_0..U_{R-1}), must be the row sets of the
// last box. A last box with column sets p has exactly one filling with row
// sets U when every p_k meets every U_r in one symbol (p is "transversal" to
// U), and none otherwise. So f(o, p) = sum over U of hist_o(U) [p transversal to U].
void BandFillings::build_by_row_sets() {
  const int r = shape_.box_rows, c = shape_.box_cols, n = shape_.n();
  const std::size_t row_partitions = partition_count(r, c);  // U: R sets of C
  // For every U, the ranks of the last-box partitions transversal to it.
  std::vector<std::vector<std::uint32_t>> transversal(row_partitions);
#pragma omp parallel num_threads(threads_)
  {
    std::vector<Mask> u(r), p(c);
    std::vector<std::vector<int>> order(r, std::vector<int>(c));
#pragma omp for schedule(dynamic, 16)
    for (std::size_t rank = 0; rank < row_partitions; ++rank) {
      unrank_partition(rank, u.data(), r, c, n);
      for (auto& o : order) std::iota(o.begin(), o.end(), 0);
      // Odometer over one permutation of the columns per row set but the
      // first: a column is named by the symbol of U_0 it holds, so every
      // unordered p transversal to U comes once.
      for (;;) {
        std::fill(p.begin(), p.end(), Mask{0});
        for (int row = 0; row < r; ++row) {
          int i = 0;
          for (Mask set = u[row]; set; set = clear_low_bit(set)) p[order[row][i++]] |= low_bit(set);
        }
        sort_sets(p.data(), c);
        transversal[rank].push_back(static_cast<std::uint32_t>(partition_rank(p.data())));
        int row = r - 1;
        while (row >= 1 && !std::next_permutation(order[row].begin(), order[row].end())) --row;
        if (row < 1) break;
      }
    }
  }
  std::vector<Mask> canonical(c);
  for (int k = 0; k < c; ++k) canonical[k] = low_bits(r) << (k * r);
  // Permuting the band's rows maps the fillings of boxes 0..R-2 lacking U
  // one to one onto those lacking the permuted U, and leaves transversality
  // alone; so only box-0 fillings with column 0 in row order are walked
  // (box_fillings lists those first), and each counts R! times.
  std::vector<Mask> box0 = box_fillings(canonical.data(), r, c);
  std::uint32_t row_orders = 1;
  for (int k = 2; k <= r; ++k) row_orders *= static_cast<std::uint32_t>(k);
  box0.resize(box0.size() / row_orders);
  const std::size_t outer = table_.size() / partitions_;  // P^(R-2) choices of boxes 1..R-2
  const std::size_t last_place = place_value_[r - 1];
#pragma omp parallel num_threads(threads_)
  {
    std::vector<std::uint64_t> hist(row_partitions);
    std::vector<Mask> sets(c), lacking(r);
    std::vector<std::vector<Mask>> fills(r);
    std::vector<Mask> used(static_cast<std::size_t>(r) * r);
#pragma omp for schedule(dynamic, 1)
    for (std::size_t o = 0; o < outer; ++o) {
      fills[0] = box0;
      std::size_t rest = o;
      for (int b = 1; b + 1 < r; ++b) {
        partition_unrank(rest % partitions_, sets.data());
        rest /= partitions_;
        fills[b] = box_fillings(sets.data(), r, c);
      }
      std::fill(hist.begin(), hist.end(), 0);
      auto walk = [&](auto&& self, int b, const Mask* acc) -> void {
        const std::vector<Mask>& list = fills[b];
        Mask* next = &used[b * r];
        for (std::size_t f = 0; f < list.size(); f += r) {
          bool disjoint = true;
          for (int row = 0; row < r && disjoint; ++row) disjoint = !(acc[row] & list[f + row]);
          if (!disjoint) continue;
          for (int row = 0; row < r; ++row) next[row] = acc[row] | list[f + row];
          if (b + 2 < r) {
            self(self, b + 1, next);
          } else {
            for (int row = 0; row < r; ++row) lacking[row] = low_bits(n) & ~next[row];
            ++hist[rank_partition(lacking.data(), r, c, n)];
          }
        }
      };
      const std::vector<Mask> none(r, 0);
      walk(walk, 0, none.data());
      for (std::size_t u = 0; u < row_partitions; ++u)
        if (hist[u])
          for (const std::uint32_t p : transversal[u])
            table_[o + p * last_place] += row_orders * static_cast<std::uint32_t>(hist[u]);
    }
  }
}

}  // namespace sudoku_count::detail
