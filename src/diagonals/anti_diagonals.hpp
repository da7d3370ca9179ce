#pragma once
// The anti-diagonals allowed beside a main diagonal fixed to 1..N (variant x;
// docs/method.md, section 16).
//
// Relabelling keeps every house, and every grid of a layout with both
// diagonals has exactly one relabelling whose main diagonal (r, r) reads
// 0..N-1 by row. So the grids number N! times those with that main diagonal,
// and those split by what the anti-diagonal holds: a permutation pi (pi(r) the
// symbol of cell (r, N-1-r)) allowed beside the main diagonal. Cell
// (r, N-1-r) may hold symbol s unless the main diagonal's cell (s, s) shares
// a house with it (a row, a column, a box or any other house), and must hold
// s when it is that cell (the centre, for odd N). The allowed permutations
// are exactly those whose 2N givens clash nowhere; their number is the
// permanent of the allowed 0/1 matrix, counted exactly here by the rook
// polynomial of the forbidden cells:
//   |Pi| = sum_k (-1)^k r_k (n - k)!,
// r_k the ways to put k non-attacking rooks on the forbidden cells (after the
// forced cells are taken out, n rows remain), the polynomial the product of
// those of the board's connected pieces (each small: two cells a row on
// square boxes of even order, a few more around a centre box).
//
// The grids behind an anti-diagonal vary with how its symbols sit against
// the boxes: at 16x16 they grow about 1.32x for each anti-diagonal cell
// whose symbol the main diagonal puts in a box (or jigsaw region) meeting
// that cell's row or column (docs/benchmarks.md, "Both diagonals as
// givens"). So the draw leans that way: pi is drawn with probability
// g(pi) / G, g(pi) = prod_r w(r, pi(r)), w = 4 on such a cell and 3 on the
// others, G = sum over Pi of g, the permanent of w, counted exactly (Ryser's
// formula in 128-bit integers) up to kMaxWeightedOrder; beyond it, and on
// Latin squares, the draw is uniform (g = 1, G = |Pi|). Any positive g keeps
// the estimate unbiased; a good one only lowers its variance.
#include <cstdint>
#include <string>
#include <vector>

#include "core/bits.hpp"
#include "sudoku_count/bignum.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

class AntiDiagonals {
 public:
  // Whether the layout has both diagonals and its allowed anti-diagonals can
  // be counted and drawn here: every piece of the forbidden board spans at
  // most kMaxPieceSymbols symbols, and a uniform permutation is allowed with
  // probability at least kMinAcceptance (the draw is by rejection). When
  // not, `why` (if given) says why.
  static bool serves(const Layout& layout, std::string* why = nullptr);
  // Throws InputError when !serves(layout).
  explicit AntiDiagonals(const Layout& layout);

  int n() const { return n_; }
  // |Pi|, exactly; 0 when no anti-diagonal is allowed (then no grid).
  const BigInt& count() const { return count_; }
  long double log_count() const { return log_count_; }
  // The symbols cell (r, N-1-r) may hold, per row r.
  const std::vector<Mask>& allowed() const { return allowed_; }
  // Whether the draw leans by g (else uniform).
  bool weighted() const { return weighted_; }
  // Draws pi from Pi (count() > 0) with probability q(pi) = g(pi) / G:
  // symbol_of_row[r] = pi(r), 0-based; returns log(1 / q(pi)). Fisher-Yates
  // with rejection at the first forbidden place (every permutation is
  // generated with probability 1/N!, those kept are Pi), then kept with
  // probability g(pi) / prod_r max_s w(r, s).
  long double draw(Rng& rng, int* symbol_of_row) const;
  // The givens of both diagonals (N*N cells, 0 blank, else 1..N): the main
  // diagonal 1..N and the anti-diagonal pi.
  void givens(const int* symbol_of_row, std::vector<int>& cells) const;

  static constexpr int kMaxPieceSymbols = 20;
  static constexpr int kMaxWeightedOrder = 16;  // G within 128 bits: 2^16 (4 * 16)^16 < 2^127
  static constexpr double kMinAcceptance = 1e-4;

 private:
  int n_ = 0;
  std::vector<Mask> allowed_;
  BigInt count_;
  long double log_count_ = 0;
  bool weighted_ = false;
  std::vector<int> weight_;  // w(r, s) at r * N + s (0 where forbidden)
  std::vector<long double> log_weight_;  // log w(r, s) where allowed
  long double log_total_ = 0;       // log G
  std::vector<long double> log_top_;  // per row, log max_s w(r, s)
};

}  // namespace sudoku_count::detail
