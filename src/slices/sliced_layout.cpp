// A variant layout cut into slices; the last band and the completions of a
// first band by the slice lemma (sliced_layout.hpp).
#include "slices/sliced_layout.hpp"

#include <algorithm>
#include <cassert>
#include <array>
#include <functional>
#include <numeric>
#include <unordered_map>

namespace sudoku_count::detail {
namespace {

int find_root(std::vector<int>& parent, int x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

// Every `size`-subset of `options` that holds `must`, as masks.
template <typename Visit>
void for_each_subset(Mask options, Mask must, int size, Visit&& visit) {
  if ((must & ~options) != 0) return;
  const int more = size - popcount(must);
  const Mask optional = options & ~must;
  int bits[64], k = 0;
  for (Mask m = optional; m; m = clear_low_bit(m)) bits[k++] = low_bit_index(m);
  if (more < 0 || more > k) return;
  int pick[64];
  for (int i = 0; i < more; ++i) pick[i] = i;
  while (true) {
    Mask chosen = must;
    for (int i = 0; i < more; ++i) chosen |= Mask{1} << bits[pick[i]];
    visit(chosen);
    int i = more - 1;
    while (i >= 0 && pick[i] == k - more + i) --i;
    if (i < 0) break;
    ++pick[i];
    for (int j = i + 1; j < more; ++j) pick[j] = pick[j - 1] + 1;
  }
}


// The classes of the union-find `parent` over the lines `touched`, then the
// lines not touched gathered into groups as wide as the widest class;
// sorted.
std::vector<std::vector<int>> gathered_groups(std::vector<int>& parent, const std::vector<bool>& touched) {
  const int n = static_cast<int>(parent.size());
  std::vector<std::vector<int>> classes(n);
  for (int line = 0; line < n; ++line)
    if (touched[line]) classes[find_root(parent, line)].push_back(line);
  std::size_t widest = 1;
  std::vector<std::vector<int>> groups;
  for (auto& members : classes)
    if (!members.empty()) widest = std::max(widest, members.size()), groups.push_back(members);
  std::vector<int> free_lines;
  for (int line = 0; line < n; ++line)
    if (!touched[line]) free_lines.push_back(line);
  for (std::size_t i = 0; i < free_lines.size(); i += widest)
    groups.emplace_back(free_lines.begin() + static_cast<std::ptrdiff_t>(i),
                        free_lines.begin() + static_cast<std::ptrdiff_t>(std::min(free_lines.size(), i + widest)));
  std::sort(groups.begin(), groups.end());
  return groups;
}

// Groups of lines: the classes of lines that an extra house joins inside one
// crossing line, then the lines no house joins gathered into groups as wide
// as the widest. `by_rows`: groups of rows (else of columns).
std::vector<std::vector<int>> line_groups(const std::vector<House>& houses, int n, bool by_rows) {
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  std::vector<bool> touched(n, false);
  for (const House& house : houses) {
    if (house.kind == HouseKind::Row || house.kind == HouseKind::Column || house.kind == HouseKind::Box) continue;
    std::vector<int> first(n, -1);  // per crossing line: the first line of the house on it
    for (const int cell : house.cells) {
      const int line = by_rows ? cell / n : cell % n, across = by_rows ? cell % n : cell / n;
      touched[line] = true;
      if (first[across] < 0) first[across] = line;
      else parent[find_root(parent, line)] = find_root(parent, first[across]);
    }
  }
  return gathered_groups(parent, touched);
}

// The layout's houses and those they imply (sliced_layout.hpp).
std::vector<House> with_implied_houses(const Layout& layout) {
  std::vector<House> houses = layout.houses();
  const int n = layout.n();
  for (bool more = true; more;) {
    more = false;
    for (const bool by_rows : {false, true})
      for (const auto& group : line_groups(houses, n, by_rows)) {
        std::vector<bool> in_group(n, false);
        for (const int line : group) in_group[line] = true;
        std::vector<bool> covered(static_cast<std::size_t>(n * n), false);
        int inside = 0;
        bool disjoint = true;
        for (const House& house : houses) {
          if (house.kind == HouseKind::Row || house.kind == HouseKind::Column) continue;
          if (!std::all_of(house.cells.begin(), house.cells.end(),
                           [&](int cell) { return in_group[by_rows ? cell / n : cell % n]; }))
            continue;
          ++inside;
          for (const int cell : house.cells) {
            if (covered[cell]) disjoint = false;
            covered[cell] = true;
          }
        }
        if (!disjoint || inside != static_cast<int>(group.size()) - 1) continue;
        House implied{HouseKind::Region, static_cast<int>(houses.size()), {}};
        for (int cell = 0; cell < n * n; ++cell)
          if (in_group[by_rows ? cell / n : cell % n] && !covered[cell]) implied.cells.push_back(cell);
        if (static_cast<int>(implied.cells.size()) != n) continue;
        if (std::any_of(houses.begin(), houses.end(), [&](const House& h) { return h.cells == implied.cells; }))
          continue;
        houses.push_back(std::move(implied));
        more = true;
      }
  }
  return houses;
}
}  // namespace

std::optional<SlicedLayout> SlicedLayout::cut(const Layout& layout, std::string* why) {
  return cut(layout, why, false);
}

std::optional<SlicedLayout> SlicedLayout::cut_last_band(const Layout& layout, std::string* why) {
  return cut(layout, why, true);
}

std::optional<SlicedLayout> SlicedLayout::cut(const Layout& layout, std::string* why, bool last_band_only) {
  auto refuse = [&](const std::string& reason) -> std::optional<SlicedLayout> {
    if (why) *why = reason;
    return std::nullopt;
  };
  if (!layout.has_boxes()) return refuse("it has no boxes of several rows and columns (bands are box rows)");
  SlicedLayout cut;
  cut.layout_ = layout;
  cut.n_ = layout.n();
  cut.band_rows_ = layout.shape().box_rows;
  cut.last_band_only_ = last_band_only;
  const int n = cut.n_, h = cut.band_rows_, bands = n / h;
  if (bands > 3 && !last_band_only) return refuse("it has " + std::to_string(bands) + " bands (two or three are served)");
  if (h > SliceArrayCounter::kMaxSide) return refuse("its bands have more than 8 rows");
  cut.houses_ = with_implied_houses(layout);
  const auto& houses = cut.houses_;
  cut.houses_of_cells_.assign(static_cast<std::size_t>(n * n), {});
  for (int hi = 0; hi < static_cast<int>(houses.size()); ++hi)
    for (const int cell : houses[hi].cells) cut.houses_of_cells_[cell].push_back(hi);
  cut.column_house_.assign(n, -1);
  cut.below_.resize(static_cast<std::size_t>(bands - 1));
  for (int b = 1; b < bands; ++b) {
    cut.below_[b - 1].first_row = b * h;
    cut.below_[b - 1].box_of_column.assign(n, -1);
  }
  // Each house's cells in each band below the first, by row.
  struct InBands {
    int house;
    std::vector<std::vector<std::vector<int>>> columns;  // [band - 1][row in band]
  };
  std::vector<InBands> others;
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  std::vector<bool> touched(n, false);
  for (int hi = 0; hi < static_cast<int>(houses.size()); ++hi) {
    const House& house = houses[hi];
    if (house.kind == HouseKind::Row) continue;
    if (house.kind == HouseKind::Column) {
      cut.column_house_[house.index] = hi;
      continue;
    }
    InBands in_bands{hi, std::vector<std::vector<std::vector<int>>>(bands - 1, std::vector<std::vector<int>>(h))};
    bool below = false, column_union = true;
    for (const int cell : house.cells)
      if (cell / n >= h) in_bands.columns[cell / n / h - 1][cell / n % h].push_back(cell % n), below = true;
    if (!below) continue;
    for (int b = 1; b < bands; ++b) {
      std::vector<int> per_column(n, 0);
      for (const auto& row : in_bands.columns[b - 1])
        for (const int c : row) ++per_column[c];
      if (!std::all_of(per_column.begin(), per_column.end(), [&](int k) { return k == 0 || k == h; }))
        column_union = false;
    }
    if (column_union) {
      for (int b = 1; b < bands; ++b) {
        // A union of whole columns: its first row in the band names them.
        ColumnHouse union_of_columns{hi, in_bands.columns[b - 1][0]};
        std::sort(union_of_columns.columns.begin(), union_of_columns.columns.end());
        Band& band = cut.below_[b - 1];
        if (union_of_columns.columns.empty()) continue;
        for (const int c : union_of_columns.columns) band.box_of_column[c] = static_cast<int>(band.column_unions.size());
        band.column_unions.push_back(std::move(union_of_columns));
      }
      continue;
    }
    for (const auto& band : in_bands.columns)
      for (const auto& row : band)
        for (std::size_t i = 0; i < row.size(); ++i) {
          touched[row[i]] = true;
          if (i > 0) parent[find_root(parent, row[i])] = find_root(parent, row[0]);
        }
    others.push_back(std::move(in_bands));
  }
  // Slices: the classes of joined columns, then the untouched columns
  // gathered into slices as wide as the widest class.
  const std::vector<std::vector<int>> slices = gathered_groups(parent, touched);
  std::size_t widest = 1;
  for (const auto& slice : slices) widest = std::max(widest, slice.size());
  if (widest > static_cast<std::size_t>(SliceArrayCounter::kMaxSide))
    return refuse("its extra houses join " + std::to_string(widest) + " columns into one slice");
  if (bands == 3 && !last_band_only && slices.size() == static_cast<std::size_t>(n))
    return refuse("its extra houses leave every column a slice of its own");
  if (bands == 3 && !last_band_only) {
    // The lists of a slice are indexed by its columns' band-2 sets: C(2R, R)
    // choices per column.
    double choices = 1, parts = 1;
    for (int k = 0; k < h; ++k) choices = choices * (2 * h - k) / (k + 1);
    for (std::size_t k = 0; k < widest; ++k) parts *= choices;
    if (parts > double(1 << 24)) return refuse("its slices are too wide for the lists of three bands");
  }
  cut.slices_ = slices;
  const int count = static_cast<int>(slices.size());
  cut.slice_of_column_.assign(n, 0);
  for (int l = 0; l < count; ++l)
    for (const int c : slices[l]) cut.slice_of_column_[c] = l;
  for (Band& band : cut.below_) {
    band.houses_of_segment.assign(static_cast<std::size_t>(h * count), {});
    band.cell_house.assign(static_cast<std::size_t>(h * n), {});
  }
  // Segment houses meet each row in one whole slice, the same in every band;
  // the others are placed cell by cell.
  for (const InBands& in_bands : others) {
    bool segments = true;
    int slice = -1, cells = 0, last_cells = 0;
    for (const auto& row : in_bands.columns.back()) last_cells += static_cast<int>(row.size());
    for (const auto& band : in_bands.columns)
      for (const auto& row : band) {
        if (row.empty()) continue;
        const int l = cut.slice_of_column_[row[0]];
        std::vector<int> sorted = row;
        std::sort(sorted.begin(), sorted.end());
        if (sorted != slices[l] || (slice >= 0 && slice != l)) segments = false;
        slice = l;
        cells += static_cast<int>(row.size());
      }
    if (segments) {
      const int id = static_cast<int>(cut.segment_houses_.size());
      cut.segment_houses_.push_back({in_bands.house, cells, last_cells});
      for (int b = 1; b < bands; ++b)
        for (int r = 0; r < h; ++r)
          if (!in_bands.columns[b - 1][r].empty())
            cut.below_[b - 1].houses_of_segment[r * count + slice].push_back(id);
      continue;
    }
    const int id = static_cast<int>(cut.cell_houses_.size());
    CellHouse cell_house{in_bands.house, {}, {}};
    for (int b = 1; b < bands; ++b)
      for (int r = 0; r < h; ++r)
        for (const int c : in_bands.columns[b - 1][r]) {
          if (h * static_cast<int>(slices[cut.slice_of_column_[c]].size()) > SliceArrayCounter::kMaxCellsWithGivens)
            return refuse("a house placed cell by cell lies in a slice of more than 48 cells");
          cell_house.cells.push_back((b * h + r) * n + c);
          if (b == bands - 1) cell_house.last_cells.push_back((b * h + r) * n + c);
          cut.below_[b - 1].cell_house[r * n + c].push_back(id);
        }
    cut.cell_houses_.push_back(std::move(cell_house));
  }
  return cut;
}

// The search state of one count.
struct SlicedLayout::Search {
  const SlicedLayout& cut;
  SliceArrayCounter& counter;
  int n, h, count;
  Mask columns_left[64] = {};        // per column: symbols not placed above
  std::vector<Mask> house_left;      // per segment house: symbols it still wants
  std::vector<int> cells_left;       // per segment house: its cells not set yet
  std::vector<Mask> cell_left;       // per cell house: symbols it still wants
  std::vector<int> given;            // per grid cell below band 1: a cell house's symbol, or -1
  Mask row_left[SliceArrayCounter::kMaxSide] = {};
  std::vector<Mask> sets;            // per band, slice and row: the row's set in the slice
  std::vector<int> need;             // per slice and symbol: the slice's columns still wanting it

