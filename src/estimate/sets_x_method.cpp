#include "estimate/sets_x_method.hpp"

#include <cmath>

#include "estimate/box_choices.hpp"

namespace sudoku_count::detail {
namespace {

struct DiagonalSetsWorkspace : Estimator::Workspace {
  explicit DiagonalSetsWorkspace(const DiagonalSetTables& tables)
      : join(tables), boxes(tables.rows(), tables.columns()) {}
  DiagonalJoin join;
  BoxChoiceTable boxes;  // a box of C columns of R symbols each
};

}  // namespace

DiagonalSetsEstimator::DiagonalSetsEstimator(const Layout& layout, int threads)
    : DiagonalSetsEstimator(std::make_shared<const DiagonalSetTables>(layout, threads)) {}

DiagonalSetsEstimator::DiagonalSetsEstimator(std::shared_ptr<const DiagonalSetTables> tables)
    : tables_(std::move(tables)),
      log_first_band_(tables_->rows() * std::log(static_cast<long double>(tables_->partitions_per_box()))) {}

std::string DiagonalSetsEstimator::note() const {
  return "sets-x: the column sets of the bands drawn, every grid with them and both diagonals counted exactly by "
         "the bands' diagonal histograms (" +
         std::to_string(tables_->classes()) + " classes of band column sets tabulated)";
}

std::unique_ptr<Estimator::Workspace> DiagonalSetsEstimator::make_workspace() const {
  return std::make_unique<DiagonalSetsWorkspace>(*tables_);
}

long double DiagonalSetsEstimator::sample_log(Rng& rng, Workspace& workspace) const {
  auto& space = static_cast<DiagonalSetsWorkspace&>(workspace);
  const DiagonalSetTables& tables = *tables_;
  const int n = tables.n(), r = tables.rows(), c = tables.columns();
  Mask free[kMaxDiagonalSymbols], sets[kMaxDiagonalSymbols];
  for (int col = 0; col < n; ++col) free[col] = low_bits(n);
  LocatedSets located[kMaxDiagonalSymbols];
  long double log_weight = log_first_band_;
  for (int band = 0; band < c; ++band) {
    for (int box = 0; box < r; ++box) {
      Mask* box_sets = sets + box * c;
      const Mask* box_free = free + box * c;
      if (band == 0) {
        const Mask* blocks = tables.partition(uniform_below(rng, tables.partitions_per_box()));
        for (int j = 0; j < c; ++j) box_sets[j] = blocks[j];
      } else if (band + 1 == c) {
        for (int j = 0; j < c; ++j) box_sets[j] = box_free[j];
      } else {
        const double choices = space.boxes.count(box_free);
        if (choices <= 0) return kLogZero;
        log_weight += std::log(static_cast<long double>(choices));
        space.boxes.sample(rng, box_sets);
      }
    }
    located[band] = tables.locate(sets);
    for (int col = 0; col < n; ++col) free[col] &= ~sets[col];
  }
  const UInt128 grids = space.join.count(located);
  if (grids == 0) return kLogZero;
  return log_weight + std::log(static_cast<long double>(grids));
}

}  // namespace sudoku_count::detail
