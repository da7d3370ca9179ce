#include "known_answers.hpp"

#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace sudoku_count::known {

namespace {

// SUDOKU_COUNT_TEST_DATA_DIR comes from tests/CMakeLists.txt.
std::string data_path(const std::string& file) { return std::string(SUDOKU_COUNT_TEST_DATA_DIR) + "/" + file; }

// The lines of a data file that hold data (no blank lines, no comments),
// each with its line number, for messages.
struct DataLine {
  int number;
  std::string text;
};

std::vector<DataLine> data_lines(const std::string& file) {
  const std::string path = data_path(file);
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read test data file " + path);
  std::vector<DataLine> lines;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    lines.push_back({number, line});
  }
  return lines;
}

[[noreturn]] void bad_line(const std::string& file, const DataLine& line, const std::string& why) {
  throw std::runtime_error(data_path(file) + ":" + std::to_string(line.number) + ": " + why + ": '" + line.text + "'");
}

// A decimal count: digits only (BigInt would also take signs and hex).
BigInt parse_count(const std::string& file, const DataLine& line, const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
    bad_line(file, line, "the count '" + text + "' is not a decimal number");
  return BigInt(text);
}

// The square box shape whose grid has `cells` cells: 81 -> 3x3.
Shape square_shape(const std::string& file, const DataLine& line, std::size_t cells) {
  const int box = static_cast<int>(std::lround(std::sqrt(std::sqrt(static_cast<double>(cells)))));
  const Shape shape{box, box};
  if (box < 1 || static_cast<std::size_t>(shape.cells()) != cells)
    bad_line(file, line, std::to_string(cells) + " cells is no grid of square boxes");
  return shape;
}

std::vector<KnownPuzzle> read_puzzles() {
  const std::string file = "puzzles.txt";
  std::vector<KnownPuzzle> puzzles;
  for (const DataLine& line : data_lines(file)) {
    std::istringstream words(line.text);
    std::string name, fields, extra;
    if (!(words >> name >> fields) || (words >> extra)) bad_line(file, line, "expected NAME PUZZLE:COUNT[:SOLUTION]");
    std::vector<std::string> parts;
    std::istringstream split(fields);
    for (std::string part; std::getline(split, part, ':');) parts.push_back(part);
    if (parts.size() < 2 || parts.size() > 3) bad_line(file, line, "expected PUZZLE:COUNT[:SOLUTION]");
    KnownPuzzle known{name, square_shape(file, line, parts[0].size()), parts[0], parse_count(file, line, parts[1]),
                      parts.size() == 3 ? parts[2] : ""};
    if (!known.solution.empty() && known.count != 1) bad_line(file, line, "a solution is given but the count is not 1");
    for (const KnownPuzzle& earlier : puzzles)
      if (earlier.name == name) bad_line(file, line, "a second puzzle named " + name);
    puzzles.push_back(std::move(known));
  }
  return puzzles;
}

}  // namespace

const std::vector<KnownPuzzle>& puzzles() {
  // Read once, then shared read-only.
  static const std::vector<KnownPuzzle> all = read_puzzles();
  return all;
}

const KnownPuzzle& puzzle(const std::string& name) {
  for (const KnownPuzzle& known : puzzles())
    if (known.name == name) return known;
  throw std::runtime_error("no puzzle named '" + name + "' in " + data_path("puzzles.txt"));
}

Grid puzzle_grid(const std::string& name) {
  const KnownPuzzle& known = puzzle(name);
  return parse_puzzle(known.puzzle, known.shape);
}

Grid solution_grid(const std::string& name) {
  const KnownPuzzle& known = puzzle(name);
  if (known.solution.empty()) throw std::runtime_error("the puzzle '" + name + "' has no solution in the data file");
  return parse_puzzle(known.solution, known.shape);
}

BigInt grid_count(const Shape& shape) {
  const std::string file = "grid_counts.txt";
  for (const DataLine& line : data_lines(file)) {
    const std::size_t colon = line.text.find(':');
    if (colon == std::string::npos) bad_line(file, line, "expected BOX:COUNT");
    if (line.text.substr(0, colon) == shape.name()) return parse_count(file, line, line.text.substr(colon + 1));
  }
  throw std::runtime_error("no count for box " + shape.name() + " in " + data_path(file));
}

BigInt layout_count(const std::string& name) {
  const std::string file = "layout_counts.txt";
  for (const DataLine& line : data_lines(file)) {
    const std::size_t colon = line.text.find(':');
    if (colon == std::string::npos) bad_line(file, line, "expected LAYOUT:COUNT");
    if (line.text.substr(0, colon) == name) return parse_count(file, line, line.text.substr(colon + 1));
  }
  throw std::runtime_error("no count for layout " + name + " in " + data_path(file));
}

}  // namespace sudoku_count::known
