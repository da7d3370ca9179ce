#include "exact/layered_fillings.hpp"

#include <algorithm>
#include <stdexcept>

namespace sudoku_count::detail {

LayeredFillings::LayeredFillings(int boxes, int base_rows) : boxes_(boxes), base_rows_(std::max(3, base_rows)) {
  if (boxes < 1 || boxes > kMaxLayerBoxes)
    throw std::invalid_argument("the reverse layers count bands of R x 2 boxes with 1 <= R <= 6");
  tables_.resize(static_cast<std::size_t>(boxes) + 1);
  for (int rows = base_rows_; rows < boxes; ++rows) tables_[rows] = std::make_unique<LayerTable>();
}

LayeredFillings::~LayeredFillings() = default;

// F_L without the tables: the half split at or below the base layer, else
// the rooted sum over the children (each from layer_value).
FillingCount LayeredFillings::compute(const LayerState& state) const {
  if (state.rows <= base_rows_) return count_band_fillings(state.columns.data(), state.rows, state.n());
  FillingCount sum = 0;
  for_each_rooted_child(state, root_edge(state), [&](const LayerState& child) { sum += layer_value(child); });
  return static_cast<FillingCount>(state.rows) * sum;
}

// F_L of a state of L < R rows: 1 for L <= 1 (a perfect matching, or
// nothing), computed without a table below the base, else from the table
// when its orbit is there, or computed and stored. Two threads that meet a
// new orbit at once both compute it and store the same value.
std::uint64_t LayeredFillings::layer_value(const LayerState& state) const {
  if (state.rows <= 1) return 1;
  if (state.rows < base_rows_) return static_cast<std::uint64_t>(compute(state));
  LayerTable& table = *tables_[state.rows];
  const LayerKey key = layer_key(state);
  if (const auto known = table.find(key)) return *known;
  const auto value = static_cast<std::uint64_t>(compute(state));
  table.insert(key, value);
  return value;
}

FillingCount LayeredFillings::count(const LayerState& state) const {
  return state.rows < boxes_ ? layer_value(state) : compute(state);
}

FillingCount LayeredFillings::count(const Mask* sets) const {
  LayerState state;
  state.boxes = boxes_;
  state.rows = boxes_;
  std::copy(sets, sets + 2 * boxes_, state.columns.begin());
  return count(state);
}

std::vector<LayeredFillings::LayerFigures> LayeredFillings::figures() const {
  std::vector<LayerFigures> out;
  for (int rows = base_rows_; rows < boxes_; ++rows) out.push_back({rows, tables_[rows]->size(), tables_[rows]->bytes()});
  return out;
}

std::vector<std::uint64_t> LayeredFillings::values(int rows) const {
  std::vector<std::uint64_t> out;
  if (rows >= base_rows_ && rows < boxes_)
    tables_[rows]->for_each([&](const LayerKey&, std::uint64_t value) { out.push_back(value); });
  return out;
}

}  // namespace sudoku_count::detail
