#include <algorithm>

#include "estimate/bands_method.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/estimator.hpp"
#include "estimate/sets_method.hpp"

namespace sudoku_count {
using namespace detail;  // internals of this area

const std::vector<MethodInfo>& estimator_methods() {
  static const std::vector<MethodInfo> methods = {
      {"auto", "the best method that handles the shape: bands where its tables fit, else sets"},
      {"bands", "column-set decomposition over precomputed band tables (grids up to 16x16 whose tables fit)"},
      {"sets", "band-by-band column sets with nested estimates of band fillings (any shape in reach; no tables)"},
  };
  return methods;
}

std::unique_ptr<Estimator> make_estimator(const std::string& method, const Shape& shape) {
  const auto& methods = estimator_methods();
  if (std::none_of(methods.begin(), methods.end(), [&](const MethodInfo& m) { return m.name == method; })) {
    std::string names;
    for (const auto& m : methods) names += (names.empty() ? "" : ", ") + m.name;
    throw InputError("unknown method " + quote_input(method) + ": choose one of " + names);
  }
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
  // the sets estimator, on the orientation that samples less
  // (prefer_transposed), or the other one if only it is in reach.
  if (shape.box_cols <= 3 && shape.box_rows <= 3)
    return std::make_unique<BandEstimator>(std::make_shared<const BandTables>(BandTables::build(shape)));
  const bool transpose = prefer_transposed(shape);
  try {
    return std::make_unique<SetsEstimator>(shape, transpose);
  } catch (const InputError&) {
    try {
      return std::make_unique<SetsEstimator>(shape, !transpose);
    } catch (const InputError& e) {
      throw InputError("no estimator method handles box " + shape.name() + " in either orientation: " + e.what());
    }
  }
}

}  // namespace sudoku_count
