// How well the look-ahead's guess (estimate/closing_guess.hpp) predicts the
// three-row closing count, and what picking by it buys, on the bands an SMC
// path meets (docs/benchmarks.md, "The look-ahead").
//
// usage: closing_guess_fit BOX BANDS DRAWS SEED
// For BANDS bands with four rows left (taken along paths of the SMC steps
// of BOX, every band of each path), DRAWS rows are drawn as the sampler
// draws them; for each draw the exact closing count f_3 of what it leaves
// and the guess h. Prints the within-band least-squares slope of log f_3 on
// log h (1: the guess's 0.06 per pair is the fitted slope) and its R^2,
// then, for K = 8 draws per pick, the relative variance (about the mean of
// w f_3 over all the band's draws) of the weight times f_3 when the draw is
// picked by 1/q alone, by 1/q times h (the look-ahead) and averaged over the
// K draws, exactly over the pick and averaged over the bands.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "bands/band_fillings.hpp"
#include "bands/row_matchings.hpp"
#include "estimate/closing_guess.hpp"
#include "estimate/sets_steps.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: closing_guess_fit BOX BANDS DRAWS SEED\n");
    return 2;
  }
  const Shape shape = Shape::parse(argv[1]);
  const int bands = std::stoi(argv[2]), draws = std::stoi(argv[3]);
  const std::uint64_t seed = std::stoull(argv[4]);
  constexpr int kDraws = 8;
  if (shape.box_rows < 4 || draws < kDraws) {
    std::fprintf(stderr, "closing_guess_fit: boxes of at least 4 rows, at least %d draws\n", kDraws);
    return 2;
  }
  const int n = shape.n();
  const SetsSteps steps(shape, SetsTuning::for_smc(shape));
  const auto scratch = steps.make_scratch();
  Rng rng = block_stream(seed, 0);
  ClosingGuess guess;
  RowDrawScratch row;
  double sxx = 0, sxy = 0, syy = 0;
  double relvar[3] = {0, 0, 0};
  int done = 0;
  while (done < bands) {
    PartialGrid grid;
    steps.start(grid);
    while (!steps.complete(grid) && done < bands) {
      if (steps.next_step(grid) == SetsSteps::Step::Row && grid.rows_left == 4) {
        draw_matchings(grid.left, n, draws, rng, row);
        std::vector<double> w(draws), f(draws), h(draws);
        double mean_x = 0, mean_y = 0;
        int alive = 0;
        for (int k = 0; k < draws; ++k) {
          w[k] = row.weights[k];
          if (w[k] <= 0) continue;
          Mask rest[kMaxGridSize];
          take_row(grid.left, &row.draws[static_cast<std::size_t>(k) * n], n, rest);
          f[k] = static_cast<double>(count_band_fillings(rest, 3, n));
          h[k] = guess.log_guess(rest, n);
          mean_x += h[k];
          mean_y += std::log(f[k]);
          ++alive;
        }
        if (alive > 1) {
          mean_x /= alive;
          mean_y /= alive;
          for (int k = 0; k < draws; ++k) {
            if (w[k] <= 0) continue;
            const double x = h[k] - mean_x, y = std::log(f[k]) - mean_y;
            sxx += x * x, sxy += x * y, syy += y * y;
          }
        }
        // Groups of K draws: the three weights times the closing count,
        // about the mean of w f over all the draws (unbiased for the band's
        // count of four rows, which costs far more to count exactly).
        double exact = 0;
        for (int k = 0; k < draws; ++k) exact += w[k] > 0 ? w[k] * f[k] / draws : 0;
        if (exact <= 0) continue;
        double second[3] = {0, 0, 0};
        const int groups = draws / kDraws;
        for (int g = 0; g < groups; ++g) {
          const int first = g * kDraws;
          double sum_w = 0, sum_wh = 0, sum_wf = 0, pick_w = 0, pick_h = 0;
          for (int k = first; k < first + kDraws; ++k) {
            sum_w += w[k];
            sum_wh += w[k] > 0 ? w[k] * std::exp(h[k] - h[first]) : 0;
            sum_wf += w[k] > 0 ? w[k] * f[k] : 0;
          }
          // The expected square of the picked weight times f, exactly over the pick.
          for (int k = first; k < first + kDraws; ++k) {
            if (w[k] <= 0) continue;
            const double by_w = sum_w / kDraws * f[k], hk = std::exp(h[k] - h[first]);
            const double by_h = sum_wh / kDraws * f[k] / hk;
            pick_w += w[k] / sum_w * by_w * by_w;
            pick_h += w[k] * hk / sum_wh * by_h * by_h;
          }
          second[0] += pick_w, second[1] += pick_h, second[2] += (sum_wf / kDraws) * (sum_wf / kDraws);
        }
        for (int m = 0; m < 3; ++m) relvar[m] += second[m] / groups / (exact * exact) - 1;
        ++done;
      }
      steps.take_step(grid, rng, *scratch);
    }
  }
  const double slope = sxy / sxx, r2 = sxy * sxy / (sxx * syy);  // log h is 0.06 x pairs
  std::printf("{\"box\":\"%s\",\"bands\":%d,\"draws\":%d,\"slope_on_log_guess\":%.3f,\"r2\":%.3f,\"k\":%d,"
              "\"relvar_picked\":%.4f,\"relvar_look_ahead\":%.4f,\"relvar_averaged\":%.4f}\n",
              shape.name().c_str(), bands, draws, slope, r2, kDraws, relvar[0] / done, relvar[1] / done,
              relvar[2] / done);
}
