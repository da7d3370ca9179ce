#pragma once
// Column sets with both main diagonals (variant x), the tables behind the
// sets-x estimator and the sets-x exact route (docs/method.md, section 15).
//
// A band's column sets X (for each column, the R symbols the band puts in
// it) fix how many fillings the band has. With the diagonals, what also
// matters is which symbols a filling puts on the band's cells of each
// diagonal: the histogram h_b(X)[z1, z2] counts the fillings of band b with
// column sets X by their symbol sets z1 on the main diagonal and z2 on the
// anti-diagonal (the band's place b fixes which of its cells those are). A
// grid is a choice of column sets for every band (in every column, the
// bands' sets partition the symbols) and a filling of each band; it keeps
// both diagonals exactly when the bands' z1 are disjoint and so are their
// z2. So the grids with column sets X_1..X_C number
//
//   T(X_1..X_C) = sum over (z1_b, z2_b), b = 1..C, with disjoint z1's and
//                 disjoint z2's of  prod_b h_b(X_b)[z1_b, z2_b],
//
// and the grids of the layout are the sum of T over all column sets.
//
// h depends on X only up to relabelling: the tables keep it once per class
// of band column sets under relabelling and for every band place. A band's
// sets are first relabelled so that its first box's columns hold
// {0..R-1}, {R..2R-1}, ... (the normal form); the normal forms (the other
// boxes' ordered partitions, P^(R-1) of them, P = N!/(R!)^C per box) are
// classed under the relabellings that keep the first box's sets, (R!)^C of
// them, by one table built once.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/bits.hpp"
#include "sudoku_count/layout.hpp"

namespace sudoku_count::detail {

inline constexpr int kMaxDiagonalSymbols = 16;

// The image of a set of symbols under a relabelling (symbol s to symbol[s]).
inline Mask relabelled(Mask set, const std::uint8_t* symbol) {
  Mask image = 0;
  for (; set; set = clear_low_bit(set)) image |= Mask{1} << symbol[low_bit_index(set)];
  return image;
}

// A band's fillings by their symbols on the two diagonals, grouped by z1.
struct DiagonalHistogram {
  struct Bucket {
    Mask z1 = 0;
    std::uint32_t first = 0, end = 0;  // its entries
  };
  struct Entry {
    Mask z2 = 0;
    std::uint64_t count = 0;
  };
  std::vector<Bucket> buckets;
  std::vector<Entry> entries;
  std::uint64_t fillings() const;  // the sum of the counts
};

// Where a band's column sets sit in the tables: their class, and the
// relabelling that takes the class's own sets to them.
struct LocatedSets {
  std::uint32_t class_id = 0;
  std::array<std::uint8_t, kMaxDiagonalSymbols> symbol{};  // the class's symbol s is the band's symbol[s]
};

class DiagonalSetTables {
 public:
  // The normal forms a table may hold (4M: 9x9 has 1680^2 = 2.8M).
  static constexpr std::uint64_t kMaxNormalForms = std::uint64_t{1} << 22;
  // Whether the tables serve the layout: a box shape with both main
  // diagonals and nothing else, at most 16 symbols, boxes of 2 to 4 rows
  // and at least 2 columns, and at most kMaxNormalForms normal forms (4x4,
  // 6x6, 8x8, 9x9 and 2x5 boxes); else `why` says why not.
  static bool serves(const Layout& layout, std::string* why = nullptr);
  // Builds the tables (about a second for 9x9, on `threads` threads; 0: all
  // cores). Throws InputError unless serves(layout).
  explicit DiagonalSetTables(const Layout& layout, int threads = 0);

