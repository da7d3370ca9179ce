#include "sudoku_count/stats.hpp"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cassert>

namespace sudoku_count {

void WeightAccumulator::rescale_to(long double new_shift) {
  if (shift_ == kLogZero) {
    shift_ = new_shift;  // all weights so far are zero: the scaled sums are 0
    return;
  }
  const long double factor = std::exp(shift_ - new_shift);
  mean_ *= factor;
  m2_ *= factor * factor;
  max_ *= factor;
  shift_ = new_shift;
}

void WeightAccumulator::add_log(long double log_weight) {
  assert(!std::isnan(log_weight) && log_weight != std::numeric_limits<long double>::infinity());
  ++count_;
  long double w = 0;
  if (log_weight == kLogZero) {
    ++zeros_;
  } else {
    if (log_weight > shift_) rescale_to(log_weight);
    w = std::exp(log_weight - shift_);
    max_ = std::max(max_, w);
  }
  const long double delta = w - mean_;
  mean_ += delta / static_cast<long double>(count_);
  m2_ += delta * (w - mean_);
}

void WeightAccumulator::merge(const WeightAccumulator& other) {
  if (other.count_ == 0) return;
  if (count_ == 0) {
    *this = other;
    return;
  }
  WeightAccumulator b = other;
  if (b.shift_ > shift_) rescale_to(b.shift_);
  else if (shift_ > b.shift_) b.rescale_to(shift_);
  const long double na = static_cast<long double>(count_), nb = static_cast<long double>(b.count_);
  const long double n = na + nb;
  const long double delta = b.mean_ - mean_;
  // The mean as a weighted average of two non-negative means, not Chan's
  // mean_a + delta * nb / n: when a few samples with a large mean meet many
  // with a small one, that form computes a small mean as the difference of
  // two large terms and loses its leading digits (about 1e-8 of relative
  // precision for one sample against 1e12; test Stats.TrillionsOf...).
  mean_ = (na * mean_ + nb * b.mean_) / n;
  m2_ += b.m2_ + delta * delta * na * nb / n;
  max_ = std::max(max_, b.max_);
  count_ += b.count_;
  zeros_ += b.zeros_;
}

WeightAccumulator WeightAccumulator::from_state(std::uint64_t count, std::uint64_t zeros, long double shift,
                                                long double mean, long double m2, long double max) {
  WeightAccumulator acc;
  acc.count_ = count;
  acc.zeros_ = zeros;
  acc.shift_ = shift;
  acc.mean_ = mean;
  acc.m2_ = m2;
  acc.max_ = max;
  return acc;
}

double normal_two_sided_quantile(double confidence) {
  // The upper tail (1 - c) / 2 rather than 0.5 + c / 2: the latter rounds to
  // 1 (an infinite quantile) for c within an ulp of 1, and loses digits of
  // the tail long before.
  const boost::math::normal_distribution<double> normal;
  return boost::math::quantile(boost::math::complement(normal, (1 - confidence) / 2));
}

Summary summarize(const WeightAccumulator& acc, double confidence) {
  Summary s;
  s.samples = acc.count();
  s.confidence = confidence;
  if (s.samples == 0) return s;
  s.zero_fraction = static_cast<double>(acc.zero_count()) / static_cast<double>(s.samples);
  if (acc.shift() == kLogZero || acc.scaled_mean() <= 0) {
    // Every weight was zero: the estimate is 0 with no spread seen.
    s.rel_std_error = std::numeric_limits<double>::infinity();
    return s;
  }
  const long double n = static_cast<long double>(s.samples);
  const long double mean = acc.scaled_mean();
  const long double m2 = std::max<long double>(acc.scaled_m2(), 0);  // rounding can leave -0
  const BigFloat scale = exp_big(acc.shift());
  s.estimate = BigFloat(mean) * scale;
  s.log10_estimate = static_cast<double>((std::log(mean) + acc.shift()) / std::log(10.0L));
  const long double sum = mean * n;
  const long double sum_sq = m2 + n * mean * mean;
  s.effective_sample_size = static_cast<double>(sum * sum / sum_sq);
  s.max_weight_share = static_cast<double>(acc.scaled_max() / sum);
  if (s.samples >= 2) {
    s.error_known = true;
    const long double se_scaled = std::sqrt(m2 / (n - 1) / n);
    s.std_error = BigFloat(se_scaled) * scale;
    s.rel_std_error = static_cast<double>(se_scaled / mean);
    const BigFloat half_width = s.std_error * normal_two_sided_quantile(confidence);
    // A count is never negative: the normal interval is cut at zero.
    s.ci_low = std::max(BigFloat(0), BigFloat(s.estimate - half_width));
    s.ci_high = s.estimate + half_width;
  }
  return s;
}

}  // namespace sudoku_count
