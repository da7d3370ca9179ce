#include "sudoku_count/layout.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

#include "core/checksum.hpp"
#include "core/plain_text.hpp"
#include "sudoku_count/error.hpp"

namespace sudoku_count {

struct Layout::Data {
  std::vector<Variant> variants;
  std::vector<int> labels;  // jigsaw: region of each cell; empty for boxes
  std::vector<House> houses;
  std::vector<std::vector<int>> houses_of_cells;
};

namespace {

std::vector<Variant> canonical(std::vector<Variant> variants) {
  std::sort(variants.begin(), variants.end());
  variants.erase(std::unique(variants.begin(), variants.end()), variants.end());
  return variants;
}

bool has(const std::vector<Variant>& variants, Variant v) {
  return std::find(variants.begin(), variants.end(), v) != variants.end();
}

House make_house(HouseKind kind, int index, std::vector<int> cells) {
  std::sort(cells.begin(), cells.end());
  return House{kind, index, std::move(cells)};
}

// Top rows (or left columns) of the windows along one side: a window of
// `side` cells starts one cell after the previous box edge, i.e. at
// 1, side + 2, 2 side + 3, ..., as long as it fits in n.
std::vector<int> window_starts(int side, int n) {
  std::vector<int> starts;
  for (int start = 1; start + side <= n; start += side + 1) starts.push_back(start);
  return starts;
}

std::string jigsaw_hash(const std::vector<int>& labels) {
  std::string bytes;
  for (int label : labels) bytes += static_cast<char>(label);
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(detail::fnv1a64(bytes) & 0xffffffffu));
  return hex;
}

}  // namespace

const char* house_kind_name(HouseKind kind) {
  switch (kind) {
    case HouseKind::Row: return "row";
    case HouseKind::Column: return "column";
    case HouseKind::Box: return "box";
    case HouseKind::Region: return "region";
    case HouseKind::Diagonal: return "diagonal";
    case HouseKind::Group: return "group";
    case HouseKind::Window: return "window";
  }
  return "house";
}

const char* variant_name(Variant variant) {
  switch (variant) {
    case Variant::X: return "x";
    case Variant::P: return "p";
    case Variant::Windows: return "windows";
  }
  return "?";
}

bool Layout::windows_defined(const Shape& boxes) {
  return !window_starts(boxes.box_rows, boxes.n()).empty() && !window_starts(boxes.box_cols, boxes.n()).empty();
}

Layout::Layout(const Shape& boxes) : shape_(boxes) {
  auto data = std::make_shared<Data>();
  const int n = boxes.n();
  for (int i = 0; i < n; ++i) {
    std::vector<int> row, col;
    for (int k = 0; k < n; ++k) {
      row.push_back(i * n + k);
      col.push_back(k * n + i);
    }
    data->houses.push_back(make_house(HouseKind::Row, i, row));
    data->houses.push_back(make_house(HouseKind::Column, i, col));
  }
  // Rows first, then columns, as houses() promises.
  std::stable_partition(data->houses.begin(), data->houses.end(),
                        [](const House& h) { return h.kind == HouseKind::Row; });
  if (boxes.box_rows > 1 && boxes.box_cols > 1)
    for (int b = 0; b < n; ++b) {
      // Box b spans rows from (b / R) * R and columns from (b % R) * C
      // (Shape::box_of numbers boxes row by row, R boxes to a band).
      const int top = b / boxes.box_rows * boxes.box_rows, left = b % boxes.box_rows * boxes.box_cols;
      std::vector<int> cells;
      for (int k = 0; k < n; ++k) cells.push_back((top + k / boxes.box_cols) * n + left + k % boxes.box_cols);
      data->houses.push_back(make_house(HouseKind::Box, b, cells));
    }
  data->houses_of_cells.assign(static_cast<std::size_t>(boxes.cells()), {});
  for (std::size_t h = 0; h < data->houses.size(); ++h)
    for (int cell : data->houses[h].cells) data->houses_of_cells[cell].push_back(static_cast<int>(h));
  data_ = std::move(data);
}

