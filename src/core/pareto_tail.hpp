#pragma once
// The Pareto shape k of the upper tail of the weights, as Pareto-smoothed
// importance sampling fits it (Vehtari, Simpson, Gelman, Yao and Gabry,
// "Pareto smoothed importance sampling", JMLR 25 (2024), section 3 and
// appendix): the largest M = min(0.2 n, 3 sqrt n) weights, less the next
// largest (the threshold), are fitted by a generalised Pareto distribution
// with the empirical-Bayes estimate of Zhang and Stephens ("A new and
// efficient estimation method for the generalized Pareto distribution",
// Technometrics 51 (2009) 316-325), its k then pulled toward 0.5 by a weak
// prior worth 10 observations. Weights with a finite variance have k < 0.5;
// k >= 0.7 means the mean converges too slowly for any interval to be
// trusted (ibid., section 3.2).
#include <cstdint>
#include <limits>
#include <vector>

#include "sudoku_count/stats.hpp"

namespace sudoku_count::detail {

// Zhang-Stephens with the weak prior, on the exceedances over the
// threshold, in increasing order (non-negative, at least 5 of them). NaN
// when they are all zero or fewer than 5.
double fit_generalized_pareto_k(const std::vector<double>& exceedances);

struct TailFit {
  double k = std::numeric_limits<double>::quiet_NaN();  // NaN: not fitted
  std::uint64_t tail_size = 0;
  bool hill = false;  // k from Hill's estimator: the tail ties too much for the fit
};

// The fit over an accumulator's largest log-weights. Not fitted below
// kMinSamplesForTailFit samples. A tail with fewer distinct values than half
// its size is measured by Hill's estimator instead (see the source); one
// whose weights all equal the threshold (no spread at the top, as with
// exact samples) gives k = 0.
TailFit fit_upper_tail(const WeightAccumulator& acc);

// The tail size M = min(0.2 n, 3 sqrt n), at most kTailCapacity - 1.
std::uint64_t tail_size_for(std::uint64_t samples);

}  // namespace sudoku_count::detail
