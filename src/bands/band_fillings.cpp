#include "bands/band_fillings.hpp"

#include <algorithm>
#include <cassert>
#include <limits>
#include <numeric>
#include <unordered_map>
#include <utility>

namespace sudoku_count::detail {
namespace {

std::size_t binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::size_t result = 1;
  for (int i = 1; i <= k; ++i) result = result * static_cast<std::size_t>(n - k + i) / static_cast<std::size_t>(i);
  return result;
}

// Number of cycles of the 2-regular graph in which every column joins its two
// symbols (each symbol lies on exactly two columns).
int count_cycles(const Mask* sets, int n) {
  int parent[kMaxGridSize];
  std::iota(parent, parent + n, 0);
  auto find = [&](int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  int components = n;
  for (int j = 0; j < n; ++j) {
    const int a = low_bit_index(sets[j]);
    const int b = low_bit_index(clear_low_bit(sets[j]));
    const int ra = find(a), rb = find(b);
    if (ra != rb) {
      parent[ra] = rb;
      --components;
    }
  }
  return components;
}

// f with the rows of column 0 fixed. Permuting the rows maps fillings one to
// one onto fillings, and exactly one of the R! permutations puts column 0's
// symbols, smallest first, in rows 1..R; so f = R! g, where g counts the
// fillings that do so:
//   g(X) = sum over first rows M holding column 0's smallest symbol of g(X - M),
//   g = 2^(cycles - 1) with two rows left (the cycle through column 0 has its
//   rows fixed), 1 with one row left.
// Different first rows can leave the same remainder (rows M1, M2 and M2', M1'
// with the same union), so from five rows up the values of g on remainders
// of at least three rows are memoised, keyed by the remainder's edge set
// packed into 128 bits (N <= 11).
class OrderedFillings {
 public:
  OrderedFillings(int rows, int n) : n_(n), memo_below_(n * n <= 128 && rows >= 5 ? rows - 1 : 0) {}

  std::uint64_t count(Mask* sets, int rows) {
    if (rows <= 1) return 1;
    if (rows == 2) return std::uint64_t{1} << (count_cycles(sets, n_) - 1);
    const bool memoised = rows >= 3 && rows < memo_below_;
    Key key{};
    if (memoised) {
      key = pack(sets);
      if (const auto hit = memo_.find(key); hit != memo_.end()) return hit->second;
    }
    const Mask first = low_bit(sets[0]);
    sets[0] ^= first;
    const std::uint64_t total = sum_over_first_rows(sets, rows, low_bits(n_) & ~Mask{1}, first);
    sets[0] ^= first;
    if (memoised) memo_.emplace(key, total);
    return total;
  }

 private:
  using Key = std::pair<std::uint64_t, std::uint64_t>;
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      return static_cast<std::size_t>((k.first * 0x9E3779B97F4A7C15ull) ^ ((k.second + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full));
    }
  };

  // Column j's symbols at bits j*N .. j*N+N-1 of a 128-bit word pair.
  Key pack(const Mask* sets) const {
    Key key{0, 0};
    for (int j = 0; j < n_; ++j) {
      const int bit = j * n_;
      if (bit < 64) key.first |= sets[j] << bit;
      if (bit + n_ > 64) key.second |= bit >= 64 ? sets[j] << (bit - 64) : sets[j] >> (64 - bit);
    }
    return key;
  }

  // Sum over the ways to pick one symbol per open column, all distinct and
  // none in `used`, of g of the remainder. Columns are taken most-constrained
  // first, so dead ends show early.
  std::uint64_t sum_over_first_rows(Mask* sets, int rows, Mask open_columns, Mask used) {
    if (!open_columns) return count(sets, rows - 1);
    int column = -1, fewest = kMaxGridSize + 1;
    for (Mask open = open_columns; open; open = clear_low_bit(open)) {
      const int j = low_bit_index(open);
      const int options = popcount(sets[j] & ~used);
      if (options < fewest) {
        fewest = options;
        column = j;
        if (options <= 1) break;
      }
    }
    std::uint64_t total = 0;
    const Mask rest = open_columns & ~(Mask{1} << column);
    for (Mask options = sets[column] & ~used; options; options = clear_low_bit(options)) {
      const Mask bit = low_bit(options);
      sets[column] ^= bit;
      total += sum_over_first_rows(sets, rows, rest, used | bit);
      sets[column] ^= bit;
    }
    return total;
  }

  int n_;
  int memo_below_;  // memoise remainders of 3 .. memo_below_ - 1 rows
  std::unordered_map<Key, std::uint64_t, KeyHash> memo_;
};

// Ordered partitions of the N symbols into `count` sets of `size`: mixed
// radix over the sets in order, each set ranked (combinatorial number system)
// among the subsets of the symbols not used by earlier sets; the last set is
// forced.
std::size_t rank_partition(const Mask* sets, int count, int size, int n) {
  Mask remaining = low_bits(n);
  std::size_t rank = 0;
  for (int k = 0; k + 1 < count; ++k) {
    std::size_t index = 0;
    int position = 0, taken = 0;
    for (Mask rest = remaining; rest; rest = clear_low_bit(rest), ++position)
      if (sets[k] & low_bit(rest)) index += binomial(position, ++taken);
    rank = rank * binomial(popcount(remaining), size) + index;
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
  std::sort(sets, sets + count, [](Mask x, Mask y) { return low_bit(x) < low_bit(y); });
}

std::size_t rank_sorted_partition(const Mask* sets, int count, int size, int n) {
  Mask remaining = low_bits(n);
  std::size_t rank = 0;
  for (int k = 0; k + 1 < count; ++k) {
    assert(sets[k] & low_bit(remaining));
    const Mask pool = clear_low_bit(remaining);
    std::size_t index = 0;
    int position = 0, taken = 0;
    for (Mask rest = pool; rest; rest = clear_low_bit(rest), ++position)
      if (sets[k] & low_bit(rest)) index += binomial(position, ++taken);
    rank = rank * binomial(popcount(pool), size - 1) + index;
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

BandFillings::BandFillings(const Shape& shape, std::size_t max_entries) : shape_(shape) {
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
#pragma omp parallel for schedule(static)
  for (std::size_t key = 0; key < table_.size(); ++key) {
    Mask sets[kMaxGridSize];
    key_sets(key, sets);
    table_[key] = static_cast<std::uint32_t>(count_direct(sets));  // at most 2^(N/2); tables exist for N <= 16
  }
}

std::uint64_t count_band_fillings(const Mask* sets, int rows, int n) {
  if (rows <= 1) return 1;
  Mask work[kMaxGridSize];
  std::copy(sets, sets + n, work);
  if (rows == 2) return std::uint64_t{1} << count_cycles(work, n);
  std::uint64_t orderings = 1;
  for (int k = 2; k <= rows; ++k) orderings *= static_cast<std::uint64_t>(k);
  return orderings * OrderedFillings(rows, n).count(work, rows);
}

std::uint64_t BandFillings::count_direct(const Mask* sets) const {
  return count_band_fillings(sets, shape_.box_rows, shape_.n());
}

std::uint64_t BandFillings::count(const Mask* sets) const {
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
    for (Mask set = box0_sets[k]; set; set = clear_low_bit(set)) relabel.image[low_bit_index(set)] = static_cast<std::uint8_t>(next++);
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
#pragma omp parallel
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
  const std::vector<Mask> box0 = box_fillings(canonical.data(), r, c);
  const std::size_t outer = table_.size() / partitions_;  // P^(R-2) choices of boxes 1..R-2
  const std::size_t last_place = place_value_[r - 1];
#pragma omp parallel
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
          for (const std::uint32_t p : transversal[u]) table_[o + p * last_place] += static_cast<std::uint32_t>(hist[u]);
    }
  }
}

}  // namespace sudoku_count::detail
