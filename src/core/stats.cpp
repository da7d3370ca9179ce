#include "sudoku_count/stats.hpp"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cassert>
#include <functional>
#include <stdexcept>

#include "core/pareto_tail.hpp"

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
  for (Group& group : groups_) group.scaled_sum *= factor;
  shift_ = new_shift;
}

// The heap keeps its smallest element in front, so a new log-weight either
// replaces it or is dropped.
void WeightAccumulator::keep_largest(long double log_weight) {
  if (largest_.size() < kTailCapacity) {
    largest_.push_back(log_weight);
    std::push_heap(largest_.begin(), largest_.end(), std::greater<>());
  } else if (log_weight > largest_.front()) {
    std::pop_heap(largest_.begin(), largest_.end(), std::greater<>());
    largest_.back() = log_weight;
    std::push_heap(largest_.begin(), largest_.end(), std::greater<>());
  }
}

void WeightAccumulator::add_log(long double log_weight) {
  assert(!std::isnan(log_weight) && log_weight != std::numeric_limits<long double>::infinity());
  Group none;
  Group& group = group_total_ > 0 ? groups_[count_ % group_total_] : none;
  ++count_;
  ++group.count;
  long double w = 0;
  if (log_weight == kLogZero) {
    ++zeros_;
  } else {
    if (log_weight > shift_) rescale_to(log_weight);
    w = std::exp(log_weight - shift_);
    max_ = std::max(max_, w);
    group.scaled_sum += w;
    const long double positives = static_cast<long double>(count_ - zeros_);
    const long double log_delta = log_weight - log_mean_;
    log_mean_ += log_delta / positives;
    log_m2_ += log_delta * (log_weight - log_mean_);
    keep_largest(log_weight);
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
  // Chan, Golub and LeVeque for the log-weights of the positive weights.
  const long double pa = static_cast<long double>(count_ - zeros_), pb = static_cast<long double>(b.count_ - b.zeros_);
  if (pb > 0) {
    const long double log_delta = b.log_mean_ - log_mean_;
    log_mean_ = (pa * log_mean_ + pb * b.log_mean_) / (pa + pb);
    log_m2_ += b.log_m2_ + log_delta * log_delta * pa * pb / (pa + pb);
  }
  for (const long double log_weight : b.largest_) keep_largest(log_weight);
  // An empty side takes the other's number of groups; two different ones
  // keep none (group_total).
  if (count_ == 0) group_total_ = b.group_total_;
  else if (b.count_ > 0 && b.group_total_ != group_total_) group_total_ = 0;
  if (group_total_ == 0) {
    for (Group& group : groups_) group = {};
  } else {
    // Sample j of b becomes sample count_ + j: its group moves on by count_.
    const int offset = static_cast<int>(count_ % group_total_);
    for (int g = 0; g < group_total_; ++g) {
      Group& into = groups_[(g + offset) % group_total_];
      into.count += b.groups_[g].count;
      into.scaled_sum += b.groups_[g].scaled_sum;
    }
  }
  count_ += b.count_;
  zeros_ += b.zeros_;
}

std::vector<long double> WeightAccumulator::largest_logs() const {
  std::vector<long double> sorted = largest_;
  std::sort(sorted.begin(), sorted.end(), std::greater<>());
  return sorted;
}

WeightAccumulator::State WeightAccumulator::state() const {
  State st;
  st.count = count_;
  st.zeros = zeros_;
  st.shift = shift_;
  st.mean = mean_;
  st.m2 = m2_;
  st.max = max_;
  st.log_mean = log_mean_;
  st.log_m2 = log_m2_;
  st.largest_logs = largest_logs();
  st.groups = group_total_;
  for (int g = 0; g < group_total_; ++g) {
    st.group_counts[g] = groups_[g].count;
    st.group_sums[g] = groups_[g].scaled_sum;
  }
  return st;
}

WeightAccumulator WeightAccumulator::from_state(const State& st) {
  auto impossible = [](const char* why) { throw std::invalid_argument(std::string("impossible accumulator state: ") + why); };
  if (st.zeros > st.count) impossible("more zero weights than samples");
  if (!std::isfinite(st.mean) || st.mean < 0 || !std::isfinite(st.m2) || st.m2 < 0 || !std::isfinite(st.max) ||
      st.max < 0 || std::isnan(st.shift) || st.shift == std::numeric_limits<long double>::infinity())
    impossible("bad weight sums");
  if (!std::isfinite(st.log_mean) || !std::isfinite(st.log_m2) || st.log_m2 < 0) impossible("bad log-weight moments");
  const std::uint64_t positives = st.count - st.zeros;
  if (st.largest_logs.size() != std::min<std::uint64_t>(positives, kTailCapacity))
    impossible("the number of largest log-weights does not match the positive weights");
  std::uint64_t grouped = 0;
  const int k = st.groups;
  if (k != kReplicates && k != kOldReplicates && k != 0) impossible("a number of groups other than 16, 8 or none");
  for (int g = 0; g < k; ++g) {
    if (!std::isfinite(st.group_sums[g]) || st.group_sums[g] < 0) impossible("a negative group sum");
    // Sample i went to group i mod k: group g holds ceil((n - g) / k).
    const std::uint64_t expected = st.count > static_cast<std::uint64_t>(g) ? (st.count - g + k - 1) / k : 0;
    if (st.group_counts[g] != expected) impossible("group sizes that do not deal the samples in turn");
    grouped += st.group_counts[g];
  }
  for (const long double lw : st.largest_logs)
    if (!std::isfinite(lw) || lw > st.shift) impossible("a kept log-weight beyond the largest weight");
  WeightAccumulator acc;
  acc.count_ = st.count;
  acc.zeros_ = st.zeros;
  acc.shift_ = st.shift;
  acc.mean_ = st.mean;
  acc.m2_ = st.m2;
  acc.max_ = st.max;
  acc.log_mean_ = st.log_mean;
  acc.log_m2_ = st.log_m2;
  acc.largest_ = st.largest_logs;
  std::make_heap(acc.largest_.begin(), acc.largest_.end(), std::greater<>());
  acc.group_total_ = k;
  for (int g = 0; g < k; ++g) acc.groups_[g] = {st.group_counts[g], st.group_sums[g]};
  (void)grouped;
  return acc;
}

const char* interval_name(IntervalStatus status) {
  switch (status) {
    case IntervalStatus::Ok: return "ok";
    case IntervalStatus::Approximate: return "approximate";
    case IntervalStatus::Unreliable: break;
  }
  return "unreliable";
}

double normal_two_sided_quantile(double confidence) {
  // The upper tail (1 - c) / 2 rather than 0.5 + c / 2: the latter rounds to
  // 1 (an infinite quantile) for c within an ulp of 1, and loses digits of
  // the tail long before.
  const boost::math::normal_distribution<double> normal;
  return boost::math::quantile(boost::math::complement(normal, (1 - confidence) / 2));
}

double pareto_k_threshold(std::uint64_t samples) {
  if (samples < kMinSamplesForTailFit) return 0.5;
  return std::min(1 - 1 / std::log10(static_cast<double>(samples)), 0.7);
}

double lognormal_samples_needed(double log_weight_var) {
  return std::ceil(4 * std::exp(4 * std::min(log_weight_var, 100.0)));
}

namespace {

// The tail diagnostics of a summary whose estimate is set (docs/method.md,
// "Error bars under heavy tails").
void add_tail_diagnostics(const WeightAccumulator& acc, Summary& s) {
  const std::uint64_t positives = acc.count() - acc.zero_count();
  s.log_weight_mean = static_cast<double>(acc.log_mean());
  s.log_weight_var = positives >= 2 ? static_cast<double>(acc.log_m2() / (positives - 1)) : 0;
  s.lognormal_rel_var = std::expm1(s.log_weight_var);
  if (s.samples >= 2 && acc.scaled_mean() > 0) {
    const long double mean = acc.scaled_mean();
    s.empirical_rel_var = static_cast<double>(std::max<long double>(acc.scaled_m2(), 0) / (s.samples - 1) / (mean * mean));
  }
  // "Far below": a quarter. A lognormal's relative variance is carried by
  // weights beyond its mean by about S standard deviations, which a run
  // that has not met them yet measures as a small fraction.
  s.tail_unsampled = s.samples >= 2 && s.empirical_rel_var < 0.25 * s.lognormal_rel_var;

  const detail::TailFit fit = detail::fit_upper_tail(acc);
  s.tail_size = fit.tail_size;
  s.pareto_k = fit.k;
  s.lognormal_samples_needed = lognormal_samples_needed(s.log_weight_var);
  s.pareto_k_threshold = pareto_k_threshold(s.samples);
  if (!s.error_known || s.samples < kMinSamplesForTailFit || std::isnan(fit.k) ||
      static_cast<double>(s.samples) < s.lognormal_samples_needed)
    s.interval = IntervalStatus::Unreliable;
  else if (fit.k < 0.5)
    s.interval = IntervalStatus::Ok;
  else if (fit.k < s.pareto_k_threshold)
    s.interval = IntervalStatus::Approximate;
  else
    s.interval = IntervalStatus::Unreliable;

  // Markov for the product of the K independent group means G_g, each of
  // mean mu: E[prod G_g / mu^K] = 1, so P(prod G_g >= mu^K / alpha) <=
  // alpha, alpha = 1 - confidence; hence L = alpha^(1/K) (prod G_g)^(1/K)
  // exceeds mu with probability at most alpha. In logs, relative to the
  // shift; a group mean of 0 makes the bound 0.
  const int groups = acc.group_total();
  if (groups == 0) return;  // groups not kept (runs of another format merged): no bound
  long double sum_log_means = 0;
  for (int g = 0; g < groups; ++g) {
    if (acc.group_count(g) == 0) return;
    const long double mean = acc.group_scaled_sum(g) / static_cast<long double>(acc.group_count(g));
    sum_log_means += mean > 0 ? std::log(mean) : kLogZero;
  }
  s.lower_bound_known = true;
  const long double log_bound = (sum_log_means + std::log(static_cast<long double>(1 - s.confidence))) / groups;
  s.lower_bound = acc.shift() == kLogZero || log_bound == kLogZero ? BigFloat(0) : exp_big(log_bound + acc.shift());
}

}  // namespace

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
  add_tail_diagnostics(acc, s);
  return s;
}

}  // namespace sudoku_count
