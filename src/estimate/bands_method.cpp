#include "estimate/bands_method.hpp"

#include "bands/band_completions.hpp"

#include <cmath>

namespace sudoku_count::detail {
BandEstimator::BandEstimator(std::shared_ptr<const BandTables> tables)
    : tables_(std::move(tables)), layout_(tables_->shape) {
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

}  // namespace sudoku_count::detail
