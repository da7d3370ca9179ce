#pragma once
// The row-by-row estimator for any layout (`--method rows`; docs/method.md,
// section 13): boxes, variants, jigsaws and Latin squares alike.
//
// One sample is one replicate: P partial grids are filled row by row
// (rows_steps.hpp), each row drawn with an unbiased estimate of the number
// of ways to fill it as its weight, and after each row the population is
// resampled by weight (systematic resampling, as the smc method does). The
// replicate's estimate is
//   Z = relabelling factor * prod over rows t of (1/P) sum_p w_t^p,
// unbiased for every P (Del Moral 2004; the proof is docs/method.md's).
#include <memory>
#include <string>
#include <vector>

#include "estimate/rows_steps.hpp"
#include "sudoku_count/estimator.hpp"
#include "sudoku_count/layout.hpp"

namespace sudoku_count::detail {

// A thread's memory for replicates of P partial grids.
struct RowsWorkspace : Estimator::Workspace {
  RowsWorkspace(int particles, int state_size);
  RowsSteps::Scratch scratch;
  std::vector<Mask> states, next;  // particle p's masks at [p * state_size, (p + 1) * state_size)
  std::vector<long double> log_weights;
  std::vector<double> weights;
  std::vector<int> ancestors;
};

// One replicate of `particles` partial grids through `steps`: the log of
// its estimate (relabelling factor included), kLogZero, or kSampleDropped
// when the workspace's cut asks to stop. Shared by rows and rows-x.
long double rows_replicate_log(const RowsSteps& steps, int particles, Rng& rng, RowsWorkspace& ws);
// The fields of a rows-like method's variant after its name: "/P=<P>",
// "/K=<K>" where rows are drawn sequentially, then any tuning that differs
// from the layout's default: "/exact=<N>", "/close=<C>", "/prune=<0|1>", "/band=<0|1>".
std::string rows_variant_fields(const RowsSteps& steps, int particles);
// The tuning and particles (into `particles`) those fields name; throws
// InputError naming the variant when they name none.
RowsTuning rows_tuning_of_variant(const MethodVariant& variant, const Layout& layout, bool with_givens, int* particles);
// Samples in a work block: a function of the layout and P only.
std::uint64_t rows_samples_per_block(const Layout& layout, int particles);
// The particles a replicate uses (`particles` 0: the default), after checking
// them and the tuning's draws per row; throws InputError when out of range.
int rows_particles(const Layout& layout, int particles, const RowsTuning& tuning);

class RowsEstimator : public Estimator {
 public:
  // `particles` 0 takes default_particles; `tuning` defaults to
  // RowsTuning::for_layout. `givens` (N*N cells, 0 blank, else 1..N; empty:
  // none) makes the count that of the puzzle's completions; they are
  // checked against the layout's houses. Throws InputError when particles is
  // out of range or the givens are not a puzzle of the layout.
  RowsEstimator(const Layout& layout, int particles, const std::vector<int>& givens = {});
  RowsEstimator(const Layout& layout, int particles, const RowsTuning& tuning, const std::vector<int>& givens = {});

  std::string name() const override { return "rows"; }
  const Layout& layout() const override { return steps_->layout(); }
  std::string note() const override;
  // P, and K where rows are drawn sequentially: runs with different ones
  // never merge.
  std::string variant() const override;
  std::uint64_t samples_per_block() const override { return samples_per_block_; }
  std::unique_ptr<Workspace> make_workspace() const override;
  long double sample_log(Rng& rng, Workspace& workspace) const override;

  int particles() const { return particles_; }
  const RowsSteps& steps() const { return *steps_; }

  // The number of particles the method uses on a layout when none is given:
  // measured, docs/benchmarks.md.
  static int default_particles(const Layout& layout);
  static constexpr int kMaxParticles = EstimatorOptions::kMaxParticles;

 private:
  std::shared_ptr<const RowsSteps> steps_;
  int particles_ = 1;
  std::uint64_t samples_per_block_ = 1;
};

// The registry's hooks: the estimator on a layout, and the one a
// checkpoint's variant ("rows/P=64", "rows/P=256/K=8") names. Throw
// InputError.
std::unique_ptr<Estimator> make_rows_estimator(const Layout& layout, int particles, const std::vector<int>& givens);
std::unique_ptr<Estimator> make_rows_estimator_for_variant(const MethodVariant& variant, const Layout& layout,
                                                          const std::vector<int>& givens);

}  // namespace sudoku_count::detail
