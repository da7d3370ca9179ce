#include "estimate/sets_method.hpp"

#include <algorithm>

#include "sudoku_count/stats.hpp"

namespace sudoku_count::detail {

bool prefer_transposed(const Shape& shape) {
  const int small = std::min(shape.box_rows, shape.box_cols);
  return small == 2 ? shape.box_cols > shape.box_rows : shape.box_rows > shape.box_cols;
}

std::string transposed_note(const Shape& counted, const Shape& worked_on) {
  if (counted == worked_on) return "";
  return "sampled on the transposed " + worked_on.name() + " shape, which has the same number of grids";
}

SetsEstimator::SetsEstimator(const Shape& given, bool transpose)
    : SetsEstimator(given,
                    std::make_shared<const SetsSteps>(transpose ? Shape{given.box_cols, given.box_rows} : given)) {}

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

std::string SetsEstimator::note() const { return transposed_note(counted_.shape(), steps_->shape()); }

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
