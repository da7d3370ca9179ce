#include "estimate/rows_method.hpp"

#include <algorithm>
#include <cmath>

#include "estimate/systematic_resampling.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/stats.hpp"

namespace sudoku_count::detail {

// Measured (docs/benchmarks.md, "Rows"): rse^2 x s is flat in P from
// about 256 on (12x12 Latin: 256, 512 and 2048 within 15%; 9x9 x: 64 to
// 4096 within 15%), and 256 gives replicates of under a second up to
// 64x64 for the error bar. The same for every layout so far.
int RowsEstimator::default_particles(const Layout&) { return 256; }

namespace {

bool any_given(const std::vector<int>& givens) {
  return std::any_of(givens.begin(), givens.end(), [](int v) { return v != 0; });
}

// The givens checked as a puzzle of the layout: the rows' steps trust them.
const std::vector<int>& checked(const Layout& layout, const std::vector<int>& givens) {
  if (!givens.empty()) validate_grid(Grid{layout, givens});
  return givens;
}

}  // namespace

RowsEstimator::RowsEstimator(const Layout& layout, int particles, const std::vector<int>& givens)
    : RowsEstimator(layout, particles, RowsTuning::for_layout(layout, any_given(givens)), givens) {}

RowsEstimator::RowsEstimator(const Layout& layout, int particles, const RowsTuning& tuning,
                             const std::vector<int>& givens)
    : steps_(std::make_shared<const RowsSteps>(layout, tuning, checked(layout, givens))) {
  particles_ = rows_particles(layout, particles, tuning);
  if (tuning.close_band && !steps_->closes_band())
    throw InputError("rows: the last band of layout " + layout.name() +
                     " is not counted by slices (no boxes cut into slices, a given in it, or a Latin square)");
  samples_per_block_ = rows_samples_per_block(layout, particles_);
}

int rows_particles(const Layout& layout, int particles, const RowsTuning& tuning) {
  if (particles < 0 || particles > RowsEstimator::kMaxParticles)
    throw InputError("{particles} must be between 1 and " + std::to_string(RowsEstimator::kMaxParticles) +
                     " (0: the default)");
  if (tuning.matching_draws < 1 || tuning.matching_draws > 1024)
    throw InputError("the number of matching draws per row must be between 1 and 1024");
  return particles == 0 ? RowsEstimator::default_particles(layout) : particles;
}

// Blocks of at least a few thousand particle-rows, at least one replicate.
std::uint64_t rows_samples_per_block(const Layout& layout, int particles) {
  const int n = layout.n();
  const int per_block = n <= 9 ? 4096 : n <= 16 ? 1024 : 1;
  return static_cast<std::uint64_t>(std::max(1, per_block / particles));
}

std::string rows_variant_fields(const RowsSteps& steps, int particles) {
  const RowsTuning& tuning = steps.tuning();
  const RowsTuning standard = RowsTuning::for_layout(steps.layout(), steps.has_givens());
  std::string text = "/P=" + std::to_string(particles);
  if (steps.samples_matchings()) text += "/K=" + std::to_string(tuning.matching_draws);
  if (tuning.exact_matching_max_symbols != standard.exact_matching_max_symbols)
    text += "/exact=" + std::to_string(tuning.exact_matching_max_symbols);
  if (tuning.exact_closing_rows != standard.exact_closing_rows)
    text += "/close=" + std::to_string(tuning.exact_closing_rows);
  if (tuning.prune != standard.prune) text += std::string("/prune=") + (tuning.prune ? "1" : "0");
  if (tuning.close_band != standard.close_band) text += std::string("/band=") + (tuning.close_band ? "1" : "0");
  return text;
}

std::string RowsEstimator::variant() const { return "rows" + rows_variant_fields(*steps_, particles_); }

std::string RowsEstimator::note() const {
  // Why this method, where the box methods do not apply (auto's note).
  std::string text = steps_->has_givens()        ? "for a puzzle auto takes rows (sets and smc take one when asked); "
                     : layout().classic() ? ""
                                          : "layout " + layout().name() +
                                                " has houses beyond the boxes, which the box methods do not handle; ";
  text += "each sample is one replicate of " + std::to_string(particles_) + " partial grids filled row by row";
  if (steps_->samples_matchings())
    text += ", each row picked from " + std::to_string(steps_->tuning().matching_draws) + " sequential draws";
  return text;
}

RowsWorkspace::RowsWorkspace(int particles, int state_size)
    : states(static_cast<std::size_t>(particles) * state_size),
      next(states.size()),
      log_weights(particles),
      weights(particles),
      ancestors(particles) {}

std::unique_ptr<Estimator::Workspace> RowsEstimator::make_workspace() const {
  return std::make_unique<RowsWorkspace>(particles_, steps_->state_size());
}

long double RowsEstimator::sample_log(Rng& rng, Workspace& workspace) const {
  return rows_replicate_log(*steps_, particles_, rng, static_cast<RowsWorkspace&>(workspace));
}

long double rows_replicate_log(const RowsSteps& steps, int particles, Rng& rng, RowsWorkspace& ws) {
  const int count = particles;
  const std::size_t size = static_cast<std::size_t>(steps.state_size());
  std::vector<long double>& log_w = ws.log_weights;
  for (int p = 0; p < count; ++p) steps.start(&ws.states[p * size]);
  long double log_estimate = steps.log_relabelling();

  // The mean weight goes into the estimate; with `resample`, the population
  // is replaced by P draws by weight (systematic_resample: particle p gets
  // P w^p / sum w copies in expectation, next to each other). False when
  // every weight is zero.
  auto fold = [&](bool resample) {
    const long double top = *std::max_element(log_w.begin(), log_w.end());
    if (top == kLogZero) return false;
    if (std::all_of(log_w.begin(), log_w.end(), [&](long double x) { return x == top; })) {
      log_estimate += top;  // equal weights: resampling would keep every particle once
      return true;
    }
    double total = 0;
    for (int p = 0; p < count; ++p) total += ws.weights[p] = std::exp(static_cast<double>(log_w[p] - top));
    log_estimate += top + std::log(static_cast<long double>(total) / count);
    if (resample) {
      systematic_resample(ws.weights.data(), count, total, uniform_unit(rng), ws.ancestors.data());
      for (int j = 0; j < count; ++j) std::copy_n(&ws.states[ws.ancestors[j] * size], size, &ws.next[j * size]);
      ws.states.swap(ws.next);
    }
    return true;
  };

  // Rows 1..closing_row()-1 drawn, each followed by resampling except the
  // last: the closing count is exact, a function of the state, and goes
  // into the last drawn row's weight (resampling before a step without
  // randomness would only add noise).
  const int closing = steps.closing_row();
  for (int row = steps.first_drawn_row(); row <= closing; ++row) {
    for (int p = 0; p < count; ++p) {
      // Checked before each particle: a row of a large population can take long.
      if (ws.cut && (*ws.cut)()) return kSampleDropped;
      Mask* state = &ws.states[p * size];
      long double w = row < closing ? steps.fill_row(state, row, rng, ws.scratch) : 0;
      if (w != kLogZero && row + 1 >= closing) w += steps.log_closing(state, ws.scratch);
      else if (w != kLogZero && steps.tuning().prune && !steps.may_complete(state, row + 1)) w = kLogZero;
      log_w[p] = w;
    }
    if (!fold(row + 1 < closing)) return kLogZero;
    if (row + 1 >= closing) break;
  }
  return log_estimate;
}

std::unique_ptr<Estimator> make_rows_estimator(const Layout& layout, int particles, const std::vector<int>& givens) {
  return std::make_unique<RowsEstimator>(layout, particles, givens);
}

// The fields of variant(); the registry checks that the rebuilt
// estimator's variant() gives the name back.
std::unique_ptr<Estimator> make_rows_estimator_for_variant(const MethodVariant& variant, const Layout& layout,
                                                          const std::vector<int>& givens) {
  int particles = 0;
  const RowsTuning tuning = rows_tuning_of_variant(variant, layout, any_given(givens), &particles);
  try {
    return std::make_unique<RowsEstimator>(layout, particles, tuning, givens);
  } catch (const InputError&) {
    throw InputError("unknown method variant " + quote_input(variant.text));
  }
}

RowsTuning rows_tuning_of_variant(const MethodVariant& variant, const Layout& layout, bool with_givens, int* particles) {
  const auto refuse = [&] { return InputError("unknown method variant " + quote_input(variant.text)); };
  if (!variant.flags.empty()) throw refuse();
  RowsTuning tuning = RowsTuning::for_layout(layout, with_givens);
  *particles = variant.value("P");
  tuning.matching_draws = variant.value("K", tuning.matching_draws);
  tuning.exact_matching_max_symbols = variant.value("exact", tuning.exact_matching_max_symbols);
  tuning.exact_closing_rows = variant.value("close", tuning.exact_closing_rows);
  tuning.prune = variant.value("prune", tuning.prune ? 1 : 0) != 0;
  tuning.close_band = variant.value("band", tuning.close_band ? 1 : 0) != 0;
  if (*particles == 0) throw refuse();
  return tuning;
}

}  // namespace sudoku_count::detail