namespace {

void add_house(Layout::Data& data, HouseKind kind, int index, std::vector<int> cells) {
  data.houses.push_back(make_house(kind, index, std::move(cells)));
  for (int cell : data.houses.back().cells)
    data.houses_of_cells[cell].push_back(static_cast<int>(data.houses.size() - 1));
}

void add_diagonals(Layout::Data& data, int n) {
  std::vector<int> main, anti;
  for (int i = 0; i < n; ++i) {
    main.push_back(i * n + i);
    anti.push_back(i * n + (n - 1 - i));
  }
  add_house(data, HouseKind::Diagonal, 0, main);
  if (n > 1) add_house(data, HouseKind::Diagonal, 1, anti);
}

}  // namespace

Layout Layout::with_variants(const Shape& boxes, std::vector<Variant> variants) {
  variants = canonical(std::move(variants));
  Layout layout(boxes);
  if (variants.empty()) return layout;
  const int n = boxes.n(), r = boxes.box_rows, c = boxes.box_cols;
  auto data = std::make_shared<Data>(*layout.data_);
  data->variants = variants;
  for (Variant v : variants) {
    if ((v == Variant::P || v == Variant::Windows) && (r == 1 || c == 1))
      throw InputError(std::string("variant ") + variant_name(v) + " needs boxes of more than one row and column; box " +
                       boxes.name() + " has " + (r == 1 ? "rows" : "columns") + " for boxes (" +
                       (v == Variant::P ? "its groups would be the columns or rows" : "no window fits") + ")");
    if (v == Variant::Windows && !windows_defined(boxes))
      throw InputError("variant windows is not defined for box " + boxes.name() +
                       ": no window of the box's size fits between the boxes of a " + std::to_string(n) + "x" +
                       std::to_string(n) + " grid");
  }
  if (has(variants, Variant::X)) add_diagonals(*data, n);
  if (has(variants, Variant::P))
    for (int offset = 0; offset < n; ++offset) {
      const int dr = offset / c, dc = offset % c;
      std::vector<int> cells;
      for (int b = 0; b < n; ++b) {
        const int top = b / r * r, left = b % r * c;
        cells.push_back((top + dr) * n + left + dc);
      }
      add_house(*data, HouseKind::Group, offset, cells);
    }
  if (has(variants, Variant::Windows)) {
    int index = 0;
    for (int top : window_starts(r, n))
      for (int left : window_starts(c, n)) {
        std::vector<int> cells;
        for (int k = 0; k < n; ++k) cells.push_back((top + k / c) * n + left + k % c);
        add_house(*data, HouseKind::Window, index++, cells);
      }
  }
  layout.data_ = std::move(data);
  return layout;
}

Layout Layout::jigsaw(int n, const std::vector<int>& labels, std::vector<Variant> variants) {
  variants = canonical(std::move(variants));
  if (n < 1 || n > kMaxGridSize)
    throw InputError("a jigsaw needs 1 to " + std::to_string(kMaxGridSize) + " rows; found " + std::to_string(n));
  if (labels.size() != static_cast<std::size_t>(n) * n)
    throw InputError("a jigsaw of " + std::to_string(n) + " rows needs " + std::to_string(n * n) + " labels, found " +
                     std::to_string(labels.size()));
  for (Variant v : variants)
    if (v != Variant::X)
      throw InputError(std::string("variant ") + variant_name(v) +
                       " needs boxes; a jigsaw has regions instead (only variant x combines with regions)");
  std::vector<std::vector<int>> regions(static_cast<std::size_t>(n));
  std::vector<int> renumbered(static_cast<std::size_t>(n), -1), canonical_labels;
  int next = 0;
  for (std::size_t cell = 0; cell < labels.size(); ++cell) {
    if (labels[cell] < 0 || labels[cell] >= n)
      throw InputError("jigsaw region label " + std::to_string(labels[cell]) + " at " + "row " +
                       std::to_string(cell / n + 1) + ", column " + std::to_string(cell % n + 1) + " is not in 0.." +
                       std::to_string(n - 1));
    if (renumbered[labels[cell]] < 0) renumbered[labels[cell]] = next++;
    canonical_labels.push_back(renumbered[labels[cell]]);
    regions[canonical_labels.back()].push_back(static_cast<int>(cell));
  }
  for (int region = 0; region < n; ++region)
    if (regions[region].size() != static_cast<std::size_t>(n))
      throw InputError("jigsaw region " + std::to_string(region + 1) + " (numbered by first appearance) has " +
                       std::to_string(regions[region].size()) + " cells; every region of a " + std::to_string(n) +
                       "x" + std::to_string(n) + " jigsaw needs exactly " + std::to_string(n));
  Layout layout(Shape{1, n});
  auto data = std::make_shared<Data>(*layout.data_);
  data->labels = canonical_labels;
  data->variants = variants;
  for (int region = 0; region < n; ++region) add_house(*data, HouseKind::Region, region, regions[region]);
  if (has(variants, Variant::X)) add_diagonals(*data, n);
  layout.data_ = std::move(data);
  return layout;
}

