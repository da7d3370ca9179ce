#pragma once
#include "sudoku_count/shape.hpp"

namespace sudoku_count::detail {

// Throws InputError, naming the band method's reach (exact_methods()) and
// the shape's bands both ways, when neither the shape nor its transpose is
// within it (bands_count_exactly).
void require_band_reach(const Shape& shape);

}  // namespace sudoku_count::detail
