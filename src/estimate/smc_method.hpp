#pragma once
// Sequential Monte Carlo over the steps of the sets estimator
// (`--method smc`; docs/method.md, section 9).
//
// One sample is one replicate: P partial grids go through the steps of
// sets_steps.hpp together, band by band and row by row, and after each step
// the population is resampled by weight (systematic resampling). Weights
// known before a draw (the exact number of a band's column-set choices,
// which depends only on the free sets) are resampled on before the draw,
// so that copies of a partial grid draw different column sets. The
// replicate's estimate is
//   Z = prod over resampling points t of (1/P) sum_p w_t^p,
// unbiased for the count for every P, also where a particle's weight is
// itself an unbiased estimate (the sampled rows). Error bars come from
// independent replicates only: the driver treats each one as one sample.
#include <memory>
#include <vector>

#include "estimate/sets_steps.hpp"
#include "estimate/systematic_resampling.hpp"  // systematic_resample, which the tests reach through this header
#include "sudoku_count/estimator.hpp"

namespace sudoku_count::detail {


class SmcEstimator : public Estimator {
 public:
  // `particles` 0 takes default_particles. With `transpose`, the work is
  // done on the C x R shape (the same count). Throws InputError when the
  // shape is out of reach or particles is out of range.
  // `givens` as SetsEstimator's.
  SmcEstimator(const Shape& shape, bool transpose, int particles, const std::vector<int>& givens = {});
  // On given steps (of `shape` or of its transpose), for measurements.
  SmcEstimator(const Shape& shape, std::shared_ptr<const SetsSteps> steps, int particles);

  std::string name() const override { return "smc"; }
  const Layout& layout() const override { return counted_; }
  std::string note() const override;
  // P is part of what a sample is: runs with different P never merge.
  std::string variant() const override;
  // 2: the last sampled row averaged over its draws beyond 20 symbols, and
  // no resampling right before a deterministic step (both change the draws).
  // 3: where the steps look ahead (up to 20 symbols, bands of 4 rows or
  // more); elsewhere the draws are those of version 2, whose checkpoints
  // still resume.
  int method_version() const override { return steps_->looks_ahead() ? 3 : 2; }
  std::uint64_t samples_per_block() const override { return samples_per_block_; }
  std::unique_ptr<Workspace> make_workspace() const override;
  long double sample_log(Rng& rng, Workspace& workspace) const override;
  // One replicate from a partial grid of the steps (every particle starting
  // there): the log of an unbiased estimate of the number of its
  // completions times the weights of the steps still to take. sample_log
  // starts from the empty grid; the variance decomposition of
  // docs/benchmarks.md from the grids along a path.
  // With an observer, it is shown the population after every step that
  // draws (after its resampling, if any): for measurements.
  struct Observer {
    virtual ~Observer() = default;
    // `before`: particle 0 before the step; log_weights: each particle's
    // weight since the last resampling; log_estimate: the log of the
    // product of the mean weights so far.
    virtual void after_step(const PartialGrid& before, SetsSteps::Step step, const std::vector<PartialGrid>& grids,
                            const std::vector<long double>& log_weights, long double log_estimate) = 0;
  };
  long double log_estimate_from(const PartialGrid& start, Rng& rng, Workspace& workspace,
                                Observer* observer = nullptr) const;

  int particles() const { return particles_; }
  const SetsSteps& steps() const { return *steps_; }

  // The number of particles the method uses on a shape (as worked on) when
  // none is given: measured, docs/benchmarks.md.
  static int default_particles(const Shape& shape);
  static constexpr int kMaxParticles = EstimatorOptions::kMaxParticles;

 private:
  Layout counted_;  // as given: the classic rules of the shape
  std::shared_ptr<const SetsSteps> steps_;
  int particles_ = 1;
  std::uint64_t samples_per_block_ = 1;
};

}  // namespace sudoku_count::detail
