#include <algorithm>

#include "estimate/bands_method.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/estimator.hpp"
#include "estimate/sets_method.hpp"

namespace sudoku_count {
using namespace detail;  // internals of this area

const std::vector<MethodInfo>& estimator_methods() {
  // Reaches: BandTables::build's limits (band_tables.cpp) and
  // SetsEstimator::kMaxBoxStates (sets_method.hpp).
  static const std::vector<MethodInfo> methods = {
      {"auto", "bands for boxes of at most 3 rows and 3 columns, else sets on the orientation that samples less",
       "every shape bands or sets reaches, sets in either orientation"},
      {"bands", "column-set decomposition over precomputed band tables",
       "shapes whose band tables fit: grids up to 16x16 with at most 2^25 canonical bands from at most 2^22 "
       "candidate rows (2x5, 3x3 and 4x2, but not 3x4, 4x3 or 5x2)"},
      {"sets", "band-by-band column sets with nested estimates of band fillings; no tables",
       "R x C boxes with (R+1)^C <= 2^21 box states (7x7, but not 8x8)"},
  };
  return methods;
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

std::unique_ptr<Estimator> make_estimator(const std::string& method, const Shape& shape) {
  estimator_method(method);  // known, or refused
  if (method == "sets") return std::make_unique<SetsEstimator>(shape);
  if (method == "bands") {
    try {
      return std::make_unique<BandEstimator>(std::make_shared<const BandTables>(BandTables::build(shape)));
    } catch (const InputError& e) {
      throw InputError("method bands cannot handle box " + shape.name() + ": " + e.what());
    }
  }
  // auto. The band estimator is best where nothing is sampled between band 1
  // and the exact sum over band C-1 (C <= 3) and f is tabulated (R <= 3:
  // 4x2 measured 7x better by sets, docs/benchmarks.md); else
  // the sets estimator, on the orientation that samples less: with a side
  // of 2, on the shape with two bands (C = 2: band 2 is forced), otherwise
  // with the shorter side as R (fewer nested rows per band).
  if (shape.box_cols <= 3 && shape.box_rows <= 3)
    return std::make_unique<BandEstimator>(std::make_shared<const BandTables>(BandTables::build(shape)));
  const int small = std::min(shape.box_rows, shape.box_cols);
  const bool transpose = small == 2 ? shape.box_cols > shape.box_rows : shape.box_rows > shape.box_cols;
  try {
    return std::make_unique<SetsEstimator>(shape, transpose);
  } catch (const InputError&) {
    try {
      return std::make_unique<SetsEstimator>(shape, !transpose);  // the other orientation may fit
    } catch (const InputError& e) {
      throw InputError("no estimator method handles box " + shape.name() + " in either orientation: " + e.what());
    }
  }
}

}  // namespace sudoku_count
