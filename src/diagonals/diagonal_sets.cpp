// Column sets with both main diagonals (diagonal_sets.hpp).
#include "diagonals/diagonal_sets.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_map>

#include "core/threads.hpp"
#include "sudoku_count/bignum.hpp"
#include "sudoku_count/error.hpp"

namespace sudoku_count::detail {
namespace {

constexpr std::uint32_t kNoClass = std::numeric_limits<std::uint32_t>::max();
constexpr int kMaxBoxRows = 4;

// Binomial coefficients up to 16 (ranks of sets are in hot loops).
struct Binomials {
  std::uint64_t value[kMaxDiagonalSymbols + 1][kMaxDiagonalSymbols + 1] = {};
  constexpr Binomials() {
    for (int n = 0; n <= kMaxDiagonalSymbols; ++n) {
      value[n][0] = 1;
      for (int k = 1; k <= n; ++k) value[n][k] = value[n - 1][k - 1] + (k < n ? value[n - 1][k] : 0);
    }
  }
};
constexpr Binomials kBinomials;
inline std::uint64_t binomial(int n, int k) { return k < 0 || k > n ? 0 : kBinomials.value[n][k]; }

// The normal forms of a shape (P^(R-1)), as a double (it may be huge).
double normal_forms_of(int rows, int cols) {
  const int n = rows * cols;
  const double partitions =
      factorial(n).convert_to<double>() / std::pow(factorial(rows).convert_to<double>(), cols);
  return std::pow(partitions, rows - 1);
}

}  // namespace

std::uint64_t DiagonalHistogram::fillings() const {
  std::uint64_t total = 0;
  for (const Entry& e : entries) total += e.count;
  return total;
}

bool DiagonalSetTables::serves(const Layout& layout, std::string* why) {
  auto refuse = [&](const std::string& reason) {
    if (why) *why = reason;
    return false;
  };
  if (layout.is_jigsaw() || !layout.has_boxes()) return refuse("it needs boxes of at least 2 x 2");
  if (layout.variants() != std::vector<Variant>{Variant::X})
    return refuse("it counts the diagonals (x) alone, not " + layout.name());
  const int r = layout.shape().box_rows, c = layout.shape().box_cols;
  if (layout.n() > kMaxDiagonalSymbols) return refuse("it reaches 16 symbols");
  if (r > kMaxBoxRows) return refuse("it enumerates bands of at most 4 rows");
  if (normal_forms_of(r, c) > static_cast<double>(kMaxNormalForms))
    return refuse("its table of column sets would hold more than 2^22 entries");
  return true;
}

DiagonalSetTables::DiagonalSetTables(const Layout& layout, int threads) : layout_(layout) {
  std::string why;
  if (!serves(layout, &why)) throw InputError("the diagonal column-set tables do not serve layout " + layout.name() + ": " + why);
  n_ = layout.n();
  rows_ = layout.shape().box_rows;
  cols_ = layout.shape().box_cols;
  const int n = n_, r = rows_, c = cols_;
  const Mask full = low_bits(n);

  // Ranks of R-sets.
  for (Mask m = 0; m <= full; ++m) subsets_ += popcount(m) == r;
  subset_rank_.assign(std::size_t{1} << n, static_cast<std::uint16_t>(subsets_));
  for (Mask m = 0, rank = 0; m <= full; ++m)
    if (popcount(m) == r) subset_rank_[m] = static_cast<std::uint16_t>(rank++);

  // The ordered partitions of a box, placed by rank.
  std::uint64_t per_box = 1;
  for (int j = 0, left = n; j < c; ++j, left -= r) per_box *= binomial(left, r);
  partitions_.assign(per_box * static_cast<std::size_t>(c), 0);
  std::vector<Mask> blocks(static_cast<std::size_t>(c));
  auto place = [&](auto&& self, int j, Mask left) -> void {
    if (j == c) {
      const std::uint64_t rank = partition_rank(blocks.data());
      std::copy(blocks.begin(), blocks.end(), partitions_.begin() + static_cast<std::ptrdiff_t>(rank * c));
      return;
    }
    for (Mask m = 0; m <= full; ++m)
      if (popcount(m) == r && (m & ~left) == 0) {
        blocks[j] = m;
        self(self, j + 1, left & ~m);
      }
  };
  place(place, 0, full);

  // The relabellings that keep each set of the normal first box.
  std::vector<std::vector<int>> inner;
  std::vector<int> p(static_cast<std::size_t>(r));
  std::iota(p.begin(), p.end(), 0);
  do inner.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  std::vector<std::size_t> pick(static_cast<std::size_t>(c), 0);
  while (true) {
    std::vector<std::uint8_t> g(static_cast<std::size_t>(n));
    for (int j = 0; j < c; ++j)
      for (int k = 0; k < r; ++k) g[j * r + k] = static_cast<std::uint8_t>(j * r + inner[pick[j]][k]);
    relabellings_.push_back(std::move(g));
    int j = c - 1;
    while (j >= 0 && pick[j] + 1 == inner.size()) pick[j--] = 0;
    if (j < 0) break;
    ++pick[j];
  }

  // Classes of normal forms: each form is some relabelling of its class's least.
  std::uint64_t forms = 1;
  for (int box = 1; box < r; ++box) forms *= per_box;
  class_of_.assign(forms, kNoClass);
  relabelling_of_.assign(forms, 0);
  std::vector<Mask> sets(static_cast<std::size_t>(n)), image(static_cast<std::size_t>(n));
  for (std::uint64_t form = 0; form < forms; ++form) {
    if (class_of_[form] != kNoClass) continue;
    const auto id = static_cast<std::uint32_t>(class_size_.size());
    class_least_.push_back(form);
    class_size_.push_back(0);
    normal_sets(form, sets.data());
    for (std::size_t g = 0; g < relabellings_.size(); ++g) {
      for (int col = 0; col < n; ++col) image[col] = relabelled(sets[col], relabellings_[g].data());
      const std::uint64_t to = normal_index(image.data());
      if (class_of_[to] != kNoClass) continue;
      class_of_[to] = id;
      relabelling_of_[to] = static_cast<std::uint16_t>(g);
      ++class_size_.back();
    }
  }

  // The histograms, per class and band place.
  const std::size_t jobs = class_size_.size() * static_cast<std::size_t>(c);
  histograms_.assign(jobs, {});
#pragma omp parallel for num_threads(thread_count(threads)) schedule(dynamic, 16)
  for (std::size_t job = 0; job < jobs; ++job) {
    std::vector<Mask> own(static_cast<std::size_t>(n));
    class_sets(static_cast<std::uint32_t>(job / static_cast<std::size_t>(c)), own.data());
    histograms_[job] = band_histogram(own.data(), static_cast<int>(job % static_cast<std::size_t>(c)));
  }
  // T is at most the product of the bands' fillings, and so is every partial sum of the join.
  std::uint64_t most = 0;
  for (const DiagonalHistogram& h : histograms_) most = std::max(most, h.fillings());
  narrow_join_ = std::pow(static_cast<long double>(most), c) < 0x1p63L;
}

std::uint64_t DiagonalSetTables::partition_rank(const Mask* blocks) const {
  std::uint64_t rank = 0;
  Mask left = low_bits(n_);
  for (int j = 0; j + 1 < cols_; ++j) {
    // The colex rank of block j among the R-sets of the symbols left.
    std::uint64_t within = 0;
    int position = 0, taken = 0;
    for (Mask l = left; l; l = clear_low_bit(l), ++position)
      if (blocks[j] & low_bit(l)) within += binomial(position, ++taken);
    rank = rank * binomial(popcount(left), rows_) + within;
    left &= ~blocks[j];
  }
  return rank;
}

std::uint64_t DiagonalSetTables::normal_index(const Mask* sets) const {
  std::uint64_t index = 0;
  for (int box = rows_ - 1; box >= 1; --box) index = index * partitions_per_box() + partition_rank(sets + box * cols_);
  return index;
}

void DiagonalSetTables::normal_sets(std::uint64_t index, Mask* sets) const {
  for (int j = 0; j < cols_; ++j) sets[j] = low_bits(rows_) << (j * rows_);
  for (int box = 1; box < rows_; ++box) {
    const Mask* blocks = partition(index % partitions_per_box());
    index /= partitions_per_box();
    std::copy(blocks, blocks + cols_, sets + box * cols_);
  }
}

void DiagonalSetTables::class_sets(std::uint32_t c, Mask* sets) const { normal_sets(class_least_[c], sets); }

void DiagonalSetTables::normaliser(const Mask* sets, std::uint8_t* to_normal, std::uint8_t* from_normal) const {
  for (int j = 0; j < cols_; ++j) {
    int k = j * rows_;
    for (Mask s = sets[j]; s; s = clear_low_bit(s), ++k) {
      to_normal[low_bit_index(s)] = static_cast<std::uint8_t>(k);
      from_normal[k] = static_cast<std::uint8_t>(low_bit_index(s));
    }
  }
}

std::vector<std::array<std::uint8_t, kMaxDiagonalSymbols>> DiagonalSetTables::relabellings_between(
    const Mask* from, const Mask* to) const {
  // from's normaliser, then a relabelling keeping the normal first box, then back to's symbols.
  std::uint8_t from_to_normal[kMaxDiagonalSymbols], unused[kMaxDiagonalSymbols];
  std::uint8_t to_to_normal[kMaxDiagonalSymbols], normal_to_to[kMaxDiagonalSymbols];
  normaliser(from, from_to_normal, unused);
  normaliser(to, to_to_normal, normal_to_to);
  std::vector<std::array<std::uint8_t, kMaxDiagonalSymbols>> all(relabellings_.size());
  for (std::size_t g = 0; g < relabellings_.size(); ++g)
    for (int s = 0; s < n_; ++s) all[g][s] = normal_to_to[relabellings_[g][from_to_normal[s]]];
  return all;
}

LocatedSets DiagonalSetTables::locate(const Mask* sets) const {
  std::uint8_t to_normal[kMaxDiagonalSymbols], from_normal[kMaxDiagonalSymbols];
  normaliser(sets, to_normal, from_normal);
  Mask normal[kMaxDiagonalSymbols];
  for (int col = 0; col < n_; ++col) normal[col] = relabelled(sets[col], to_normal);
  const std::uint64_t form = normal_index(normal);
  LocatedSets located;
  located.class_id = class_of_[form];
  const std::vector<std::uint8_t>& g = relabellings_[relabelling_of_[form]];
  for (int s = 0; s < n_; ++s) located.symbol[s] = from_normal[g[s]];
  return located;
}

DiagonalHistogram DiagonalSetTables::band_histogram(const Mask* sets, int band) const {
  const int n = n_, r = rows_;
  std::vector<Mask> left(sets, sets + n);
  std::unordered_map<std::uint64_t, std::uint64_t> counts;
  // Row i of the band is row band*R + i of the grid: its diagonal cells sit in
  // columns band*R + i and n - 1 - band*R - i.
  auto main_column = [&](int i) { return band * r + i; };
  auto anti_column = [&](int i) { return n - 1 - band * r - i; };
  // Rows 0..R-2 take one symbol of each column's set, all different; the last row takes what is left.
  auto fill = [&](auto&& self, int row, int col, Mask used, Mask z1, Mask z2) -> void {
    if (row == r - 1) {
      z1 |= left[main_column(row)];
      z2 |= left[anti_column(row)];
      // A diagonal may meet a band in cells of different boxes: a symbol twice on it is no grid of the layout.
      if (popcount(z1) == r && popcount(z2) == r) ++counts[(z1 << n) | z2];
      return;
    }
    if (col == n) return self(self, row + 1, 0, 0, z1, z2);
    for (Mask options = left[col] & ~used; options; options = clear_low_bit(options)) {
      const Mask bit = low_bit(options);
      left[col] &= ~bit;
      self(self, row, col + 1, used | bit, col == main_column(row) ? z1 | bit : z1, col == anti_column(row) ? z2 | bit : z2);
      left[col] |= bit;
    }
  };
  fill(fill, 0, 0, 0, 0, 0);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> sorted(counts.begin(), counts.end());
  std::sort(sorted.begin(), sorted.end());
  DiagonalHistogram h;
  for (const auto& [key, count] : sorted) {
    const Mask z1 = key >> n, z2 = key & low_bits(n);
    if (h.buckets.empty() || h.buckets.back().z1 != z1)
      h.buckets.push_back({z1, static_cast<std::uint32_t>(h.entries.size()), static_cast<std::uint32_t>(h.entries.size())});
    h.entries.push_back({z2, count});
    ++h.buckets.back().end;
  }
  return h;
}

DiagonalJoin::DiagonalJoin(const DiagonalSetTables& tables)
    : tables_(tables),
      relabelled_(static_cast<std::size_t>(tables.columns())),
      relabelled_for_(static_cast<std::size_t>(tables.columns())),
      holds_(static_cast<std::size_t>(tables.columns()), false),
      last_(static_cast<std::size_t>(tables.subsets()) * static_cast<std::size_t>(tables.subsets() + 1), 0) {}

UInt128 DiagonalJoin::count(const LocatedSets* bands) {
  const int c = tables_.columns();
  const Mask full = low_bits(tables_.n());
  // Every band but the last in the grid's symbols (unless it is the band of the last count).
  for (int b = 0; b + 1 < c; ++b) {
    if (holds_[b] && relabelled_for_[b].class_id == bands[b].class_id &&
        relabelled_for_[b].symbol == bands[b].symbol)
      continue;
    relabelled_for_[b] = bands[b];
    holds_[b] = true;
    const DiagonalHistogram& own = tables_.histogram(bands[b].class_id, b);
    DiagonalHistogram& h = relabelled_[b];
    h.buckets = own.buckets;
    h.entries = own.entries;
    for (auto& bucket : h.buckets) bucket.z1 = relabelled(bucket.z1, bands[b].symbol.data());
    for (auto& entry : h.entries) entry.z2 = relabelled(entry.z2, bands[b].symbol.data());
  }
  // The diagonal sets left by bands 0..C-3 with their ways (merged when a band follows).
  states_.assign(1, State{0, 0, 1});
  for (int b = 0; b + 2 < c; ++b) {
    next_.clear();
    const DiagonalHistogram& h = relabelled_[b];
    for (const State& s : states_)
      for (const auto& bucket : h.buckets) {
        if (bucket.z1 & s.used1) continue;
        for (std::uint32_t e = bucket.first; e < bucket.end; ++e)
          if (!(h.entries[e].z2 & s.used2))
            next_.push_back({s.used1 | bucket.z1, s.used2 | h.entries[e].z2, s.ways * h.entries[e].count});
      }
    if (b > 0) {
      std::sort(next_.begin(), next_.end(), [](const State& x, const State& y) {
        return x.used1 != y.used1 ? x.used1 < y.used1 : x.used2 < y.used2;
      });
      std::size_t kept = 0;
      for (std::size_t i = 0; i < next_.size(); ++i) {
        if (kept > 0 && next_[kept - 1].used1 == next_[i].used1 && next_[kept - 1].used2 == next_[i].used2)
          next_[kept - 1].ways += next_[i].ways;
        else
          next_[kept++] = next_[i];
      }
      next_.resize(kept);
    }
    std::swap(states_, next_);
  }
  // The last band, densely by the ranks of its sets.
  const LocatedSets& last = bands[c - 1];
  const DiagonalHistogram& own_last = tables_.histogram(last.class_id, c - 1);
  const auto width = static_cast<std::size_t>(tables_.subsets() + 1);  // the last column stays 0
  filled_.clear();
  for (const auto& bucket : own_last.buckets) {
    const std::size_t row = static_cast<std::size_t>(tables_.subset_rank(relabelled(bucket.z1, last.symbol.data()))) * width;
    for (std::uint32_t e = bucket.first; e < bucket.end; ++e) {
      const std::size_t at = row + static_cast<std::size_t>(tables_.subset_rank(relabelled(own_last.entries[e].z2, last.symbol.data())));
      last_[at] = own_last.entries[e].count;
      filled_.push_back(at);
    }
  }
  // The band before it joined to every state and looked up in the last: the
  // states come grouped by used1 (a histogram's buckets, or sorted), so z1 is
  // checked once per group and bucket.
  const DiagonalHistogram& h = relabelled_[c - 2];
  auto join_last_two = [&](auto zero) {
    using Sum = decltype(zero);
    UInt128 total = 0;
    for (std::size_t first = 0, end = 0; first < states_.size(); first = end) {
      const Mask used1 = states_[first].used1;
      for (end = first + 1; end < states_.size() && states_[end].used1 == used1;) ++end;
      for (const auto& bucket : h.buckets) {
        if (bucket.z1 & used1) continue;
        const std::uint64_t* row =
            last_.data() + static_cast<std::size_t>(tables_.subset_rank(full & ~(used1 | bucket.z1))) * width;
        for (std::size_t i = first; i < end; ++i) {
          const Mask used2 = states_[i].used2;
          Sum sum = 0;
          // Without a branch: where z2 meets used2, the complement is no R-set and reads the 0 column.
          for (std::uint32_t e = bucket.first; e < bucket.end; ++e)
            sum += static_cast<Sum>(h.entries[e].count) * row[tables_.subset_rank(full & ~(used2 | h.entries[e].z2))];
          total += states_[i].ways * sum;
        }
      }
    }
    return total;
  };
  // In 64 bits where no sum can pass them (9x9: T < 2^31).
  const UInt128 total = tables_.narrow_join() ? join_last_two(std::uint64_t{0}) : join_last_two(UInt128{0});
  for (const std::size_t at : filled_) last_[at] = 0;
  return total;
}

}  // namespace sudoku_count::detail
