#pragma once
// f(X) of a band of R x 2 boxes (R <= 6) by the reverse row layers
// (docs/method.md, section 8): F_R of the band's column sets is R times the
// sum, over the perfect matchings M through a root edge, of F_{R-1}(X - M);
// each (R-1)-row state again by its own rooted matchings, down to a base
// layer whose F comes from the half split (count_band_fillings). Every
// layer's values are kept in a table keyed by the state's orbit under
// relabelling and the box group (layer_key), shared by all the classes of a
// count and by its threads: for 2 x 6, some 10^8 five-row and 10^9 four-row
// orbits stand behind 63,199 classes and about 10^9 five-row lookups.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "bands/band_fillings.hpp"
#include "exact/layer_states.hpp"
#include "exact/layer_table.hpp"

namespace sudoku_count::detail {

class LayeredFillings {
 public:
  // Tables for the layers base_rows .. boxes - 1, base_rows >= 3: below three
  // rows the half split takes well under a microsecond (two rows: 2^cycles),
  // less than a key of those highly symmetric states. The default base
  // (default_base_rows) is the quicker one measured (docs/benchmarks.md):
  // 3 rows up to 2 x 5 (a three-row key costs about 1.4 us there, the half
  // split of four rows 0.7 ms), 4 rows for 2 x 6 (three-row keys cost 10 us
  // there, the tie-breaking of their symmetric states, and the half split
  // of four rows 3.2 ms against 615 rooted three-row terms).
  static int default_base_rows(int boxes) { return boxes <= 5 ? 3 : 4; }
  explicit LayeredFillings(int boxes) : LayeredFillings(boxes, default_base_rows(boxes)) {}
  LayeredFillings(int boxes, int base_rows);
  ~LayeredFillings();
  LayeredFillings(const LayeredFillings&) = delete;
  LayeredFillings& operator=(const LayeredFillings&) = delete;

  int boxes() const { return boxes_; }
  int base_rows() const { return base_rows_; }

  // F of band column sets (R symbols a column, box b = columns 2b, 2b+1).
  // Safe to call from several threads at once.
  FillingCount count(const Mask* sets) const;
  // F_L of an L-row state, L <= R.
  FillingCount count(const LayerState& state) const;

  // A table's figures: the orbits stored and the bytes their slots hold.
  struct LayerFigures {
    int rows = 0;
    std::size_t entries = 0;
    std::size_t bytes = 0;
  };
  std::vector<LayerFigures> figures() const;
  // The values stored for the layer of `rows` rows (for the checks).
  std::vector<std::uint64_t> values(int rows) const;

 private:
  FillingCount compute(const LayerState& state) const;
  std::uint64_t layer_value(const LayerState& state) const;

  int boxes_, base_rows_;
  std::vector<std::unique_ptr<LayerTable>> tables_;  // indexed by rows; null outside [base, R)
};

}  // namespace sudoku_count::detail
