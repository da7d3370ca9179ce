#include "estimate/sets_method.hpp"

#include <algorithm>

#include "sudoku_count/grid.hpp"
#include "sudoku_count/stats.hpp"

namespace sudoku_count::detail {

bool prefer_transposed(const Shape& shape) {
  const int small = std::min(shape.box_rows, shape.box_cols);
  return small == 2 ? shape.box_cols > shape.box_rows : shape.box_rows > shape.box_cols;
}

std::string steps_note(const Shape& counted, const SetsSteps& steps) {
  std::string text;
  if (!(counted == steps.shape()))
    text = "sampled on the transposed " + steps.shape().name() + " shape, which has the same number of grids";
  if (steps.has_givens()) text += std::string(text.empty() ? "" : "; ") + "the puzzle's givens kept in every step";
  return text;
}

std::shared_ptr<const SetsSteps> sets_steps_for(const Shape& shape, bool transpose,
                                               SetsTuning (*tuning_for)(const Shape&), const std::vector<int>& givens) {
  const Shape worked_on = transpose ? Shape{shape.box_cols, shape.box_rows} : shape;
  const SetsTuning tuning = tuning_for(worked_on);
  if (!std::any_of(givens.begin(), givens.end(), [](int v) { return v != 0; }))
    return std::make_shared<const SetsSteps>(worked_on, tuning);
  validate_grid(Grid{Layout(shape), givens});
  // Transposing a grid maps the completions of a puzzle one to one onto
  // those of the transposed puzzle.
  const int n = shape.n();
  std::vector<int> cells = givens;
  if (transpose)
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) cells[c * n + r] = givens[r * n + c];
  return std::make_shared<const SetsSteps>(worked_on, SetsTuning::with_givens(tuning), cells);
}

SetsEstimator::SetsEstimator(const Shape& given, bool transpose, const std::vector<int>& givens)
    : SetsEstimator(given, sets_steps_for(given, transpose, SetsTuning::for_sets, givens)) {}

SetsEstimator::SetsEstimator(const Shape& given, std::shared_ptr<const SetsSteps> steps)
    : counted_(given), steps_(std::move(steps)) {
  const int n = given.n();
  samples_per_block_ = n <= 12 ? 64 : n <= 16 ? 8 : 1;
}

namespace {
struct SetsWorkspace : Estimator::Workspace {
  explicit SetsWorkspace(std::unique_ptr<SetsSteps::Scratch> s) : scratch(std::move(s)) {}
  std::unique_ptr<SetsSteps::Scratch> scratch;
};
}  // namespace

std::string SetsEstimator::note() const { return steps_note(counted_.shape(), *steps_); }

std::unique_ptr<Estimator::Workspace> SetsEstimator::make_workspace() const {
  return std::make_unique<SetsWorkspace>(steps_->make_scratch());
}

long double SetsEstimator::sample_log(Rng& rng, Workspace& workspace) const {
  SetsSteps::Scratch& scratch = *static_cast<SetsWorkspace&>(workspace).scratch;
  const SetsSteps& steps = *steps_;
  PartialGrid grid;
  steps.start(grid);
  long double log_weight = 0;
  // A step of weight 0 (no row found among the draws) ends the sample.
  auto add = [&](long double log_step) { return (log_weight += log_step) != kLogZero; };
  while (!steps.complete(grid))
    if (!add(steps.take_step(grid, rng, scratch))) return kLogZero;
  return log_weight;
}

}  // namespace sudoku_count::detail
