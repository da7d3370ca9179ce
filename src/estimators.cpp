#include <algorithm>

#include "sudoku_count/band_estimator.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/estimator.hpp"
#include "sudoku_count/sets_estimator.hpp"

namespace sudoku_count {

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
    throw InputError("unknown method '" + method + "': choose one of " + names);
  }
  if (method == "sets") return std::make_unique<SetsEstimator>(shape);
  try {
    return std::make_unique<BandEstimator>(std::make_shared<const BandTables>(BandTables::build(shape)));
  } catch (const InputError& e) {
    if (method == "bands") throw InputError("method bands cannot handle box " + shape.name() + ": " + e.what());
  }
  try {
    return std::make_unique<SetsEstimator>(shape);
  } catch (const InputError& e) {
    throw InputError("no estimator method handles box " + shape.name() + ": " + e.what());
  }
}

}  // namespace sudoku_count
