#include <algorithm>

#include "sudoku_count/band_estimator.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/estimator.hpp"

namespace sudoku_count {

const std::vector<MethodInfo>& estimator_methods() {
  static const std::vector<MethodInfo> methods = {
      {"auto", "the best method that handles the shape (bands where its tables fit)"},
      {"bands", "column-set decomposition over precomputed band tables (grids up to 16x16 whose tables fit)"},
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
  // bands (and auto, for now): throws InputError naming the limit when the tables do not fit.
  try {
    return std::make_unique<BandEstimator>(std::make_shared<const BandTables>(BandTables::build(shape)));
  } catch (const InputError& e) {
    throw InputError("no estimator method handles box " + shape.name() + " yet: " + e.what());
  }
}

}  // namespace sudoku_count
