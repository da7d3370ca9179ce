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
#include <string>
#include <vector>

#include "sudoku_count/bignum.hpp"

namespace sudoku_count {

inline constexpr long double kLogZero = -std::numeric_limits<long double>::infinity();

class WeightAccumulator {
 public:
  // Log-weights kept for the tail fit: the largest min(n, kTailCapacity).
  // The fit uses the largest M = min(0.2 n, 3 sqrt n) (Vehtari et al.,
  // "Pareto smoothed importance sampling", JMLR 25 (2024)), at most
  // kTailCapacity - 1 of them plus the threshold below them, so keeping the
  // largest kTailCapacity of every part keeps them exactly under merging.
  static constexpr std::size_t kTailCapacity = 10000;
  // Samples are dealt in turn to kReplicates groups (sample i of the
  // accumulator, in the order added, to group i mod kReplicates; merging
  // appends): the groups' means are independent unbiased estimates, the
  // material of the tail-proof lower bound (docs/method.md). 16 groups gave
  // the tightest bound, by simulation, at the 100-1000 samples of the runs
  // that need it (heavy tails, large grids): 0.64-0.80 of the count at 120
  // lognormal samples of log-variance 0.5-2, against 0.62-0.84 for 32 and
  // 0.32-0.50 for the 8 groups and smallest mean used before.
  static constexpr int kReplicates = 16;
  // Runs saved before (checkpoint format 2) dealt their samples to 8
  // groups; such an accumulator keeps its 8. Merged with one of another
  // number of groups, the groups no longer deal the samples in turn, and the
  // accumulator keeps none: group_total() 0, no lower bound.
  static constexpr int kOldReplicates = 8;
  int group_total() const { return group_total_; }

  // kLogZero adds a zero weight; NaN and +inf are not weights (asserted).
  void add_log(long double log_weight);
  // As if every sample of `other` were added after those of this one.
  void merge(const WeightAccumulator& other);

  std::uint64_t count() const { return count_; }
  std::uint64_t zero_count() const { return zeros_; }
  long double shift() const { return shift_; }
  long double scaled_mean() const { return mean_; }
  long double scaled_m2() const { return m2_; }
  long double scaled_max() const { return max_; }

  // Mean and sum of squared deviations of the logs of the positive weights
  // (count() - zero_count() of them).
  long double log_mean() const { return log_mean_; }
  long double log_m2() const { return log_m2_; }
  // The largest log-weights kept, in decreasing order.
  std::vector<long double> largest_logs() const;
  // Samples of group g and the sum of their weights / exp(shift()).
  std::uint64_t group_count(int g) const { return groups_[g].count; }
  long double group_scaled_sum(int g) const { return groups_[g].scaled_sum; }

  // The whole state, as saved in checkpoints and sent between processes.
  struct State {
    std::uint64_t count = 0, zeros = 0;
    long double shift = kLogZero, mean = 0, m2 = 0, max = 0;
    long double log_mean = 0, log_m2 = 0;
    std::vector<long double> largest_logs;  // any order
    int groups = kReplicates;  // kReplicates, kOldReplicates, or 0 (none kept)
    std::uint64_t group_counts[kReplicates] = {};
    long double group_sums[kReplicates] = {};
  };
  State state() const;
  // Restores a saved state. Throws std::invalid_argument for a state no
  // accumulator can reach (counts that do not add up, negative sums, ...).
  static WeightAccumulator from_state(const State& state);

 private:
  struct Group {
    std::uint64_t count = 0;
    long double scaled_sum = 0;  // sum of w / exp(shift)
  };
  void rescale_to(long double new_shift);
  void keep_largest(long double log_weight);

