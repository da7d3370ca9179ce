#pragma once
// Both diagonals as givens (`--method rows-x`; docs/method.md, section 16):
// the grids of a layout with variant x on any shape, as N! times the sum
// over the allowed anti-diagonals pi of the grids with main diagonal 1..N
// and anti-diagonal pi (diagonals/anti_diagonals.hpp).
//
// One sample draws pi from its set Pi with a known probability q(pi) > 0
// (AntiDiagonals::draw: leaning towards the anti-diagonals with more grids)
// and runs one replicate of the rows method with those 2N givens
// (rows_method.hpp):
//   Z = N! Z_rows(pi) / q(pi),
// unbiased since E[Z_rows(pi) | pi] = N(pi) and the mean over pi of
// N(pi) / q(pi) is the sum. A fresh pi per sample averages the spread of N(pi) away with the
// replicates' own noise, and the error bar holds both. The diagonals, full
// from the start, leave no dead ends of their own to the rows.
#include <memory>
#include <string>

#include "diagonals/anti_diagonals.hpp"
#include "estimate/rows_method.hpp"

namespace sudoku_count::detail {

class RowsXEstimator : public Estimator {
 public:
  // `particles` 0 takes the rows method's default; `tuning` defaults to the
  // rows tuning of a puzzle of the layout. Throws InputError when the layout
  // has no diagonals, its anti-diagonals are not drawn here
  // (AntiDiagonals::serves) or particles is out of range.
  RowsXEstimator(const Layout& layout, int particles);
  RowsXEstimator(const Layout& layout, int particles, const RowsTuning& tuning);

  std::string name() const override { return "rows-x"; }
  const Layout& layout() const override { return steps_.layout(); }
  std::string note() const override;
  std::string variant() const override { return "rows-x" + rows_variant_fields(steps_, particles_); }
  std::uint64_t samples_per_block() const override { return samples_per_block_; }
  std::unique_ptr<Workspace> make_workspace() const override;
  long double sample_log(Rng& rng, Workspace& workspace) const override;

  const AntiDiagonals& anti_diagonals() const { return *anti_; }
  int particles() const { return particles_; }

 private:
  std::shared_ptr<const AntiDiagonals> anti_;
  RowsSteps steps_;  // each workspace keeps a copy and sets its drawn givens on it
  int particles_ = 1;
  std::uint64_t samples_per_block_ = 1;
  long double log_factor_ = 0;  // log N!
};

// The registry's hooks (throw InputError).
std::unique_ptr<Estimator> make_rows_x_estimator(const Layout& layout, int particles);
std::unique_ptr<Estimator> make_rows_x_estimator_for_variant(const MethodVariant& variant, const Layout& layout);

}  // namespace sudoku_count::detail
