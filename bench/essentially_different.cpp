// Benchmark helper: the number of essentially different grids of a shape,
// as the `exact --essentially-different` command will print it, with the
// time taken (one JSON line).
//   usage: essentially_different BOX [transposition|no-transposition] [THREADS]
#include <cstdlib>
#include <iostream>
#include <string>

#include "sudoku_count/sudoku_count.hpp"

int main(int argc, char** argv) {
  namespace sc = sudoku_count;
  if (argc < 2) {
    std::cerr << "usage: essentially_different BOX [transposition|no-transposition] [THREADS]\n";
    return 2;
  }
  try {
    const sc::Shape shape = sc::Shape::parse(argv[1]);
    sc::SymmetryOptions options;
    options.transposition = argc < 3 || std::string(argv[2]) != "no-transposition";
    options.threads = argc > 3 ? std::atoi(argv[3]) : 0;
    const sc::EssentiallyDifferentResult r = sc::count_essentially_different(shape, options);
    std::cout << "{\"box\":\"" << shape.name() << "\",\"count\":\"" << r.count << "\",\"total_grids\":\""
              << r.total_grids << "\",\"group_order\":\"" << r.group_order << "\",\"geometric_order\":\""
              << r.geometric_order << "\",\"transposition\":" << (r.transposition ? "true" : "false")
              << ",\"conjugacy_classes\":" << r.conjugacy_classes << ",\"classes_with_fixed_grids\":"
              << r.terms.size() << ",\"covers_counted\":" << r.covers_counted << ",\"seconds\":" << r.seconds
              << ",\"threads\":" << r.threads << "}\n";
  } catch (const std::exception& e) {
    std::cerr << "essentially_different: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
