// Where the variance of one SMC replicate comes from, step by step
// (docs/benchmarks.md, "Variance by step").
//
// A replicate's estimate Z is the last value of the martingale of the
// unbiasedness proof (docs/method.md, section 9),
//   M_t = Z_t (1/P) sum_p w_p h_t(x_p)
// (Z_t the product of the mean weights so far, w_p the weight particle p
// carries since the last resampling, h_t(x) the expected weight of the
// steps still to take from x), so Var Z = sum over steps t of
// E[(M_t - M_{t-1})^2]: the term of step t is what its draws and the
// resampling after it add, averaged over the populations it starts from.
// M_t is estimated without bias by picking a particle p uniformly and
// running SMC replicates from x_p (an unbiased estimate of h_t(x_p)); with
// two independent such estimates A, B of each M_t, E[(A_t - A_{t-1})
// (B_t - B_{t-1})] = E[(M_t - M_{t-1})^2] exactly, whatever their noise,
// which only widens the standard errors. Deterministic steps (known
// choices, forced sets, exact closings) add nothing (M_t = M_{t-1}) and are
// not listed; after the last step that draws, M is Z itself. The terms are
// printed relative to Z^2, so they add up to the relative variance of one
// replicate, printed beside them (from the replicates' own estimates) as a
// check. particles=1 decomposes one path of the sets steps.
//
// usage: variance_steps BOX REPLICATES INNER SEED [particles=P] [draws=K]
//                       [closing=2|3] [exact-rows=N] [boxes=table|sequential]
//                       [averaged=0|1] [threads=T]
//   INNER  SMC replicates (of the default P) per estimate of h
// Prints one JSON line per step and one for the total.
#include <omp.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "bench_settings.hpp"
#include "estimate/smc_method.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;

