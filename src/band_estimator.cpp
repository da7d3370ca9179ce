#include "sudoku_count/band_estimator.hpp"

#include <cmath>

namespace sudoku_count {
namespace {

__extension__ using Wide = unsigned __int128;  // exact sums of f products

// Every way to give the C columns of one box R symbols each, from the
// symbols still available in each column, with no symbol used twice. An
// option is C consecutive masks in `out`.
void box_options(const Mask* avail, int c, int r, std::vector<Mask>& out) {
  out.clear();
  std::vector<Mask> chosen(c);
  auto choose = [&](auto&& self, int column, Mask used) -> void {
    if (column == c) {
      out.insert(out.end(), chosen.begin(), chosen.end());
      return;
    }
    const Mask pool = avail[column] & ~used;
    if (popcount(pool) < r) return;
    // Walk the submasks of `pool`, keeping those of size R.
    for (Mask subset = pool;; subset = (subset - 1) & pool) {
      if (popcount(subset) == r) {
        chosen[column] = subset;
        self(self, column + 1, used | subset);
      }
      if (subset == 0) break;
    }
  };
  choose(choose, 0, 0);
}

// Sum over band C-1's column sets X of f(X) * f(avail - X), the last band's
// sets being forced to what is left in each column.
Wide last_two_bands(const BandFillings& fillings, const Mask* avail) {
  const Shape& shape = fillings.shape();
  const int r = shape.box_rows, c = shape.box_cols, n = shape.n();
  std::vector<std::vector<Mask>> options(r);
  for (int b = 0; b < r; ++b) {
    box_options(avail + b * c, c, r, options[b]);
    if (options[b].empty()) return 0;
  }
  auto option_count = [&](int b) { return options[b].size() / c; };
  Wide total = 0;

  if (fillings.tabulated()) {
    // The key of X splits into one term per box once box 0 fixes the
    // relabelling: precompute each box's terms for X and for its complement,
    // then the sum over boxes 1..R-1 is a sum over index tuples.
    std::vector<std::vector<std::size_t>> key_a(r), key_b(r);
    Mask complement[kMaxGridSize];
    for (std::size_t o0 = 0; o0 < option_count(0); ++o0) {
      const Mask* a0 = &options[0][o0 * c];
      for (int k = 0; k < c; ++k) complement[k] = avail[k] & ~a0[k];
      const auto relabel_a = fillings.canonical_relabel(a0);
      const auto relabel_b = fillings.canonical_relabel(complement);
      for (int b = 1; b < r; ++b) {
        key_a[b].resize(option_count(b));
        key_b[b].resize(option_count(b));
        for (std::size_t o = 0; o < option_count(b); ++o) {
          const Mask* ab = &options[b][o * c];
          for (int k = 0; k < c; ++k) complement[k] = avail[b * c + k] & ~ab[k];
          key_a[b][o] = fillings.key_contribution(b, ab, relabel_a);
          key_b[b][o] = fillings.key_contribution(b, complement, relabel_b);
        }
      }
      auto sum_boxes = [&](auto&& self, int b, std::size_t ka, std::size_t kb) -> Wide {
        const std::size_t count = key_a[b].size();
        Wide sum = 0;
        if (b + 1 == r) {
          for (std::size_t o = 0; o < count; ++o)
            sum += static_cast<Wide>(fillings.at_key(ka + key_a[b][o]) * fillings.at_key(kb + key_b[b][o]));
          return sum;
        }
        for (std::size_t o = 0; o < count; ++o) sum += self(self, b + 1, ka + key_a[b][o], kb + key_b[b][o]);
        return sum;
      };
      total += sum_boxes(sum_boxes, 1, 0, 0);
    }
    return total;
  }

  // Direct: walk every tuple of box options.
  std::vector<Mask> x(n), rest(n);
  std::vector<std::size_t> index(r, 0);
  for (;;) {
    for (int b = 0; b < r; ++b)
      for (int k = 0; k < c; ++k) {
        x[b * c + k] = options[b][index[b] * c + k];
        rest[b * c + k] = avail[b * c + k] & ~x[b * c + k];
      }
    total += static_cast<Wide>(fillings.count(x.data())) * fillings.count(rest.data());
    int b = r - 1;
    while (b >= 0 && ++index[b] == option_count(b)) index[b--] = 0;
    if (b < 0) break;
  }
  return total;
}

}  // namespace

BandEstimator::BandEstimator(std::shared_ptr<const BandTables> tables) : tables_(std::move(tables)) {
  log_bands_total_ = static_cast<long double>(boost::multiprecision::log(BigFloat(tables_->bands_total)));
  // Blocks of roughly equal work: the exact sum over band C-1 dominates a
  // sample when C >= 3 and R >= 3.
  const Shape& s = tables_->shape;
  samples_per_block_ = (s.box_cols >= 3 && s.box_rows >= 3) ? 8 : 256;
}

long double BandEstimator::sample_log(Rng& rng, Workspace&) const {
  const Shape& s = tables_->shape;
  const int r = s.box_rows, c = s.box_cols, n = s.n();
  const BandFillings& fillings = *tables_->fillings;
  Mask sets[kMaxGridSize], avail[kMaxGridSize];
  tables_->bands->column_sets(uniform_below(rng, tables_->bands->size()), sets);
  for (int j = 0; j < n; ++j) avail[j] = low_bits(n) & ~sets[j];
  long double log_weight = log_bands_total_;
  if (c == 1) return log_weight;  // the band is the whole grid

  // Middle bands: uniform column sets, weighted by the number of choices.
  std::vector<Mask> options;
  for (int band = 2; band <= c - 2; ++band) {
    for (int b = 0; b < r; ++b) {
      box_options(avail + b * c, c, r, options);
      const std::size_t count = options.size() / c;
      if (count == 0) return kLogZero;
      const std::size_t pick = uniform_below(rng, count);
      std::copy_n(&options[pick * c], c, sets + b * c);
      log_weight += std::log(static_cast<long double>(count));
    }
    log_weight += std::log(static_cast<long double>(fillings.count(sets)));
    for (int j = 0; j < n; ++j) avail[j] &= ~sets[j];
  }
  if (c == 2) return log_weight + std::log(static_cast<long double>(fillings.count(avail)));
  const Wide sum = last_two_bands(fillings, avail);
  if (sum == 0) return kLogZero;
  return log_weight + std::log(static_cast<long double>(sum));
}

}  // namespace sudoku_count
