// solve_kernel: the 9x9 kernel on a file of puzzles, one thread, timed by its
// own clock (no process start, no parsing): microseconds per puzzle, the
// share unique and the search nodes per puzzle (scripts/bench.sh solve).
//
// usage: solve_kernel PUZZLES [SOLUTIONS] [REPEATS]
//   PUZZLES    81 characters a line ('.' or '0' blank); '#' lines skipped
//   SOLUTIONS  the grid of each puzzle, line by line ("-" for none): then
//              the uniqueness test given the grid is timed as well
//   REPEATS    passes over the file (default 1); the fastest pass counts
// prints one JSON line per mode: count to two, and (with SOLUTIONS) the
// uniqueness test given the grid.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "solve/classic9.hpp"

namespace {

using Cells = std::vector<std::uint8_t>;

std::vector<Cells> read_cells(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<Cells> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (line.size() < 81) throw std::runtime_error(path + ": a line shorter than 81 cells");
    Cells cells(81);
    for (int i = 0; i < 81; ++i) {
      const char c = line[i];
      if (c == '.' || c == '0') cells[i] = 0;
      else if (c >= '1' && c <= '9') cells[i] = static_cast<std::uint8_t>(c - '0');
      else throw std::runtime_error(path + ": not a 9x9 puzzle line: " + line);
    }
    out.push_back(cells);
  }
  return out;
}

template <class Pass>
double fastest(int repeats, Pass pass) {
  double best = 1e300;
  for (int r = 0; r < repeats; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    pass();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 4) {
    std::cerr << "usage: solve_kernel PUZZLES [SOLUTIONS|-] [REPEATS]\n";
    return 2;
  }
  try {
    const std::vector<Cells> puzzles = read_cells(argv[1]);
    const bool given = argc >= 3 && std::string(argv[2]) != "-";
    const std::vector<Cells> grids = given ? read_cells(argv[2]) : std::vector<Cells>{};
    if (given && grids.size() != puzzles.size()) throw std::runtime_error("puzzles and solutions differ in number");
    const int repeats = argc == 4 ? std::stoi(argv[3]) : 1;
    const double n = static_cast<double>(puzzles.size());

    std::uint64_t unique = 0, nodes = 0;
    const double blind = fastest(repeats, [&] {
      unique = nodes = 0;
      for (const Cells& p : puzzles) {
        std::uint64_t k = 0;
        unique += sudoku_count::detail::classic9_completions(p.data(), 2, {}, &k) == 1;
        nodes += k;
      }
    });
    std::printf("{\"mode\": \"count to two\", \"puzzles\": %zu, \"us_per_puzzle\": %.3f, \"unique_share\": %.5f, "
                "\"nodes_per_puzzle\": %.2f}\n",
                puzzles.size(), blind / n * 1e6, unique / n, nodes / n);
    if (given) {
      std::uint64_t unique_given = 0, nodes_given = 0, at_once = 0;
      const double test = fastest(repeats, [&] {
        unique_given = nodes_given = at_once = 0;
        for (std::size_t i = 0; i < puzzles.size(); ++i) {
          std::uint64_t k = 0;
          unique_given += !sudoku_count::detail::classic9_other_completion(puzzles[i].data(), grids[i].data(), nullptr, &k);
          nodes_given += k;
          at_once += k == 0;
        }
      });
      std::printf("{\"mode\": \"other than the grid\", \"puzzles\": %zu, \"us_per_puzzle\": %.3f, \"unique_share\": "
                  "%.5f, \"nodes_per_puzzle\": %.2f, \"rectangle_share\": %.5f, \"speedup_over_count_to_two\": %.2f}\n",
                  puzzles.size(), test / n * 1e6, unique_given / n, nodes_given / n, at_once / n, blind / test);
      if (unique_given != unique) {
        std::cerr << "solve_kernel: the two modes disagree on the number of unique puzzles\n";
        return 1;
      }
    }
  } catch (const std::exception& e) {
    std::cerr << "solve_kernel: error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