Layout Layout::parse_regions(const std::string& text, std::vector<Variant> variants) {
  detail::require_input_text(text, "the file", "N lines of N region labels");
  std::vector<std::vector<std::string>> rows;
  std::vector<int> line_numbers;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    std::vector<std::string> tokens;
    std::istringstream words(line);
    for (std::string word; words >> word;)
      if (word != "|") tokens.push_back(word);
    rows.push_back(tokens);
    line_numbers.push_back(number);
    if (rows.size() > static_cast<std::size_t>(kMaxGridSize))
      throw InputError("the file has more than " + std::to_string(kMaxGridSize) +
                       " rows of labels; the largest grid is 64x64");
  }
  const int n = static_cast<int>(rows.size());
  if (n == 0) throw InputError("the file has no rows of labels (N lines of N region labels)");
  // One row is a 1x1 grid, whose one region is the whole grid: no jigsaw
  // file means that, and a file of one puzzle a line given in its place
  // would otherwise be read as one (one long label).
  if (n == 1)
    throw InputError("line " + std::to_string(line_numbers[0]) + ": the file has one row of labels (" +
                     quote_input(rows[0].empty() ? std::string() : rows[0][0], 20) +
                     "), but a jigsaw needs N lines of N region labels with N at least 2");
  std::vector<int> labels;
  std::map<std::string, int> numbered;
  std::vector<std::string> names;
  for (int i = 0; i < n; ++i) {
    std::vector<std::string> cells = rows[i];
    if (static_cast<int>(cells.size()) != n) {
      // One character per cell, separators ignored.
      std::string joined;
      for (const auto& token : cells)
        for (char ch : token)
          if (ch != '|') joined += ch;
      if (static_cast<int>(joined.size()) != n)
        throw InputError("line " + std::to_string(line_numbers[i]) + ": " +
                         std::to_string(cells.size() == 1 ? joined.size() : cells.size()) +
                         " labels, but the file has " + std::to_string(n) + " rows, so every row needs " +
                         std::to_string(n) + " labels (one character per cell, or labels separated by spaces)");
      cells.clear();
      for (char ch : joined) cells.emplace_back(1, ch);
    }
    for (const auto& label : cells) {
      auto [it, added] = numbered.emplace(label, static_cast<int>(numbered.size()));
      if (added) {
        names.push_back(label);
        if (static_cast<int>(numbered.size()) > n)
          throw InputError("line " + std::to_string(line_numbers[i]) + ": label " + quote_input(label) +
                           " is region " + std::to_string(numbered.size()) + ", but a " + std::to_string(n) + "x" +
                           std::to_string(n) + " jigsaw has exactly " + std::to_string(n) + " regions");
      }
      labels.push_back(it->second);
    }
  }
  if (static_cast<int>(numbered.size()) != n)
    throw InputError("the file has " + std::to_string(numbered.size()) + " labels but " + std::to_string(n) +
                     " rows: a " + std::to_string(n) + "x" + std::to_string(n) + " jigsaw needs " + std::to_string(n) +
                     " regions of " + std::to_string(n) + " cells");
  std::vector<int> sizes(static_cast<std::size_t>(n), 0);
  for (int label : labels) ++sizes[label];
  for (int region = 0; region < n; ++region)
    if (sizes[region] != n)
      throw InputError("region " + quote_input(names[region]) + " has " + std::to_string(sizes[region]) +
                       " cells; every region of a " + std::to_string(n) + "x" + std::to_string(n) +
                       " jigsaw needs exactly " + std::to_string(n));
  return jigsaw(n, labels, std::move(variants));
}