  Search(const SlicedLayout& c, SliceArrayCounter& k, const Mask* used)
      : cut(c), counter(k), n(c.n_), h(c.band_rows_), count(static_cast<int>(c.slices_.size())),
        house_left(c.segment_houses_.size()), cells_left(c.segment_houses_.size()),
        cell_left(c.cell_houses_.size()), given(static_cast<std::size_t>(n * n), -1),
        sets(static_cast<std::size_t>(c.bands() * count * h), 0),
        need(static_cast<std::size_t>(c.bands() * count * n), 0) {
    const Mask full = low_bits(n);
    for (int col = 0; col < n; ++col) columns_left[col] = full & ~used[c.column_house_[col]];
    for (std::size_t k2 = 0; k2 < house_left.size(); ++k2) {
      house_left[k2] = full & ~used[c.segment_houses_[k2].house];
      cells_left[k2] = c.segment_houses_[k2].cells;
    }
    for (std::size_t k2 = 0; k2 < cell_left.size(); ++k2) cell_left[k2] = full & ~used[c.cell_houses_[k2].house];
  }

  // Row sets of band `band` in slice l whose columns hold `columns` (the
  // slice's), calling visit(arrays) for each choice with arrays > 0: rows
  // in order, each a subset of what its row, its houses and the columns
  // still want; the last row takes what the columns still want; in the
  // last slice (when `last_slice`) a row takes what it still wants.
  template <typename Visit>
  void rows_of_slice(const Band& band, int l, const Mask* columns, bool last_slice, Visit&& visit) {
    const std::vector<int>& slice_columns = cut.slices_[l];
    const int width = static_cast<int>(slice_columns.size());
    // Counters of their own per band and slice: a slice of band 3 is
    // searched inside one of band 2.
    int* wants = need.data() + (band.first_row / h * count + l) * n;
    Mask* sets = sets_of(band, l);
    std::fill(wants, wants + n, 0);
    for (int i = 0; i < width; ++i)
      for (Mask m = columns[i]; m; m = clear_low_bit(m)) ++wants[low_bit_index(m)];
    auto row = [&](auto& self, int r) -> void {
      if (r == h) {
        std::vector<GivenCell> inside;
        if (!cut.cell_houses_.empty())
          for (int k = 0; k < h; ++k)
            for (int i = 0; i < width; ++i) {
              const int symbol = given[(band.first_row + k) * n + slice_columns[i]];
              if (symbol >= 0) inside.push_back({k, i, symbol});
            }
        const std::uint64_t arrays = counter.count(h, width, sets, columns, inside);
        if (arrays) visit(arrays);
        return;
      }
      const int rows_left = h - r;
      Mask wanted = 0, must = 0;
      for (int s = 0; s < n; ++s) {
        if (wants[s] > rows_left) return;
        if (wants[s] > 0) wanted |= Mask{1} << s;
        if (wants[s] == rows_left) must |= Mask{1} << s;
      }
      const int segment = r * count + l;
      Mask candidates = row_left[r] & wanted;
      Mask forced = ~Mask{0};
      for (const int house : band.houses_of_segment[segment]) {
        candidates &= house_left[house];
        if (cells_left[house] == width) forced &= house_left[house];
      }
      if (last_slice) forced &= row_left[r];
      if (r == h - 1) forced &= wanted;
      for (int i = 0; i < width; ++i) {
        const int symbol = given[(band.first_row + r) * n + slice_columns[i]];
        if (symbol >= 0) must |= Mask{1} << symbol;
      }
      auto take = [&](Mask chosen) {
        sets[r] = chosen;
        row_left[r] &= ~chosen;
        for (const int house : band.houses_of_segment[segment]) house_left[house] &= ~chosen, cells_left[house] -= width;
        for (Mask m = chosen; m; m = clear_low_bit(m)) --wants[low_bit_index(m)];
        self(self, r + 1);
        for (Mask m = chosen; m; m = clear_low_bit(m)) ++wants[low_bit_index(m)];
        for (const int house : band.houses_of_segment[segment]) house_left[house] |= chosen, cells_left[house] += width;
        row_left[r] |= chosen;
      };
      if (forced != ~Mask{0}) {
        if (popcount(forced) == width && !(forced & ~candidates) && !(must & ~forced)) take(forced);
        return;
      }
      for_each_subset(candidates, must, width, take);
    };
    row(row, 0);
  }

