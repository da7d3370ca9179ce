#include "estimate/smc_method.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <optional>

#include "estimate/sets_method.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/stats.hpp"

namespace sudoku_count::detail {

// Measured (docs/benchmarks.md, "Tuning"): rse^2 x s varies little with P
// once a replicate's log-weights vary little (16x16: P = 16, 64 and 128
// within 15%; 25x25: 64 and 128 equal), so P is about the smallest that
// gets there, which also gives the most replicates per second for the error
// bar: 16 up to 12 symbols, 64 up to 30, 256 up to 42 (36x36: 1.3x better
// than 128, 1.5x better than 64), 512 beyond (49x49: 1.6x better than 256;
// 64x64: 2x better than 256).
int SmcEstimator::default_particles(const Shape& shape) {
  const int n = shape.n();
  return n <= 12 ? 16 : n <= 30 ? 64 : n <= 42 ? 256 : 512;
}

SmcEstimator::SmcEstimator(const Shape& given, bool transpose, int particles, const std::vector<int>& givens)
    : SmcEstimator(given, sets_steps_for(given, transpose, SetsTuning::for_smc, givens), particles) {}

SmcEstimator::SmcEstimator(const Shape& given, std::shared_ptr<const SetsSteps> steps, int particles)
    : counted_(given), steps_(std::move(steps)) {
  if (particles < 0 || particles > kMaxParticles)
    throw InputError("{particles} must be between 1 and " + std::to_string(kMaxParticles) + " (0: the default)");
  particles_ = particles == 0 ? default_particles(steps_->shape()) : particles;
  // Blocks of about the work of the sets method's blocks (a replicate costs
  // about P of its samples), at least one replicate.
  const int n = given.n();
  const int sets_block = n <= 12 ? 64 : n <= 16 ? 8 : 1;
  samples_per_block_ = static_cast<std::uint64_t>(std::max(1, sets_block / particles_));
}

std::string SmcEstimator::variant() const {
  return std::string("smc") + (counted_.shape() == steps_->shape() ? "" : "/transposed") + "/P=" + std::to_string(particles_);
}

std::string SmcEstimator::note() const {
  const std::string text = steps_note(counted_.shape(), *steps_);
  return (text.empty() ? "" : text + "; ") + "each sample is one replicate of " + std::to_string(particles_) +
         " particles";
}

namespace {

struct SmcWorkspace : Estimator::Workspace {
  SmcWorkspace(std::unique_ptr<SetsSteps::Scratch> s, int particles)
      : scratch(std::move(s)), grids(particles), next(particles), log_weights(particles), weights(particles),
        ancestors(particles) {}
  std::unique_ptr<SetsSteps::Scratch> scratch;
  std::vector<PartialGrid> grids, next;
  std::vector<long double> log_weights;  // each particle's weight since the last resampling
  std::vector<double> weights;
  std::vector<int> ancestors;
};

}  // namespace

std::unique_ptr<Estimator::Workspace> SmcEstimator::make_workspace() const {
  return std::make_unique<SmcWorkspace>(steps_->make_scratch(), particles_);
}

long double SmcEstimator::sample_log(Rng& rng, Workspace& workspace) const {
  PartialGrid start;
  steps_->start(start);
  return log_estimate_from(start, rng, workspace);
}

long double SmcEstimator::log_estimate_from(const PartialGrid& start, Rng& rng, Workspace& workspace,
                                            Observer* observer) const {
  auto& ws = static_cast<SmcWorkspace&>(workspace);
  const SetsSteps& steps = *steps_;
  SetsSteps::Scratch& scratch = *ws.scratch;
  const int count = particles_;
  std::vector<PartialGrid>& grids = ws.grids;
  std::vector<long double>& log_w = ws.log_weights;
  std::fill(grids.begin(), grids.end(), start);
  std::fill(log_w.begin(), log_w.end(), 0.0L);
  long double log_estimate = 0;  // sum over resampling points of log (1/P) sum_p w^p

  // The mean weight goes into the estimate; with `resample`, the population
  // is replaced by P draws by weight (systematic_resample: particle p gets
  // P w^p / sum w copies in expectation, next to each other). False when
  // every weight is zero.
  auto fold = [&](bool resample) {
    const long double top = *std::max_element(log_w.begin(), log_w.end());
    if (top == kLogZero) return false;
    if (std::all_of(log_w.begin(), log_w.end(), [&](long double x) { return x == top; })) {
      log_estimate += top;  // equal weights: resampling would keep every particle once
    } else {
      double total = 0;
      for (int p = 0; p < count; ++p) total += ws.weights[p] = std::exp(static_cast<double>(log_w[p] - top));
      log_estimate += top + std::log(static_cast<long double>(total) / count);
      if (resample) {
        systematic_resample(ws.weights.data(), count, total, uniform_unit(rng), ws.ancestors.data());
        for (int j = 0; j < count; ++j) ws.next[j] = grids[ws.ancestors[j]];
        grids.swap(ws.next);
      }
    }
    std::fill(log_w.begin(), log_w.end(), 0.0L);
    return true;
  };

  // All particles are at the same step: the steps' structure does not
  // depend on the draws. After each step the population is resampled,
  // except right before a deterministic step (the known column-set choices,
  // the last band's forced sets, an exact closing), whose weight joins the next resampling point's: so
  // the population is resampled on the closing rows and the next band's
  // counted choices before that band's column sets are drawn (fully
  // adapted), and copies of a particle never count the same closing twice.
  // Copies of one particle are adjacent, so a box's table counted for the
  // first serves the others (SetsSteps keeps the last table per box).
  while (!steps.complete(grids[0])) {
    std::optional<PartialGrid> before;  // shown to the observer after a step that draws
    if (observer && !steps.next_step_deterministic(grids[0])) before = grids[0];
    const SetsSteps::Step step = steps.next_step(grids[0]);
    for (int p = 0; p < count; ++p) {
      // Checked before each particle: a step of a large population can take minutes.
      if (ws.cut && (*ws.cut)()) return kSampleDropped;
      log_w[p] += steps.take_step(grids[p], rng, scratch);
    }
    if (!steps.complete(grids[0]) && !steps.next_step_deterministic(grids[0]) && !fold(true)) return kLogZero;
    if (before) observer->after_step(*before, step, grids, log_w, log_estimate);
  }
  if (!fold(false)) return kLogZero;
  return log_estimate;
}

}  // namespace sudoku_count::detail