std::vector<Variant> Layout::parse_variants(const std::string& text) {
  std::vector<Variant> variants;
  if (text.empty() || text == "none") return variants;
  std::string word;
  std::string separated = text;  // ',' or '+' (as in a layout's name) between variants
  std::replace(separated.begin(), separated.end(), '+', ',');
  std::istringstream in(separated);
  while (std::getline(in, word, ',')) {
    std::string lower;
    for (char ch : word)
      if (ch != ' ') lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (lower == "x" || lower == "diagonal" || lower == "diagonals") variants.push_back(Variant::X);
    else if (lower == "p" || lower == "disjoint" || lower == "disjoint-groups") variants.push_back(Variant::P);
    else if (lower == "windows" || lower == "window" || lower == "hyper" || lower == "windoku" || lower == "nrc")
      variants.push_back(Variant::Windows);
    else
      throw InputError("unknown variant " + quote_input(word) +
                       ": choose from x (both main diagonals), p (disjoint groups), windows (hyper / windoku), "
                       "separated by commas, e.g. x,windows");
  }
  if (variants.empty()) throw InputError("no variant in " + quote_input(text) + ": e.g. x, p, windows or x,p");
  return canonical(std::move(variants));
}

bool Layout::is_jigsaw() const { return data_ && !data_->labels.empty(); }
const std::vector<Variant>& Layout::variants() const { return data_->variants; }
const std::vector<House>& Layout::houses() const { return data_->houses; }
const std::vector<std::vector<int>>& Layout::houses_of_cells() const { return data_->houses_of_cells; }
const std::vector<int>& Layout::region_labels() const { return data_->labels; }

std::vector<House> Layout::extra_houses() const {
  std::vector<House> extra;
  for (const auto& house : houses())
    if (house.kind != HouseKind::Row && house.kind != HouseKind::Column && house.kind != HouseKind::Box)
      extra.push_back(house);
  return extra;
}

std::string Layout::name() const {
  std::string text = is_jigsaw() ? "jigsaw" + std::to_string(n()) + "-" + jigsaw_hash(region_labels()) : shape_.name();
  for (Variant v : variants()) text += std::string("+") + variant_name(v);
  return text;
}

std::string Layout::describe() const {
  const std::string size = std::to_string(n()) + "x" + std::to_string(n()) + " grid";
  std::string text;
  if (is_jigsaw()) text = size + ", jigsaw regions";
  else if (latin_square() || shape_.box_rows == 1 || shape_.box_cols == 1) text = size + ", no boxes (Latin square)";
  else text = size + ", " + shape_.name() + " boxes";
  for (Variant v : variants()) {
    if (v == Variant::X) text += ", both main diagonals";
    if (v == Variant::P) text += ", disjoint groups";
    if (v == Variant::Windows) {
      int windows = 0;
      for (const auto& house : houses()) windows += house.kind == HouseKind::Window;
      text += ", " + std::to_string(windows) + " windows";
    }
  }
  return text;
}

std::string Layout::regions_text() const {
  if (!is_jigsaw()) return "";
  std::string text;
  const int n = this->n();
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) text += (col ? " " : "") + std::to_string(region_labels()[row * n + col] + 1);
    text += '\n';
  }
  return text;
}

bool Layout::operator==(const Layout& other) const {
  if (data_ == other.data_) return true;  // copies of one layout
  return shape_ == other.shape_ && variants() == other.variants() && region_labels() == other.region_labels();
}

Layout make_layout(const Shape& boxes, const std::string& variants, const std::string& regions_text) {
  auto list = Layout::parse_variants(variants);
  if (!regions_text.empty()) return Layout::parse_regions(regions_text, list);
  return Layout::with_variants(boxes, list);
}

}  // namespace sudoku_count
