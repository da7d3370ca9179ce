#pragma once
// The column-set estimator of grids with both main diagonals
// (`--method sets-x`; docs/method.md, section 15). One sample:
//
//   band 1's column sets, per box a uniform ordered partition (P choices);
//   bands 2..C-1's, per box uniform among those compatible with the bands
//   above (counted exactly, W choices); band C's forced;
//   Z = prod P * prod W * T(X_1..X_C),
//
// T the exact number of grids with those column sets whose diagonals hold
// every symbol once (diagonal_sets.hpp: a join of the bands' diagonal
// histograms, tabulated per class of column sets). Each choice of column
// sets is drawn with probability 1 / (prod P * prod W), so E[Z] is the sum of
// T over all column sets: the number of grids. Nothing is sampled inside a
// band, so no sample dies on the diagonals: the variance is that of T over
// the column sets alone.
#include <memory>
#include <string>

#include "diagonals/diagonal_sets.hpp"
#include "sudoku_count/estimator.hpp"

namespace sudoku_count::detail {

class DiagonalSetsEstimator : public Estimator {
 public:
  // Throws InputError unless DiagonalSetTables::serves(layout).
  DiagonalSetsEstimator(const Layout& layout, int threads);
  explicit DiagonalSetsEstimator(std::shared_ptr<const DiagonalSetTables> tables);

  std::string name() const override { return "sets-x"; }
  const Layout& layout() const override { return tables_->layout(); }
  std::string note() const override;
  std::uint64_t samples_per_block() const override { return 16; }
  std::unique_ptr<Workspace> make_workspace() const override;
  long double sample_log(Rng& rng, Workspace& workspace) const override;

 private:
  std::shared_ptr<const DiagonalSetTables> tables_;
  long double log_first_band_ = 0;  // log P^R: band 1's column sets are drawn uniformly
};

}  // namespace sudoku_count::detail