  // The cell houses' symbols in the cells of `cells` (grid cells), each
  // from its column's set (`column_set(cell)`), once per house and row and
  // column of the band; then visit().
  template <typename ColumnSet, typename Visit>
  void place_cells(const std::vector<int>& cells, std::size_t i, const Band& band, ColumnSet&& column_set,
                   Visit&& visit) {
    if (i == cells.size()) return visit();
    const int at = cells[i], r = at / n, c = at % n;
    const std::vector<int>& owners = band.cell_house[(r - band.first_row) * n + c];
    Mask options = column_set(at);
    for (const int house : owners) options &= cell_left[house];
    for (int k = 0; k < n; ++k)
      if (given[r * n + k] >= 0) options &= ~(Mask{1} << given[r * n + k]);
    for (int k = band.first_row; k < band.first_row + h; ++k)
      if (given[k * n + c] >= 0) options &= ~(Mask{1} << given[k * n + c]);
    for (; options; options = clear_low_bit(options)) {
      const Mask bit = low_bit(options);
      given[at] = low_bit_index(options);
      for (const int house : owners) cell_left[house] &= ~bit;
      place_cells(cells, i + 1, band, column_set, visit);
      for (const int house : owners) cell_left[house] |= bit;
      given[at] = -1;
    }
  }

