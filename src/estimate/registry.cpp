#include <algorithm>

#include "estimate/bands_method.hpp"
#include "estimate/rows_method.hpp"
#include "estimate/sets_method.hpp"
#include "estimate/smc_method.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/estimator.hpp"

namespace sudoku_count {
using namespace detail;  // internals of this area

const std::vector<MethodInfo>& estimator_methods() {
  // Reaches: BandTables::build's limits (band_tables.cpp); sets and smc draw
  // box choices without tables where the tables would be too large
  // (SetsTuning, sets_steps.hpp), so they reach every shape.
  static const std::vector<MethodInfo> methods = {
      {"auto",
       "for the classic rules of a box shape: bands for boxes of at most 3 rows and 3 columns; else smc from "
       "16x16 on and sets below, as measured, on the orientation that samples less; rows for Latin squares (1xN "
       "boxes) and every other layout (variants, jigsaws)",
       "every layout up to 64x64"},
      {"bands", "column-set decomposition over precomputed band tables",
       "shapes whose band tables fit: grids up to 16x16 with at most 2^25 canonical bands from at most 2^22 "
       "candidate rows (2x5, 3x3 and 4x2, but not 3x4, 4x3 or 5x2)"},
      {"sets", "band-by-band column sets with nested estimates of band fillings; no tables",
       "the classic rules of every shape up to 64x64"},
      {"smc",
       "sequential Monte Carlo: a population of partial grids through the steps of sets, resampled by weight "
       "(--particles per replicate)",
       "the classic rules of every shape up to 64x64"},
      {"rows",
       "sequential Monte Carlo row by row on any layout: each row a perfect matching drawn with an unbiased "
       "estimate of their number, the population resampled after each row (--particles per replicate)",
       "every layout up to 64x64: boxes, variants, jigsaws, Latin squares"},
  };
  return methods;
}

namespace {

std::unique_ptr<Estimator> band_estimator(const Shape& shape, int threads) {
  return std::make_unique<BandEstimator>(
      std::make_shared<const BandTables>(BandTables::build(shape, TableLimits{.threads = threads})));
}

// auto's sampler on one orientation: SMC where it measured better per unit
// of time than sets, from 16x16 on (16x16 1.2-1.8x, 20x20 2.5x, 25x25 and
// beyond far more); on 8x8 to 15x15 the two tie within 10% and sets stays
// (docs/benchmarks.md, "Tuning").
std::unique_ptr<Estimator> auto_sampler(const Shape& shape, bool transpose, const EstimatorOptions& options) {
  if (options.particles > 0 || shape.n() >= 16) return std::make_unique<SmcEstimator>(shape, transpose, options.particles);
  return std::make_unique<SetsEstimator>(shape, transpose);
}

using Orientation = EstimatorOptions::Orientation;

// The orientation SMC prefers. Below 16x16 (where auto keeps sets, so only
// --method smc or --particles reach it) boxes of two rows or columns are
// taken with two rows: 4x2 read Pareto k 0.70 after 100,000 replicates,
// 2x4 0.14, and 2x5 0.12 against 5x2's 0.16 (docs/validation.md, section
// 10); elsewhere the orientation of sets, as measured for auto.
bool smc_prefers_transposed(const Shape& shape) {
  if (shape.n() < 16 && std::min(shape.box_rows, shape.box_cols) == 2) return shape.box_cols == 2 && shape.box_rows > 2;
  return prefer_transposed(shape);
}

// A sampler built by make(transpose) on the orientation asked for; Auto
// takes `preferred` (whether to transpose), or the other if only it is in
// reach.
template <class Make>
std::unique_ptr<Estimator> oriented(const std::string& method, const Shape& shape, Orientation orientation,
                                    bool preferred, Make make) {
  if (orientation != Orientation::Auto) return make(orientation == Orientation::Transposed);
  const bool transpose = preferred;
  try {
    return make(transpose);
  } catch (const InputError&) {
    try {
      return make(!transpose);
    } catch (const InputError& e) {
      throw InputError((method == "auto" ? "no estimator method handles box " : "method " + method + " handles box ") +
                       shape.name() + (method == "auto" ? " in either orientation: " : " in neither orientation: ") +
                       e.what());
    }
  }
}

}  // namespace

EstimatorOptions::Orientation parse_orientation(const std::string& name) {
  if (name == "auto") return Orientation::Auto;
  if (name == "given") return Orientation::Given;
  if (name == "transposed") return Orientation::Transposed;
  throw InputError("unknown orientation " + quote_input(name) + ": choose one of auto, given, transposed");
}

const MethodInfo& estimator_method(const std::string& name) {
  const auto& methods = estimator_methods();
  const auto found =
      std::find_if(methods.begin(), methods.end(), [&](const MethodInfo& m) { return m.name == name; });
  if (found == methods.end()) {
    std::string names;
    for (const auto& m : methods) names += (names.empty() ? "" : ", ") + m.name;
    throw InputError("unknown method " + quote_input(name) + ": choose one of " + names);
  }
  return *found;
}

std::unique_ptr<Estimator> make_estimator(const std::string& method, const Layout& layout,
                                          const EstimatorOptions& options) {
  estimator_method(method);  // known, or refused
  if (options.particles != 0 && method != "smc" && method != "rows" && method != "auto")
    throw InputError("--particles applies to method smc or rows, not " + method);
  if (method == "rows" || (method == "auto" && (!layout.classic() || layout.latin_square()))) {
    // Rows handles every layout; auto takes it for every layout the box
    // methods do not handle (its note says so), and for Latin squares, where
    // it measured ahead of sets and smc in the same go at every order tried
    // (time-normalised variance 10x lower at order 7, 57x at 12, 1.4x at 20,
    // 1.7x at 40; docs/benchmarks.md, "Layouts").
    if (options.orientation == Orientation::Transposed)
      throw InputError("method rows works on the layout as given: drop --orientation transposed");
    return make_rows_estimator(layout, options.particles);
  }
  if (!layout.classic())
    throw InputError("method " + method + " handles the classic rules of a box shape only, not layout " +
                     layout.name() + " (" + layout.describe() + "): use --method rows, or auto");
  const Shape& shape = layout.shape();
  if (method == "sets")
    return oriented(method, shape, options.orientation, prefer_transposed(shape),
                    [&](bool transpose) { return std::make_unique<SetsEstimator>(shape, transpose); });
  if (method == "smc")
    return oriented(method, shape, options.orientation, smc_prefers_transposed(shape), [&](bool transpose) {
      return std::make_unique<SmcEstimator>(shape, transpose, options.particles);
    });
  if (method == "bands") {
    if (options.orientation == Orientation::Transposed)
      throw InputError("method bands works on the shape as given: drop --orientation transposed, or ask for box " +
                       Shape{shape.box_cols, shape.box_rows}.name());
    try {
      return band_estimator(shape, options.threads);
    } catch (const InputError& e) {
      throw InputError("method bands cannot handle box " + shape.name() + ": " + e.what());
    }
  }
  // auto. The band estimator is best where nothing is sampled between band 1
  // and the exact sum over band C-1 (C <= 3) and f is tabulated (R <= 3:
  // 4x2 measured 7x better by sets, docs/benchmarks.md); else SMC or sets on
  // the orientation that samples less (prefer_transposed), or the other one
  // if only it is in reach. --particles asks for SMC.
  if (shape.box_cols <= 3 && shape.box_rows <= 3 && options.particles == 0 &&
      options.orientation != Orientation::Transposed)
    return band_estimator(shape, options.threads);
  const bool smc = options.particles > 0 || shape.n() >= 16;  // as auto_sampler decides
  return oriented(method, shape, options.orientation, smc ? smc_prefers_transposed(shape) : prefer_transposed(shape),
                  [&](bool transpose) { return auto_sampler(shape, transpose, options); });
}

// Variants are "bands", "sets", "sets/transposed", "smc/P=64",
// "smc/transposed/P=64", "rows/P=64" and "rows/P=256/K=8".
std::unique_ptr<Estimator> make_estimator_for_variant(const std::string& variant, const Layout& layout,
                                                     const EstimatorOptions& options) {
  const Shape& shape = layout.shape();
  const std::string name = variant.substr(0, variant.find('/'));
  if (name == "rows") return make_rows_estimator_for_variant(variant, layout);
  if (!layout.classic()) throw InputError("unknown method variant " + quote_input(variant) + " for layout " + layout.name());
  const bool transposed = variant.find("/transposed") != std::string::npos;
  const auto p = variant.find("/P=");
  int particles = 0;
  if (p != std::string::npos) {
    const std::string digits = variant.substr(p + 3);
    if (digits.empty() || digits.size() > 7 || !std::all_of(digits.begin(), digits.end(), ::isdigit))
      throw InputError("unknown method variant " + quote_input(variant));
    particles = std::stoi(digits);
  }
  std::unique_ptr<Estimator> estimator;
  if (name == "bands" && variant == name) estimator = band_estimator(shape, options.threads);
  else if (name == "sets" && p == std::string::npos) estimator = std::make_unique<SetsEstimator>(shape, transposed);
  else if (name == "smc" && particles > 0) estimator = std::make_unique<SmcEstimator>(shape, transposed, particles);
  if (!estimator || estimator->variant() != variant) throw InputError("unknown method variant " + quote_input(variant));
  return estimator;
}

}  // namespace sudoku_count
