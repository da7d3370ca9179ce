#include "estimate/systematic_resampling.hpp"

#include <cassert>
#include <cmath>

namespace sudoku_count::detail {

void systematic_resample(const double* weights, int count, double total, double u, int* ancestors) {
  assert(count >= 1 && total > 0 && u >= 0 && u < 1);
  const double step = total / count;
  double point = u * step, cumulated = weights[0];
  int a = 0;
  for (int j = 0; j < count; ++j, point += step) {
    while (point >= cumulated && a + 1 < count) cumulated += weights[++a];
    while (weights[a] <= 0) --a;  // rounding ran past the last positive weight
    ancestors[j] = a;
  }
}

}  // namespace sudoku_count::detail
