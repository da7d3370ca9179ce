// Benchmark helper: K random grids of a shape on stdout, one compact line
// each (as `sample` will print them and `solve --puzzle-file` reads them),
// and a JSON summary line on stderr.
//   usage: sample_grids BOX COUNT SEED [THREADS]
#include <cstdlib>
#include <iostream>
#include <string>

#include "sudoku_count/sudoku_count.hpp"

int main(int argc, char** argv) {
  namespace sc = sudoku_count;
  if (argc < 4) {
    std::cerr << "usage: sample_grids BOX COUNT SEED [THREADS]\n";
    return 2;
  }
  try {
    const sc::Shape shape = sc::Shape::parse(argv[1]);
    sc::SampleOptions options;
    options.count = std::strtoull(argv[2], nullptr, 10);
    options.seed = std::strtoull(argv[3], nullptr, 10);
    options.threads = argc > 4 ? std::atoi(argv[4]) : 0;
    const sc::SampleResult r = sc::sample_grids(shape, options);
    std::string out;
    for (const sc::Grid& grid : r.grids) out += sc::format_line(grid) + "\n";
    std::cout << out;
    std::cerr << "{\"box\":\"" << shape.name() << "\",\"grids\":" << r.grids.size() << ",\"seed\":" << r.seed
              << ",\"method\":\"" << r.method << "\",\"exactly_uniform\":" << (r.exactly_uniform ? "true" : "false")
              << ",\"setup_seconds\":" << r.setup_seconds << ",\"seconds\":" << r.seconds
              << ",\"threads\":" << r.threads << ",\"proposals\":" << r.proposals
              << ",\"effective_sample_size\":" << r.effective_sample_size << "}\n";
  } catch (const std::exception& e) {
    std::cerr << "sample_grids: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