  const Layout& layout() const { return layout_; }
  int n() const { return n_; }
  int rows() const { return rows_; }      // R: rows of a band, boxes of a band
  int columns() const { return cols_; }   // C: columns of a box, bands of the grid
  std::uint64_t partitions_per_box() const { return partitions_.size() / static_cast<std::size_t>(cols_); }
  std::uint64_t normal_forms() const { return class_of_.size(); }
  std::uint32_t classes() const { return static_cast<std::uint32_t>(class_size_.size()); }
  // Normal forms in the class.
  std::uint64_t class_size(std::uint32_t c) const { return class_size_[c]; }
  // The class's own column sets (its least normal form), n masks.
  void class_sets(std::uint32_t c, Mask* sets) const;
  // The class and relabelling of a band's column sets (n masks, each box's
  // columns a partition of the symbols into sets of R).
  LocatedSets locate(const Mask* sets) const;
  const DiagonalHistogram& histogram(std::uint32_t c, int band) const {
    return histograms_[static_cast<std::size_t>(c) * static_cast<std::size_t>(cols_) + static_cast<std::size_t>(band)];
  }
  // Every relabelling that maps the first box's column sets of `from` onto
  // those of `to`, column by column ((R!)^C of them).
  std::vector<std::array<std::uint8_t, kMaxDiagonalSymbols>> relabellings_between(const Mask* from,
                                                                                   const Mask* to) const;
  // The i-th ordered partition of the symbols into C sets of R (C masks), i < partitions_per_box().
  const Mask* partition(std::uint64_t i) const { return &partitions_[i * static_cast<std::size_t>(cols_)]; }
  // The rank of an R-set of symbols among all of them (for a dense table);
  // subsets() for any other set.
  int subset_rank(Mask set) const { return subset_rank_[set]; }
  int subsets() const { return subsets_; }
  // Whether every grid count T fits 63 bits (so a join may sum in 64).
  bool narrow_join() const { return narrow_join_; }

 private:
  std::uint64_t partition_rank(const Mask* blocks) const;
  std::uint64_t normal_index(const Mask* sets) const;  // sets in normal form
  void normal_sets(std::uint64_t index, Mask* sets) const;
  DiagonalHistogram band_histogram(const Mask* sets, int band) const;
  // The relabelling to the normal form (the first box's set j to jR..jR+R-1, in order) and back.
  void normaliser(const Mask* sets, std::uint8_t* to_normal, std::uint8_t* from_normal) const;

  Layout layout_;
  int n_ = 0, rows_ = 0, cols_ = 0;
  std::vector<Mask> partitions_;                   // by rank, C masks each
  std::vector<std::vector<std::uint8_t>> relabellings_;  // the (R!)^C keeping the normal first box
  std::vector<std::uint32_t> class_of_;            // by normal form
  std::vector<std::uint16_t> relabelling_of_;      // normal form = relabelling(class's least form)
  std::vector<std::uint64_t> class_least_;         // per class: its least normal form
  std::vector<std::uint64_t> class_size_;
  std::vector<DiagonalHistogram> histograms_;      // per class, per band place
  std::vector<std::uint16_t> subset_rank_;         // by mask of n bits
  int subsets_ = 0;
  bool narrow_join_ = false;
};

// T(X_1..X_C) for bands located in the tables (one per band, in order):
// a join of their histograms, relabelled into the grid's symbols. Scratch
// memory for one thread.
class DiagonalJoin {
 public:
  explicit DiagonalJoin(const DiagonalSetTables& tables);
  UInt128 count(const LocatedSets* bands);

 private:
  struct State {
    Mask used1, used2;
    UInt128 ways;
  };
  const DiagonalSetTables& tables_;
  std::vector<State> states_, next_;
  std::vector<DiagonalHistogram> relabelled_;
  std::vector<LocatedSets> relabelled_for_;  // what relabelled_[b] holds (an exact sum keeps band 1)
  std::vector<bool> holds_;
  std::vector<std::uint64_t> last_;  // dense: the last band's counts by (rank z1, rank z2), a 0 column after
  std::vector<std::size_t> filled_;  // its entries set (cleared after each count)
};

}  // namespace sudoku_count::detail
