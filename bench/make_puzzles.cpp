// make_puzzles: prints random minimal puzzles with a unique solution, one a
// line, for the solver benchmark (scripts/bench.sh solve).
//
// usage: make_puzzles SHAPE COUNT SEED
//
// Puzzle k comes from the random stream (SEED, k) (rng.hpp), so the file
// does not depend on the thread count. Each is a random completed grid
// (random_grid) with givens removed in random order while the solution stays
// unique (minimal_puzzle).
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "sudoku_count/error.hpp"
#include "solve/generate.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/rng.hpp"

namespace sc = sudoku_count;

namespace {

std::uint64_t parse_count(const std::string& text, const char* what) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    throw sc::InputError(std::string(what) + " must be a whole number, not '" + text + "'");
  return value;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: make_puzzles SHAPE COUNT SEED\n";
    return 2;
  }
  try {
    const sc::Shape shape = sc::Shape::parse(argv[1]);
    const std::uint64_t count = parse_count(argv[2], "COUNT");
    const std::uint64_t seed = parse_count(argv[3], "SEED");
    std::vector<std::string> lines(count);
#pragma omp parallel for schedule(dynamic, 1)
    for (std::int64_t k = 0; k < static_cast<std::int64_t>(count); ++k) {
      sc::Rng rng = sc::block_stream(seed, static_cast<std::uint64_t>(k));
      lines[k] = sc::format_line(sc::detail::minimal_puzzle(sc::detail::random_grid(shape, rng), rng));
    }
    std::cout << "# " << count << " minimal puzzles with a unique solution, box " << shape.name() << ", seed " << seed
              << " (bench/make_puzzles)\n";
    for (const std::string& line : lines) std::cout << line << "\n";
  } catch (const sc::InputError& e) {
    std::cerr << "make_puzzles: error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
