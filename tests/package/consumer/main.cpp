// Estimates the number of 4x4 Sudoku grids through the installed library
// and checks the estimate against the known count given on the command
// line: within 4 standard errors (with this fixed seed the check is
// deterministic; an unbiased estimator with an honest error would fail it
// with probability about 6e-5). Also checks that the installed version
// header agrees with the package version. Exit status 0 when all is well.
#include <cmath>
#include <exception>
#include <iostream>
#include <limits>
#include <string>

#include <sudoku_count/sudoku_count.hpp>

int main(int argc, char** argv) {
  namespace sc = sudoku_count;
  if (argc != 2) {
    std::cerr << "usage: consumer KNOWN_COUNT_OF_4x4_GRIDS\n";
    return 2;
  }
  if (std::string(sc::kVersion) != SUDOKU_COUNT_PACKAGE_VERSION) {
    std::cerr << "version.hpp says " << sc::kVersion << ", the package " << SUDOKU_COUNT_PACKAGE_VERSION << "\n";
    return 1;
  }
  try {
    const auto estimator = sc::make_estimator("auto", sc::Shape::parse("2x2"));
    sc::RunOptions options;
    options.seed = 2024;
    options.threads = 2;
    options.stop.samples = 20000;
    const sc::Progress progress = sc::run_estimate(*estimator, options, [](const sc::Progress&) {});
    const sc::Summary& summary = progress.summary;
    const sc::BigFloat known(argv[1]);
    if (summary.samples != options.stop.samples || !summary.error_known) {
      std::cerr << "expected " << options.stop.samples << " samples, got " << summary.samples << "\n";
      return 1;
    }
    // A zero standard error means every sample gave the same value, which
    // must then be the count itself.
    const double z = summary.std_error != 0 ? static_cast<double>((summary.estimate - known) / summary.std_error)
                     : summary.estimate == known ? 0.0
                                                 : std::numeric_limits<double>::infinity();
    std::cout << "sudoku_count " << sc::kVersion << ", method " << estimator->name() << ": "
              << sc::format_scientific(summary.estimate) << " from " << summary.samples << " samples, known "
              << argv[1] << ", z = " << z << "\n";
    if (!(std::fabs(z) < 4.0)) {
      std::cerr << "the estimate is not within 4 standard errors of the known count\n";
      return 1;
    }
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
