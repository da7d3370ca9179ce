#pragma once
// f(X): the number of ways to fill a band whose column sets are X.
//
// A band is R rows across all N columns (R boxes side by side). Its column
// sets X = (X_0..X_{N-1}) give the R symbols of each column; within a box the
// C column sets partition the symbols. Filling the band means giving every
// (column, symbol) pair a row so that each row holds each symbol once and
// each column once: a proper R-edge-colouring of the R-regular bipartite graph
// columns--symbols. So f depends on X alone, and is invariant under any
// relabelling of the symbols.
//  - R = 1: f = 1.
//  - R = 2: the graph is a union of even cycles, each coloured in 2 ways:
//    f = 2^(number of cycles).
//  - R >= 3: fixing the rows of column 0's symbols divides the work by R!
//    (the rows can be permuted freely); the first floor(R/2) rows form a
//    regular spanning subgraph W, and f sums f(W) f(X - W) over those W
//    (R = 3: over the first row M, with X - M counted by its cycles).
//
// For R = 2 and R = 3 the values are tabulated when the table is small:
// relabel the symbols so that box 0's column sets become {0..R-1},
// {R..2R-1}, ...; f does not depend on the order of the columns, so every
// other box is an unordered partition of the N symbols into C sets of R,
// ranked among P = N!/((R!)^C C!); the key is the mixed-radix number of
// those ranks, and the table holds P^(R-1) entries (78,400 for 9 x 9).
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/bits.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count::detail {

// Exact counts of fillings. f is the number of ordered decompositions of
// an R-regular bipartite graph on n + n vertices into R perfect matchings,
// so by Bregman's bound on each matching in turn (Bregman, Soviet Math.
// Dokl. 14 (1973); a k-regular one has at most (k!)^(n/k) perfect
// matchings) f <= prod_{k=2..R} (k!)^(n/k), and every intermediate count
// of the recursions (fillings of sub-bands, column 0's rows fixed) is at
// most that of its band. In bits, filling_count_bound_bits(R, n): for R <=
// 3 (every closing count, any n <= 64) at most 87.2, so 64 bits do not do
// (three rows overflow them beyond about 47 columns) and 128 bits always
// do; R >= 4 occurs only on grids up to 16x16 (the band tables' reach, the
// two-band job's 6 rows of 12 (65.7 bits), the sampler's 5 rows of 10), and
// count_band_fillings asserts the bound.
using FillingCount = UInt128;
double filling_count_bound_bits(int rows, int n);

// f(X) by the recursion above, for column sets of `rows` symbols each over
// n columns (microseconds for rows <= 4; about 0.15 s for 5 rows of 10),
// as a product over the connected components of the graph.
FillingCount count_band_fillings(const Mask* sets, int rows, int n);

class BandFillings {
 public:
  // Builds the key table when R >= 3 and it holds at most max_entries, on
  // `threads` threads (0: all cores).
  BandFillings(const Shape& shape, std::size_t max_entries, int threads = 0);

  const Shape& shape() const { return shape_; }
  bool tabulated() const { return !table_.empty(); }
  std::size_t table_entries() const { return table_.size(); }
  std::size_t table_bytes() const { return table_.size() * sizeof(std::uint32_t); }

  // f(X) for column sets X[0..N-1].
  FillingCount count(const Mask* sets) const;
  // f(X) computed directly, without the table.
  FillingCount count_direct(const Mask* sets) const;

  // ---- key machinery (valid when tabulated()) ----
  // Relabelling that sends box 0's column sets to canonical form.
  struct Relabel {
    std::array<std::uint8_t, kMaxGridSize> image;  // image[symbol]
    Mask apply(Mask set) const;
  };
  Relabel canonical_relabel(const Mask* box0_sets) const;
  // Rank of box `box` (>= 1) of X after relabelling, already multiplied by
  // its place value: key = sum over boxes of these contributions.
  std::size_t key_contribution(int box, const Mask* box_sets, const Relabel& relabel) const;
  std::uint64_t at_key(std::size_t key) const { return table_[key]; }
  // The key of column sets X, and the column sets of a key (box 0 in
  // canonical form, the sets of every other box in increasing order of
  // their smallest symbols).
  std::size_t key_of(const Mask* sets) const;
  void key_sets(std::size_t key, Mask* sets) const;

 private:
  std::size_t partition_rank(const Mask* sets) const;
  void build_by_row_sets();
  void partition_unrank(std::size_t rank, Mask* sets) const;

  Shape shape_;
  int threads_ = 1;  // of the table build
  std::size_t partitions_ = 0;             // P
  std::vector<std::size_t> place_value_;   // P^(box-1)
  std::vector<std::uint32_t> table_;
};

}  // namespace sudoku_count::detail
