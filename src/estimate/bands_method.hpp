#pragma once
// The band (column-set) estimator. See docs/method.md for the derivation and
// the proof that it is unbiased.
//
// Band 1 is drawn uniformly from all bands (a uniform canonical band; the
// relabelling does not change the number of its completions). Bands 2..C-2
// get their column sets uniformly among those compatible so far, weighted by
// the number of choices and by their fillings f. Band C-1's column sets are
// summed over exactly, and band C's are then forced:
//   estimate = |B| * prod_{i=2}^{C-2} (W_i f(X_i)) * sum_{X_{C-1}} f(X_{C-1}) f(X_C).
#include <memory>

#include "sudoku_count/estimator.hpp"
#include "bands/band_tables.hpp"

namespace sudoku_count::detail {

class BandEstimator : public Estimator {
 public:
  explicit BandEstimator(std::shared_ptr<const BandTables> tables);

  std::string name() const override { return "bands"; }
  const Layout& layout() const override { return layout_; }
  std::uint64_t samples_per_block() const override { return samples_per_block_; }
  long double sample_log(Rng& rng, Workspace& workspace) const override;

 private:
  std::shared_ptr<const BandTables> tables_;
  Layout layout_;  // the classic rules of the tables' shape
  long double log_bands_total_ = 0;
  std::uint64_t samples_per_block_ = 1;
};

}  // namespace sudoku_count::detail