  // The last band's fillings, slice by slice from slice l.
  SliceCount last_band(const Band& band, int l) {
    if (l == count) return 1;
    Mask columns[SliceArrayCounter::kMaxSide];
    for (std::size_t i = 0; i < cut.slices_[l].size(); ++i) columns[i] = columns_left[cut.slices_[l][i]];
    SliceCount total = 0;
    rows_of_slice(band, l, columns, l == count - 1, [&](std::uint64_t arrays) {
      const SliceCount rest = last_band(band, l + 1);
      total += arrays * rest;
    });
    return total;
  }

  Mask* sets_of(const Band& band, int l) { return sets.data() + (band.first_row / h * count + l) * h; }
  int slice_of_cell(int cell) const { return cut.slice_of_column_[cell % n]; }

  bool columns_fit(const Band& band, const Mask* column_sets) const {
    for (const ColumnHouse& house : band.column_unions) {
      Mask seen = 0;
      for (const int c : house.columns) {
        if (seen & column_sets[c]) return false;
        seen |= column_sets[c];
      }
      if (popcount(seen) != h * static_cast<int>(house.columns.size())) return false;
    }
    return true;
  }
};

SliceCount SlicedLayout::last_band_fillings(const Mask* used, SliceArrayCounter& counter) const {
  Search search(*this, counter, used);
  const Band& band = below_.back();
  for (int c = 0; c < n_; ++c)
    if (popcount(search.columns_left[c]) != band_rows_) return 0;
  if (!search.columns_fit(band, search.columns_left)) return 0;
  // Only the last band's cells are left (the bands above it may be more
  // than the first).
  for (std::size_t k = 0; k < segment_houses_.size(); ++k) {
    search.cells_left[k] = segment_houses_[k].last_cells;
    if (popcount(search.house_left[k]) != search.cells_left[k]) return 0;
  }
  for (std::size_t k = 0; k < cell_houses_.size(); ++k)
    if (popcount(search.cell_left[k]) != static_cast<int>(cell_houses_[k].last_cells.size())) return 0;
  for (int r = 0; r < band_rows_; ++r) search.row_left[r] = low_bits(n_);
  std::vector<int> cells;
  for (const CellHouse& house : cell_houses_)
    cells.insert(cells.end(), house.last_cells.begin(), house.last_cells.end());
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  SliceCount total = 0;
  search.place_cells(cells, 0, band, [&](int cell) { return search.columns_left[cell % n_]; },
                     [&] { total += search.last_band(band, 0); });
  return total;
}

SliceCount SlicedLayout::completions(const Mask* used, SliceArrayCounter& counter) const {
  assert(!last_band_only_);
  if (bands() == 2) return last_band_fillings(used, counter);
  // Three bands. Per slice, per choice of its columns' sets in band 2, the
  // list of (row sets of bands 2 and 3, cell houses' symbols in the slice;
  // product of the two bands' slice-array counts).
  Search search(*this, counter, used);
  const Band &middle = below_[0], &last = below_[1];
  const int n = n_, h = band_rows_, count = static_cast<int>(slices_.size());
  const int houses_in_key = static_cast<int>(cell_houses_.size());
  const int stride = 2 * h + houses_in_key + 1;  // the key's masks, then the weight
  for (std::size_t k = 0; k < segment_houses_.size(); ++k)
    if (popcount(search.house_left[k]) != search.cells_left[k]) return 0;
  // A column's set in band 2 is an h-subset of the 2h symbols it still
  // wants; its rank (in the order for_each_subset gives) indexes the lists:
  // a slice's choice of sets is the number whose digits are its columns'
  // ranks (base C(2h, h)).
  const int spread = 2 * h;
  std::vector<int> rank_of(std::size_t{1} << spread, -1);
  int choices = 0;
  for_each_subset(low_bits(spread), 0, h, [&](Mask subset) { rank_of[subset] = choices++; });
  auto rank = [&](int c, Mask chosen) {
    Mask compressed = 0;
    int position = 0;
    for (Mask m = search.columns_left[c]; m; m = clear_low_bit(m), ++position)
      if (chosen & low_bit(m)) compressed |= Mask{1} << position;
    return rank_of[compressed];
  };
  for (int c = 0; c < n; ++c)
    if (popcount(search.columns_left[c]) != spread) return 0;
  struct SliceLists {
    std::vector<std::uint32_t> begin, end;  // per choice of the columns' sets: its entries in `entries`
    std::vector<Mask> entries;
  };
  std::vector<SliceLists> lists(static_cast<std::size_t>(count));
  for (int l = 0; l < count; ++l) {
    const std::vector<int>& slice_columns = slices_[l];
    const int width = static_cast<int>(slice_columns.size());
    std::size_t parts = 1;
    for (int i = 0; i < width; ++i) parts *= static_cast<std::size_t>(choices);
    SliceLists& list = lists[l];
    list.begin.assign(parts, 0);
    list.end.assign(parts, 0);
    std::vector<int> cells2, cells3;
    for (int r = 0; r < h; ++r)
      for (const int c : slice_columns) {
        if (!middle.cell_house[r * n + c].empty()) cells2.push_back((h + r) * n + c);
        if (!last.cell_house[r * n + c].empty()) cells3.push_back((2 * h + r) * n + c);
      }
    Mask middle_sets[SliceArrayCounter::kMaxSide], last_sets[SliceArrayCounter::kMaxSide];
    auto column_index = [&](int cell) {
      return std::find(slice_columns.begin(), slice_columns.end(), cell % n) - slice_columns.begin();
    };
    std::function<void(int, std::size_t)> choose = [&](int i, std::size_t index) {
      if (i == width) {
        std::vector<Mask>& entries = list.entries;
        list.begin[index] = static_cast<std::uint32_t>(entries.size());
        search.place_cells(cells2, 0, middle, [&](int cell) { return middle_sets[column_index(cell)]; }, [&] {
          search.place_cells(cells3, 0, last, [&](int cell) { return last_sets[column_index(cell)]; }, [&] {
            for (int r = 0; r < h; ++r) search.row_left[r] = low_bits(n);
            Mask middle_rows[SliceArrayCounter::kMaxSide];
            search.rows_of_slice(middle, l, middle_sets, false, [&](std::uint64_t middle_arrays) {
              std::copy(search.sets_of(middle, l), search.sets_of(middle, l) + h, middle_rows);
              Mask kept[SliceArrayCounter::kMaxSide];
              std::copy(search.row_left, search.row_left + h, kept);
              for (int r = 0; r < h; ++r) search.row_left[r] = low_bits(n);
              search.rows_of_slice(last, l, last_sets, false, [&](std::uint64_t last_arrays) {
                entries.insert(entries.end(), middle_rows, middle_rows + h);
                entries.insert(entries.end(), search.sets_of(last, l), search.sets_of(last, l) + h);
                for (int k = 0; k < houses_in_key; ++k) {
                  Mask placed = 0;
                  for (const int cell : cell_houses_[k].cells)
                    if (search.slice_of_cell(cell) == l && search.given[cell] >= 0) placed |= Mask{1} << search.given[cell];
                  entries.push_back(placed);
                }
                entries.push_back(middle_arrays * last_arrays);
              });
              std::copy(kept, kept + h, search.row_left);
            });
          });
        });
        list.end[index] = static_cast<std::uint32_t>(entries.size());
        return;
      }
      const int c = slice_columns[i];
      // Disjoint from the sets of the same box's columns in this slice.
      Mask taken = 0;
      for (int j = 0; j < i; ++j)
        if (middle.box_of_column[slice_columns[j]] == middle.box_of_column[c]) taken |= middle_sets[j];
      int r = 0;
      for_each_subset(search.columns_left[c], 0, h, [&](Mask chosen) {
        const std::size_t next = index * static_cast<std::size_t>(choices) + static_cast<std::size_t>(r++);
        if (chosen & taken) return;
        middle_sets[i] = chosen;
        last_sets[i] = search.columns_left[c] & ~chosen;
        choose(i + 1, next);
      });
    };
    choose(0, 0);
    if (list.entries.empty()) return 0;
  }
  // Band 2's column sets, box by box (each box's sets a partition of its
  // symbols); each choice of a box's sets adds its columns' digits to the
  // index of each slice's list.
  std::vector<std::size_t> place_value(static_cast<std::size_t>(n), 1);
  for (const auto& slice : slices_)
    for (std::size_t i = slice.size(); i-- > 1;)
      place_value[slice[i - 1]] = place_value[slice[i]] * static_cast<std::size_t>(choices);
  std::vector<std::vector<std::size_t>> box_choices;  // per box: per choice, the digits it adds per slice
  for (const ColumnHouse& box : middle.column_unions) {
    std::vector<std::size_t> digits;
    std::vector<std::size_t> adds(static_cast<std::size_t>(count), 0);
    std::function<void(std::size_t, Mask)> choose = [&](std::size_t i, Mask left) {
      if (i == box.columns.size()) {
        if (left == 0) digits.insert(digits.end(), adds.begin(), adds.end());
        return;
      }
      const int c = box.columns[i];
      const int l = slice_of_column_[c];
      auto take = [&](Mask chosen) {
        const std::size_t digit = static_cast<std::size_t>(rank(c, chosen)) * place_value[c];
        adds[l] += digit;
        choose(i + 1, left & ~chosen);
        adds[l] -= digit;
      };
      if (i + 1 == box.columns.size()) {
        if (popcount(left) == h && !(left & ~search.columns_left[c])) take(left);
        return;
      }
      for_each_subset(search.columns_left[c] & left, 0, h, take);
    };
    choose(0, low_bits(n));
    if (digits.empty()) return 0;
    box_choices.push_back(std::move(digits));
  }
  std::vector<std::pair<const Mask*, std::size_t>> found(static_cast<std::size_t>(count));
  std::vector<Mask> target(static_cast<std::size_t>(stride - 1), low_bits(n));
  for (int k = 0; k < houses_in_key; ++k) target[2 * h + k] = search.cell_left[k];
  SliceCount total = 0;
  std::vector<Mask> acc(static_cast<std::size_t>(stride - 1), 0);
  std::function<void(int, SliceCount)> join = [&](int l, SliceCount weight) {
    const Mask* list = found[l].first;
    for (std::size_t e = 0; e < found[l].second; e += static_cast<std::size_t>(stride)) {
      bool fits = true;
      for (int k = 0; k < stride - 1 && fits; ++k) fits = !(acc[k] & list[e + k]);
      if (!fits) continue;
      if (l == count - 1) {
        bool complete = true;
        for (int k = 0; k < stride - 1 && complete; ++k) complete = (acc[k] | list[e + k]) == target[k];
        if (complete) total += weight * list[e + stride - 1];
        continue;
      }
      for (int k = 0; k < stride - 1; ++k) acc[k] |= list[e + k];
      join(l + 1, weight * list[e + stride - 1]);
      for (int k = 0; k < stride - 1; ++k) acc[k] &= ~list[e + k];
    }
  };
  std::vector<std::size_t> index(static_cast<std::size_t>(count), 0);
  const std::size_t boxes = box_choices.size();
  std::function<void(std::size_t)> columns = [&](std::size_t b) {
    if (b == boxes) {
      for (int l = 0; l < count; ++l) {
        const std::uint32_t first = lists[l].begin[index[l]], last_entry = lists[l].end[index[l]];
        if (first == last_entry) return;
        found[l] = {lists[l].entries.data() + first, last_entry - first};
      }
      return join(0, 1);
    }
    const std::vector<std::size_t>& digits = box_choices[b];
    for (std::size_t k = 0; k < digits.size(); k += static_cast<std::size_t>(count)) {
      for (int l = 0; l < count; ++l) index[l] += digits[k + l];
      columns(b + 1);
      for (int l = 0; l < count; ++l) index[l] -= digits[k + l];
    }
  };
  columns(0);
  return total;
}

}  // namespace sudoku_count::detail
