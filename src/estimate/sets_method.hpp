#pragma once
// The column-set estimator for any shape (`--method sets`): no tables, so it
// reaches 16x16, 25x25 and rectangular shapes. See docs/method.md, section 6.
//
// Band by band, each band's column sets are drawn uniformly among those
// compatible with the bands above (counted exactly, box by box, by a small
// dynamic programme over the symbols), the last band's being forced; each
// band's number of fillings f(X) is replaced by an unbiased estimate (rows
// drawn as uniform perfect matchings, weighted by their exact number):
//   estimate = prod_i W_i * f^(X_i).
// Independent given the column sets, the f^ multiply to an unbiased estimate
// of prod f, so the whole is unbiased (docs/method.md).
#include "sudoku_count/estimator.hpp"

namespace sudoku_count::detail {

class SetsEstimator : public Estimator {
 public:
  // With `transpose`, the work is done on the C x R shape: transposing a grid
  // maps the grids of one shape one-to-one onto those of the other, so the
  // count is the same. Throws InputError when the shape is out of reach.
  explicit SetsEstimator(const Shape& shape, bool transpose = false);

  std::string name() const override { return "sets"; }
  const Shape& shape() const override { return counted_; }
  std::string note() const override;
  std::string variant() const override { return counted_ == shape_ ? "sets" : "sets/transposed"; }
  std::uint64_t samples_per_block() const override { return samples_per_block_; }
  std::unique_ptr<Workspace> make_workspace() const override;
  long double sample_log(Rng& rng, Workspace& workspace) const override;

  // Largest (R+1)^C state count of the per-box choice counter.
  static constexpr std::size_t kMaxBoxStates = std::size_t{1} << 21;

 private:
  Shape counted_;  // as given
  Shape shape_;    // as worked on
  std::size_t box_states_ = 0;  // (R+1)^C
  long double log_first_band_ = 0;  // log of (N!/(R!)^C)^R: band 1 has no constraint from above
  std::uint64_t samples_per_block_ = 1;
};

}  // namespace sudoku_count::detail
