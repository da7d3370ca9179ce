#pragma once
// What every input boundary promises, as checks shared by the libFuzzer
// targets (fuzz/) and the deterministic randomized tests
// (tests/test_random_input.cpp): any text either parses into a value that
// satisfies its invariants, or is refused with InputError. Each check returns
// true when the input parsed and false when it was refused; an invariant
// broken after a successful parse throws std::logic_error, and any other
// exception escapes, so both fail a test or end a fuzz run with a report.
#include <stdexcept>
#include <string>
#include <vector>

#include "options.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count::input_checks {

inline void require(bool condition, const std::string& what) {
  if (!condition) throw std::logic_error("broken invariant: " + what);
}

inline bool check_shape_text(const std::string& text) {
  Shape shape;
  try {
    shape = Shape::parse(text);
  } catch (const InputError&) {
    return false;
  }
  require(shape.box_rows >= 1 && shape.box_cols >= 1, "box sides at least 1");
  require(shape.n() <= kMaxGridSize, "N at most 64");
  require(Shape::parse(shape.name()) == shape, "a shape's name parses back to it");
  return true;
}

inline bool check_puzzle_text(const std::string& text, const Shape& shape) {
  Grid grid;
  try {
    grid = parse_puzzle(text, shape);
  } catch (const InputError&) {
    return false;
  }
  require(grid.shape() == shape, "the grid has the shape asked for");
  require(grid.cells.size() == static_cast<std::size_t>(shape.cells()), "N*N cells");
  for (const int value : grid.cells) require(value >= 0 && value <= shape.n(), "cell values 0..N");
  validate_grid(grid);  // an InputError here escapes: parse_puzzle let a bad grid through
  require(parse_puzzle(format_grid(grid), shape).cells == grid.cells, "a formatted grid parses back to itself");
  return true;
}

// args[0] is the command name, the rest its options, as main() sees them.
inline bool check_command_line(const std::vector<std::string>& args) {
  if (args.empty()) return false;
  const cli::CommandSpec* command = cli::find_command(args[0]);
  if (!command) return false;
  cli::ParsedOptions options;
  bool help = false;
  try {
    options = cli::parse_command_line(*command, std::vector<std::string>(args.begin() + 1, args.end()), help);
  } catch (const InputError&) {
    return false;
  }
  if (help) return true;
  for (const cli::OptionSpec& spec : command->options) {
    if (!options.has(spec.name)) {
      require(spec.default_value.empty(), "--" + spec.name + " has its default");
      continue;
    }
    if (spec.kind == cli::Kind::Integer) {
      const std::string text = options.text(spec.name);
      require(!text.empty() && text.find_first_not_of("0123456789") == std::string::npos,
              "--" + spec.name + " holds digits only");
      const double value = static_cast<double>(options.integer(spec.name));
      if (spec.min != spec.max) require(value >= spec.min && value <= spec.max, "--" + spec.name + " in range");
    } else if (spec.kind == cli::Kind::Real) {
      const double value = options.real(spec.name);
      require(value == value, "--" + spec.name + " is a number");
      require(spec.min_exclusive ? value > spec.min : value >= spec.min, "--" + spec.name + " above its minimum");
      require(spec.max_exclusive ? value < spec.max : value <= spec.max, "--" + spec.name + " below its maximum");
    }
  }
  // The box shape is checked while parsing: one that passed is a shape.
  if (command->find_option("box") && options.has("box"))
    require(check_shape_text(options.text("box")), "--box holds a shape");
  return true;
}

}  // namespace sudoku_count::input_checks
