#include "core/pareto_tail.hpp"

#include <algorithm>
#include <cmath>

namespace sudoku_count::detail {

std::uint64_t tail_size_for(std::uint64_t samples) {
  const double n = static_cast<double>(samples);
  const double m = std::floor(std::min(0.2 * n, 3 * std::sqrt(n)));
  return std::min<std::uint64_t>(static_cast<std::uint64_t>(m), WeightAccumulator::kTailCapacity - 1);
}

double fit_generalized_pareto_k(const std::vector<double>& x) {
  const std::size_t n = x.size();
  if (n < 5 || x.back() <= 0) return std::numeric_limits<double>::quiet_NaN();
  // Zhang and Stephens: a grid of m values of theta = -k / sigma, each
  // weighted by its profile likelihood; the posterior mean of theta gives
  // k as the mean of log(1 - theta x).
  const std::size_t m = 30 + static_cast<std::size_t>(std::sqrt(static_cast<double>(n)));
  constexpr double kPrior = 3;
  const double first_quartile = x[static_cast<std::size_t>(std::floor(n / 4.0 + 0.5)) - 1];
  const double quartile = first_quartile > 0 ? first_quartile : x.back();
  std::vector<double> theta(m), log_lik(m);
  for (std::size_t j = 0; j < m; ++j) {
    theta[j] = 1 / x.back() + (1 - std::sqrt(m / (j + 0.5))) / kPrior / quartile;
    double mean_log = 0;
    for (const double xi : x) mean_log += std::log1p(-theta[j] * xi);
    mean_log /= static_cast<double>(n);
    // Profile log-likelihood: n (log(-theta / k) - k - 1), k = mean log(1 - theta x).
    const double k = mean_log;
    log_lik[j] = static_cast<double>(n) * (std::log(-theta[j] / k) - k - 1);
    if (!std::isfinite(log_lik[j])) log_lik[j] = -std::numeric_limits<double>::infinity();
  }
  const double top = *std::max_element(log_lik.begin(), log_lik.end());
  double weight_sum = 0, theta_hat = 0;
  for (std::size_t j = 0; j < m; ++j) {
    const double w = std::exp(log_lik[j] - top);
    weight_sum += w;
    theta_hat += w * theta[j];
  }
  theta_hat /= weight_sum;
  double k = 0;
  for (const double xi : x) k += std::log1p(-theta_hat * xi);
  k /= static_cast<double>(n);
  // The weak prior of PSIS: k pulled toward 0.5 as if by 10 more observations.
  constexpr double kPriorWeight = 10;
  return (k * static_cast<double>(n) + kPriorWeight * 0.5) / (static_cast<double>(n) + kPriorWeight);
}

TailFit fit_upper_tail(const WeightAccumulator& acc) {
  TailFit fit;
  if (acc.count() < kMinSamplesForTailFit) return fit;
  const std::uint64_t m = tail_size_for(acc.count());
  const std::vector<long double> largest = acc.largest_logs();  // decreasing
  if (largest.size() < m + 1) return fit;  // too few positive weights to fit
  fit.tail_size = m;
  // Weights that take few distinct values (methods that sum most of the
  // grid exactly draw from a short list of class weights) tie in the tail,
  // and the excesses over a tied threshold are no sample of a continuous
  // tail: the Zhang-Stephens fit then reads the gaps between the few top
  // values as a heavy tail. There the tail index is Hill's estimate, the
  // mean log-ratio of the M largest weights to the threshold (Hill, Ann.
  // Statist. 3 (1975) 1163-1174): the same k for a Pareto tail, and near 0
  // for weights bounded within a small factor, as such weights are.
  std::uint64_t distinct = 1;
  for (std::uint64_t i = 1; i <= m; ++i) distinct += largest[i] != largest[i - 1];
  if (2 * distinct < m + 1) {
    fit.hill = true;
    long double sum = 0;
    for (std::uint64_t i = 0; i < m; ++i) sum += largest[i] - largest[m];
    fit.k = static_cast<double>(sum / static_cast<long double>(m));
    return fit;
  }
  // Relative to the largest weight, so nothing overflows: exceedances of the
  // M largest over the next one, in increasing order.
  const long double top = largest[0];
  const double threshold = static_cast<double>(std::exp(largest[m] - top));
  std::vector<double> exceedances(m);
  for (std::uint64_t i = 0; i < m; ++i)
    exceedances[m - 1 - i] = std::max(0.0, static_cast<double>(std::exp(largest[i] - top)) - threshold);
  if (exceedances.back() <= 0) {
    fit.k = 0;
    return fit;
  }
  fit.k = fit_generalized_pareto_k(exceedances);
  return fit;
}

}  // namespace sudoku_count::detail
