// Where the particles of the rows method die (docs/benchmarks.md, "Where 16x16
// P dies"): one replicate after another, the share of particles alive after
// each drawn row, and why the others died (no way to fill the row; the
// partial grid fails may_complete; the closing count is 0).
//
// usage: row_survival BOX VARIANTS PARTICLES REPLICATES SEED [band=0|1] [closing=C]
//   VARIANTS  "none" or a list such as "x,p"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench_settings.hpp"
#include "estimate/rows_method.hpp"
#include "estimate/systematic_resampling.hpp"
#include "sudoku_count/run.hpp"
#include "sudoku_count/stats.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;

int main(int argc, char** argv) {
  if (argc < 6) {
    std::fprintf(stderr, "usage: row_survival BOX VARIANTS PARTICLES REPLICATES SEED [band=0|1] [closing=C]\n");
    return 2;
  }
  try {
    const std::string variants = argv[2];
    const Layout layout = make_layout(Shape::parse(argv[1]), variants == "none" ? "" : variants, "");
    RowsTuning tuning = RowsTuning::for_layout(layout);
    for (int i = 6; i < argc; ++i) {
      const auto [key, value] = bench::parse_setting(argv[i]);
      if (key == "band") tuning.close_band = value == "1";
      else if (key == "closing") tuning.exact_closing_rows = std::stoi(value);
      else throw std::invalid_argument(std::string("unknown setting ") + argv[i]);
    }
    const int particles = std::stoi(argv[3]), replicates = std::stoi(argv[4]);
    const RowsSteps steps(layout, tuning);
    const int n = layout.n(), closing = steps.closing_row();
    const std::size_t size = static_cast<std::size_t>(steps.state_size());
    // Per row: particles tried, alive, dead for each reason.
    std::vector<double> tried(n, 0), alive(n, 0), no_row(n, 0), no_completion(n, 0), zero_closing(n, 0);
    Rng rng(std::strtoull(argv[5], nullptr, 10), 0);
    RowsSteps::Scratch scratch;
    std::vector<Mask> states(particles * size), next(states.size());
    std::vector<double> weights(particles);
    std::vector<long double> log_w(particles);
    std::vector<int> ancestors(particles);
    int survived = 0;
    for (int r = 0; r < replicates; ++r) {
      for (int p = 0; p < particles; ++p) steps.start(&states[p * size]);
      bool dead = false;
      for (int row = steps.first_drawn_row(); row < closing && !dead; ++row) {
        int live = 0;
        for (int p = 0; p < particles; ++p) {
          Mask* state = &states[p * size];
          long double w = steps.fill_row(state, row, rng, scratch);
          if (w == kLogZero) ++no_row[row];
          else if (row + 1 == closing) {
            w += steps.log_closing(state, scratch);
            if (w == kLogZero) ++zero_closing[row];
          } else if (tuning.prune && !steps.may_complete(state, row + 1)) {
            w = kLogZero;
            ++no_completion[row];
          }
          log_w[p] = w;
          live += w != kLogZero;
        }
        tried[row] += particles;
        alive[row] += live;
        if (live == 0) {
          dead = true;
          break;
        }
        const long double top = *std::max_element(log_w.begin(), log_w.end());
        double total = 0;
        for (int p = 0; p < particles; ++p) total += weights[p] = std::exp(static_cast<double>(log_w[p] - top));
        systematic_resample(weights.data(), particles, total, uniform_unit(rng), ancestors.data());
        for (int j = 0; j < particles; ++j) std::copy_n(&states[ancestors[j] * size], size, &next[j * size]);
        states.swap(next);
      }
      survived += !dead;
    }
    std::printf("%s, P = %d, %d replicates, closing from row %d (%s): %d replicates reached the end\n",
                layout.name().c_str(), particles, replicates, closing, steps.closes_band() ? "last band by slices" : "rows",
                survived);
    std::printf("row  alive   no-row  no-completion  closing-0\n");
    for (int row = 0; row < n; ++row)
      if (tried[row] > 0)
        std::printf("%3d  %.4f  %.4f  %.4f         %.4f\n", row, alive[row] / tried[row], no_row[row] / tried[row],
                    no_completion[row] / tried[row], zero_closing[row] / tried[row]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "row_survival: %s\n", e.what());
    return 2;
  }
}
