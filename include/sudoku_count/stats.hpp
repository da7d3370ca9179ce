#pragma once
// A numerically stable, mergeable accumulator for positive weights given by
// their natural logarithms (weights of Sudoku estimators reach 1e300 and
// beyond, far past double range).
//
// The weights are held relative to a common scale exp(shift): mean and M2
// (sum of squared deviations, Welford 1962) are kept for w / exp(shift), and
// the shift follows the largest weight seen, so nothing overflows and the
// scaled values stay within [0, 1]. Two accumulators merge exactly by the
// pairwise update of Chan, Golub and LeVeque (1979). Long double gives 64-bit
// mantissas: 1e12 samples lose well under 1e-6 of relative precision.
#include <cmath>
#include <cstdint>
#include <limits>

#include "sudoku_count/bignum.hpp"

namespace sudoku_count {

inline constexpr long double kLogZero = -std::numeric_limits<long double>::infinity();

class WeightAccumulator {
 public:
  // kLogZero adds a zero weight; NaN and +inf are not weights (asserted).
  void add_log(long double log_weight);
  void merge(const WeightAccumulator& other);

  std::uint64_t count() const { return count_; }
  std::uint64_t zero_count() const { return zeros_; }
  long double shift() const { return shift_; }
  long double scaled_mean() const { return mean_; }
  long double scaled_m2() const { return m2_; }
  long double scaled_max() const { return max_; }

  // Restores a state saved from the accessors above.
  static WeightAccumulator from_state(std::uint64_t count, std::uint64_t zeros, long double shift, long double mean,
                                      long double m2, long double max);

 private:
  void rescale_to(long double new_shift);

  std::uint64_t count_ = 0;
  std::uint64_t zeros_ = 0;
  long double shift_ = kLogZero;  // log of the scale; -inf until a positive weight arrives
  long double mean_ = 0;          // mean of w / exp(shift)
  long double m2_ = 0;            // sum of squared deviations of w / exp(shift)
  long double max_ = 0;           // largest w / exp(shift)
};

// What a user reads off an accumulator.
struct Summary {
  std::uint64_t samples = 0;
  BigFloat estimate = 0;  // meaningful once samples >= 1
  // The standard error and the interval need at least two samples; below
  // that they are undefined (error_known false) and left at 0.
  bool error_known = false;
  BigFloat std_error = 0;
  BigFloat ci_low = 0, ci_high = 0;
  double rel_std_error = std::numeric_limits<double>::infinity();  // +inf when undefined
  double log10_estimate = -std::numeric_limits<double>::infinity();
  double confidence = 0.95;
  // Diagnostics for heavy tails: effective sample size (sum w)^2 / sum w^2 and
  // the largest single weight's share of the total.
  double effective_sample_size = 0;
  double max_weight_share = 0;
  double zero_fraction = 0;
};

// Normal-approximation interval at the given confidence (0 < c < 1).
Summary summarize(const WeightAccumulator& acc, double confidence = 0.95);

// Two-sided standard normal quantile: z with P(|Z| <= z) = confidence, for
// 0 <= confidence < 1 (finite even for a confidence one ulp below 1).
double normal_two_sided_quantile(double confidence);

}  // namespace sudoku_count
