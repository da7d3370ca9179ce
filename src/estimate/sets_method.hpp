#pragma once
// The column-set estimator for any shape (`--method sets`): no tables of
// bands, so it reaches every shape up to 64x64. See docs/method.md,
// section 4.
//
// Band by band, each band's column sets are drawn among those compatible
// with the bands above (uniformly, counted exactly box by box, or symbol by
// symbol with an inverse-probability weight), the last band's being forced;
// each band's number of fillings f(X) is replaced by an unbiased estimate
// (rows drawn as perfect matchings, weighted by an unbiased estimate of
// their number, the last rows counted exactly):
//   estimate = prod_i W_i * f^(X_i).
// Independent given the column sets, the f^ multiply to an unbiased estimate
// of prod f, so the whole is unbiased (docs/method.md). The steps live in
// sets_steps.hpp, shared with the SMC method.
#include <memory>

#include "estimate/sets_steps.hpp"
#include "sudoku_count/estimator.hpp"

namespace sudoku_count::detail {

class SetsEstimator : public Estimator {
 public:
  // With `transpose`, the work is done on the C x R shape: transposing a grid
  // maps the grids of one shape one-to-one onto those of the other, so the
  // count is the same. Throws InputError when the shape is out of reach.
  // `givens` (N*N cells of `shape`, 0 blank, else 1..N; empty: none): the
  // count of the puzzle's completions; transposed with the shape, and
  // checked as a puzzle (InputError).
  explicit SetsEstimator(const Shape& shape, bool transpose = false, const std::vector<int>& givens = {});
  // On given steps (of `shape` or of its transpose), for measurements.
  SetsEstimator(const Shape& shape, std::shared_ptr<const SetsSteps> steps);

  std::string name() const override { return "sets"; }
  const Layout& layout() const override { return counted_; }
  std::string note() const override;
  std::string variant() const override { return counted_.shape() == steps_->shape() ? "sets" : "sets/transposed"; }
  std::uint64_t samples_per_block() const override { return samples_per_block_; }
  std::unique_ptr<Workspace> make_workspace() const override;
  long double sample_log(Rng& rng, Workspace& workspace) const override;

  const SetsSteps& steps() const { return *steps_; }

 private:
  Layout counted_;  // as given: the classic rules of the shape
  std::shared_ptr<const SetsSteps> steps_;  // on the shape worked on
  std::uint64_t samples_per_block_ = 1;
};

// Whether `auto` and the SMC method work on the transpose of `shape`: the
// orientation that samples less. With a side of 2, the one with two bands
// (C = 2: band 2 is forced); otherwise the one with the shorter side as R
// (fewer nested rows per band).
bool prefer_transposed(const Shape& shape);

// The steps of the sets estimators on `shape` or its transpose, tuned by
// `tuning_for` of the shape worked on, for `givens` of `shape` (checked as a
// puzzle; empty: none; transposed with the shape), the tuning adjusted for
// givens where there are some. Shared by sets and smc.
std::shared_ptr<const SetsSteps> sets_steps_for(const Shape& shape, bool transpose,
                                               SetsTuning (*tuning_for)(const Shape&), const std::vector<int>& givens);

// What the sets steps do beside the plain count: the transposed shape they
// work on, the givens they keep (empty when neither). Shared by sets and smc.
std::string steps_note(const Shape& counted, const SetsSteps& steps);

}  // namespace sudoku_count::detail