namespace {

std::string label_of(const SetsSteps& steps, const PartialGrid& before, SetsSteps::Step step) {
  const std::string band = "band " + std::to_string(before.band);
  if (step == SetsSteps::Step::ColumnSets)
    return band + " column sets" +
           (steps.tuning().middle_bands == BoxDraw::Sequential && before.band > 2 ? " box " + std::to_string(before.boxes_drawn + 1) : "");
  if (step == SetsSteps::Step::Row)
    return band + " row " + std::to_string(steps.shape().box_rows - before.rows_left + 1);
  return band + " closing (averaged)";
}

// log of the mean of `inner` replicates of `smc` from `grid`.
long double log_mean_from(const SmcEstimator& smc, const PartialGrid& grid, int inner, Rng& rng,
                          Estimator::Workspace& workspace) {
  std::vector<long double> logs(inner);
  long double top = kLogZero;
  for (long double& x : logs) top = std::max(top, x = smc.log_estimate_from(grid, rng, workspace));
  if (top == kLogZero) return kLogZero;
  long double sum = 0;
  for (const long double x : logs) sum += std::exp(x - top);
  return top + std::log(sum / inner);
}

// After each step that draws: two independent estimates of log M_t.
struct Recorder : SmcEstimator::Observer {
  Recorder(const SmcEstimator& outer, const SmcEstimator& inner_smc, int inner_count, Rng& r)
      : smc(outer), inner(inner_smc), count(inner_count), rng(r), workspace(inner_smc.make_workspace()) {}
  void after_step(const PartialGrid& before, SetsSteps::Step step, const std::vector<PartialGrid>& grids,
                  const std::vector<long double>& log_weights, long double log_estimate) override {
    labels.push_back(label_of(smc.steps(), before, step));
    const bool last_row = step == SetsSteps::Step::Closing ||
                          (step == SetsSteps::Step::Row && smc.steps().next_step(grids[0]) == SetsSteps::Step::Closing);
    groups.push_back(step == SetsSteps::Step::ColumnSets ? "all column sets"
                     : last_row                          ? "all last sampled rows (picked or averaged)"
                                                         : "all other sampled rows");
    long double pair[2];
    for (long double& m : pair) {
      const int p = static_cast<int>(uniform_below(rng, grids.size()));
      const long double log_h = inner.steps().complete(grids[p]) ? 0 : log_mean_from(inner, grids[p], count, rng, *workspace);
      m = log_h == kLogZero || log_weights[p] == kLogZero ? kLogZero : log_estimate + log_weights[p] + log_h;
    }
    log_a.push_back(pair[0]);
    log_b.push_back(pair[1]);
  }
  const SmcEstimator& smc;
  const SmcEstimator& inner;
  int count;
  Rng& rng;
  std::unique_ptr<Estimator::Workspace> workspace;
  std::vector<std::string> labels, groups;  // per step: its own label, and its kind
  std::vector<long double> log_a, log_b;  // M_t, from the start (index 0) on
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr,
                 "usage: variance_steps BOX REPLICATES INNER SEED [particles=P] [draws=K] [closing=2|3] [exact-rows=N] "
                 "[boxes=table|sequential] [averaged=0|1] [threads=T]\n");
    return 2;
  }
  try {
    const Shape shape = Shape::parse(argv[1]);
    const int replicates = std::atoi(argv[2]), inner = std::atoi(argv[3]);
    const std::uint64_t seed = std::strtoull(argv[4], nullptr, 10);
    SetsTuning tuning = SetsTuning::for_smc(shape);
    int particles = 0, threads = 2;
    bench::apply_sets_settings(argc, argv, 5, tuning, particles, threads);
    if (replicates < 2 || inner < 1) throw std::invalid_argument("REPLICATES must be at least 2 and INNER at least 1");
    const auto steps = std::make_shared<const SetsSteps>(shape, tuning);
    const SmcEstimator smc(shape, steps, particles), inner_smc(shape, steps, 0);

    std::vector<std::unique_ptr<Recorder>> recorded(replicates);
    std::vector<long double> log_z(replicates);
    const double start_time = omp_get_wtime();
#pragma omp parallel num_threads(threads)
    {
      const auto workspace = smc.make_workspace();
#pragma omp for schedule(dynamic, 1)
      for (int i = 0; i < replicates; ++i) {
        Rng rng = block_stream(seed, static_cast<std::uint64_t>(i));
        auto recorder = std::make_unique<Recorder>(smc, inner_smc, inner, rng);
        PartialGrid start;
        steps->start(start);
        recorder->labels.push_back("");
        recorder->groups.push_back("");
        for (int k = 0; k < 2; ++k)
          (k == 0 ? recorder->log_a : recorder->log_b).push_back(log_mean_from(inner_smc, start, inner, rng, *recorder->workspace));
        log_z[i] = smc.log_estimate_from(start, rng, *workspace, recorder.get());
        // After the last step that draws, M is the replicate's estimate.
        recorder->log_a.back() = recorder->log_b.back() = log_z[i];
        recorded[i] = std::move(recorder);
      }
    }
    // Scale: the mean of the start estimates (the same grid in every replicate).
    long double scale = kLogZero;
    for (const auto& r : recorded) scale = std::max(scale, r->log_a[0]);
    long double z = 0;
    for (const auto& r : recorded)
      z += (std::exp(r->log_a[0] - scale) + std::exp(r->log_b[0] - scale)) / (2.0L * replicates);
    scale += std::log(z);
    auto y = [&](long double log_m) { return log_m == kLogZero ? 0.0L : std::exp(log_m - scale); };

    // Per step label, in order of first appearance: sum and sum of squares of the products.
    std::vector<std::string> order, group_order;
    std::map<std::string, std::pair<long double, long double>> terms{{"all steps", {0, 0}}};
    long double final_sum = 0, final_sq = 0;
    for (int i = 0; i < replicates; ++i) {
      const Recorder& r = *recorded[i];
      std::map<std::string, long double> replicate_terms;
      for (std::size_t t = 1; t < r.labels.size(); ++t) {
        const long double da = y(r.log_a[t]) - y(r.log_a[t - 1]), db = y(r.log_b[t]) - y(r.log_b[t - 1]);
        if (!terms.count(r.labels[t])) {
          order.push_back(r.labels[t]);
          terms[r.labels[t]] = {0, 0};
        }
        replicate_terms[r.labels[t]] += da * db;
        if (!terms.count(r.groups[t])) group_order.push_back(r.groups[t]);
        replicate_terms[r.groups[t]] += da * db;
        terms.emplace(r.groups[t], std::pair<long double, long double>{0, 0});
        replicate_terms["all steps"] += da * db;
      }
      for (const auto& [label, v] : replicate_terms) {
        terms[label].first += v;
        terms[label].second += v * v;
      }
      final_sum += y(log_z[i]);
      final_sq += y(log_z[i]) * y(log_z[i]);
    }
    const double seconds = omp_get_wtime() - start_time;
    // Mean over the replicates of a step's (or a group's) term, and its standard error.
    auto mean_and_se = [&](const std::string& key) {
      const auto [sum, sq] = terms[key];
      const long double mean = sum / replicates;
      return std::pair{mean, std::sqrt(std::max(0.0L, sq / replicates - mean * mean) / (replicates - 1))};
    };
    // Groups are summed per replicate, so their SEs count the correlations between steps.
    for (const auto& [kind, keys] : {std::pair{"step", &order}, std::pair{"group", &group_order}})
      for (const std::string& key : *keys) {
        const auto [mean, se] = mean_and_se(key);
        std::printf("{\"box\":\"%s\",\"particles\":%d,\"%s\":\"%s\",\"rel_var\":%.3Lg,\"se\":%.2Lg}\n",
                    shape.name().c_str(), smc.particles(), kind, key.c_str(), mean, se);
      }
    const auto [total, total_se] = mean_and_se("all steps");
    const long double m = final_sum / replicates;
    const long double direct = final_sq / replicates - 1;
    std::printf("{\"box\":\"%s\",\"steps\":\"%s\",\"particles\":%d,\"replicates\":%d,\"inner\":%d,"
                "\"sum_of_steps\":%.3Lg,\"sum_se\":%.2Lg,\"rel_var_of_a_replicate\":%.3Lg,"
                "\"mean_estimate_over_z\":%.4Lg,\"seconds\":%.1f}\n",
                shape.name().c_str(), steps->describe().c_str(), smc.particles(), replicates, inner, total,
                total_se, direct, m, seconds);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "variance_steps: %s\n", e.what());
    return 2;
  }
}
