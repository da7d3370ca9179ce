#pragma once
// Exact count of all grids of a shape by the column-set decomposition over
// the band tables (docs/method.md, section 7):
//   number of grids = sum over band-1 column sets X of f(X) G(X),
// G(X) the completions of band 1, summed exactly over the column sets of the
// other bands. Symmetry collapses the sum: G is invariant under relabelling,
// column permutations within stacks and stack permutations, so it is
// computed once per orbit of band-1 column sets.
#include <functional>

#include "sudoku_count/exact.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count {

// Called now and then with the fraction of the work done.
using ProgressFn = std::function<void(double fraction)>;

// Whether count_grids_by_bands handles the shape (quickly checked).
bool bands_count_exactly(const Shape& shape);

// Throws InputError naming the reason when the shape is out of the method's
// reach (band tables that do not fit, or a sum that would not finish).
ExactResult count_grids_by_bands(const Shape& shape, const ExactOptions& options, const ProgressFn& progress = {});

}  // namespace sudoku_count