  std::uint64_t count_ = 0;
  std::uint64_t zeros_ = 0;
  long double shift_ = kLogZero;  // log of the scale; -inf until a positive weight arrives
  long double mean_ = 0;          // mean of w / exp(shift)
  long double m2_ = 0;            // sum of squared deviations of w / exp(shift)
  long double max_ = 0;           // largest w / exp(shift)
  long double log_mean_ = 0;      // of log w over positive weights
  long double log_m2_ = 0;
  std::vector<long double> largest_;  // a min-heap of the largest log-weights
  int group_total_ = kReplicates;
  Group groups_[kReplicates];
};

// Whether a printed two-sided interval can be trusted, from the Pareto fit
// of the upper weight tail (k-hat; Vehtari et al. 2024, section 3):
// k < 0.5 the variance is finite and the normal interval holds (ok); 0.5 <=
// k < pareto_k_threshold(n) the variance may be infinite but the mean
// converges at a usable rate (approximate); k at or above the threshold, or
// too few samples to fit the tail, the standard error means nothing
// (unreliable: no interval is printed, only the tail-proof lower bound).
// Fewer samples than a lognormal weight with the measured log-variance needs
// (lognormal_samples_needed) is unreliable too.
enum class IntervalStatus { Ok, Approximate, Unreliable };
const char* interval_name(IntervalStatus status);  // "ok", "approximate", "unreliable"

// Samples needed before the tail is fitted at all (the fit uses the largest
// min(0.2 n, 3 sqrt n) of them).
inline constexpr std::uint64_t kMinSamplesForTailFit = 100;

// The k-hat above which n samples give no usable mean: min(1 - 1/log10 n,
// 0.7) (Vehtari, Simpson, Gelman, Yao and Gabry, "Pareto smoothed importance
// sampling", JMLR 25 (2024), section 3.2.4, eq. 13: with fewer samples the fit's
// own error, and the pre-asymptotic bias of the mean, need a lighter tail
// before the error of the mean can be trusted). 0.5 at n = 100, 0.67 at
// 1000, 0.7 from 2155 on. Meaningful for n >= kMinSamplesForTailFit; below
// that (where nothing is fitted) it is 0.5, the rule's value at 100.
double pareto_k_threshold(std::uint64_t samples);

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

  // Tail diagnostics (docs/method.md, "Error bars under heavy tails").
  double log_weight_mean = 0;  // mean of the natural logs of the positive weights
  double log_weight_var = 0;   // their variance S (0 below two positive weights)
  // Relative variance of one weight, Var(w) / E(w)^2: as measured, and as a
  // lognormal with the measured S would have it (e^S - 1).
  double empirical_rel_var = 0;
  double lognormal_rel_var = 0;
  // The measured relative variance is far below the lognormal one: the
  // rare large weights have probably not been drawn yet.
  bool tail_unsampled = false;
  // Samples a lognormal weight with this S needs before its standard error
  // is itself accurate to about 25% (lognormal_samples_needed); fewer make
  // the interval unreliable whatever k says.
  double lognormal_samples_needed = 0;
  double pareto_k = std::numeric_limits<double>::quiet_NaN();  // NaN: not fitted (too few samples)
  std::uint64_t tail_size = 0;  // weights in the fit
  double pareto_k_threshold = 0.5;  // the threshold applied: pareto_k_threshold(samples)
  IntervalStatus interval = IntervalStatus::Unreliable;
  // A bound below which the count lies with probability at most
  // 1 - confidence, whatever the tail: the geometric mean of the
  // kReplicates group means times (1 - confidence)^(1/kReplicates)
  // (Markov's inequality for their product; docs/method.md). Known once
  // every group holds a sample.
  bool lower_bound_known = false;
  BigFloat lower_bound = 0;
};

// 4 e^(4S): for a lognormal weight with log-variance S the sample variance
// has relative variance about e^(4S) / n (E w^4 / (E w^2)^2 = e^(4S)), so the
// standard error s / sqrt(n) is within about 25% once n >= 4 e^(4S).
double lognormal_samples_needed(double log_weight_var);

// Normal-approximation interval at the given confidence (0 < c < 1).
Summary summarize(const WeightAccumulator& acc, double confidence = 0.95);

// Two-sided standard normal quantile: z with P(|Z| <= z) = confidence, for
// 0 <= confidence < 1 (finite even for a confidence one ulp below 1).
double normal_two_sided_quantile(double confidence);

}  // namespace sudoku_count
