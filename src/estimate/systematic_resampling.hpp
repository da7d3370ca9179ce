#pragma once
// Systematic resampling, shared by the particle methods (smc, rows).
#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

// Systematic resampling (Kitagawa 1996; Douc, Cappe and Moulines 2005): one
// uniform u in [0, 1) places the points (u + j) / P, j = 0..P-1, on the
// cumulated shares of the weights, and particle p is taken once for each
// point in its share. So it is taken floor or ceil of P w_p / sum w times,
// P w_p / sum w times in expectation over u, never if w_p = 0; ancestors[j]
// is the particle new particle j copies, in increasing order (copies of a
// particle are adjacent). Needs count >= 1, weights >= 0 summing to
// total > 0.
void systematic_resample(const double* weights, int count, double total, double u, int* ancestors);

}  // namespace sudoku_count::detail
