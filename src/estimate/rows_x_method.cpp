#include "estimate/rows_x_method.hpp"

#include <cmath>
#include <vector>

#include "sudoku_count/error.hpp"

namespace sudoku_count::detail {

namespace {

struct RowsXWorkspace : RowsWorkspace {
  RowsXWorkspace(const RowsSteps& steps, int particles)
      : RowsWorkspace(particles, steps.state_size()), steps(steps), anti_diagonal(steps.n()) {}
  RowsSteps steps;  // the estimator's, with this sample's givens
  std::vector<int> anti_diagonal;
  std::vector<int> givens;
};

}  // namespace

RowsXEstimator::RowsXEstimator(const Layout& layout, int particles)
    : RowsXEstimator(layout, particles, RowsTuning::for_layout(layout, true)) {}

RowsXEstimator::RowsXEstimator(const Layout& layout, int particles, const RowsTuning& tuning)
    : anti_(std::make_shared<const AntiDiagonals>(layout)), steps_(layout, tuning) {
  if (tuning.relabel) throw InputError("rows-x: the diagonals' givens fix the symbols, relabelling must be off");
  particles_ = rows_particles(layout, particles, tuning);
  samples_per_block_ = rows_samples_per_block(layout, particles_);
  log_factor_ = std::lgamma(layout.n() + 1.0L);
  // Givens in place (each sample sets its own on a copy): the steps are a
  // puzzle's, whose tuning variant() compares with.
  std::vector<int> symbols(layout.n(), 0), givens;
  anti_->givens(symbols.data(), givens);
  steps_.set_givens(givens);
}

std::string RowsXEstimator::note() const {
  return "both diagonals as givens: the main diagonal fixed to 1.." + std::to_string(layout().n()) + " (times " +
         std::to_string(layout().n()) + "!), the anti-diagonal drawn from its " +
         format_scientific(anti_->count(), 6) + " allowed permutations, the rest by " + std::to_string(particles_) +
         " partial grids filled row by row";
}

std::unique_ptr<Estimator::Workspace> RowsXEstimator::make_workspace() const {
  return std::make_unique<RowsXWorkspace>(steps_, particles_);
}

long double RowsXEstimator::sample_log(Rng& rng, Workspace& workspace) const {
  auto& ws = static_cast<RowsXWorkspace&>(workspace);
  if (anti_->count() == 0) return kLogZero;
  const long double log_inverse_q = anti_->draw(rng, ws.anti_diagonal.data());
  anti_->givens(ws.anti_diagonal.data(), ws.givens);
  ws.steps.set_givens(ws.givens);
  const long double log_z = rows_replicate_log(ws.steps, particles_, rng, ws);
  if (std::isnan(log_z) || log_z == kLogZero) return log_z;
  return log_factor_ + log_inverse_q + log_z;
}

std::unique_ptr<Estimator> make_rows_x_estimator(const Layout& layout, int particles) {
  return std::make_unique<RowsXEstimator>(layout, particles);
}

std::unique_ptr<Estimator> make_rows_x_estimator_for_variant(const MethodVariant& variant, const Layout& layout) {
  int particles = 0;
  const RowsTuning tuning = rows_tuning_of_variant(variant, layout, true, &particles);
  try {
    return std::make_unique<RowsXEstimator>(layout, particles, tuning);
  } catch (const InputError&) {
    throw InputError("unknown method variant " + quote_input(variant.text));
  }
}

}  // namespace sudoku_count::detail
