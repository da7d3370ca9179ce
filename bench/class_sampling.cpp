// Would sampling first-band classes estimate a sliced variant count quickly?
// (docs/benchmarks.md, "Sampling first-band classes"). The exact slices
// route (docs/method.md, section 14) sums N! |K| G(K) over the classes K of
// first bands; drawing classes with probability q(K) proportional to a
// predictor and weighting N! |K| G(K) / q(K) is unbiased for any positive
// predictor. Its relative variance per draw is
//
//   V(q) = (sum_K m_K^2 / q_K) (sum_K q_K) / M^2 - 1,  m_K = |K| G(K), M = sum_K m_K,
//
// so 1e-3 needs V(q) / 1e-6 draws, each costing one exact G. This program
// draws SAMPLES classes uniformly (seeded), counts each G exactly by the
// slice lemma, times it, and estimates V(q) from the sample (the three sums
// scaled alike, so the scale cancels) for q = 1, q = |K| and q = |K| n^beta,
// n the number of first bands with the same column sets and row sets per
// slice as K's least band (the design's predictor: bands sharing band 1's
// signature), with a bootstrap standard error.
//
// usage: class_sampling BOX VARIANTS [SAMPLES [SEED]]   e.g. class_sampling 3 p 600 7
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "slices/first_band_classes.hpp"
#include "slices/sliced_completions.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/rng.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;

namespace {

struct Drawn {
  double bands = 0, completions = 0, signature = 0, seconds = 0;
};

// The first bands sharing `band`'s signature: per slice, the arrays whose
// rows and columns hold the band's sets there.
double signature_count(const SlicedLayout& cut, const std::vector<int>& band, SliceArrayCounter& counter) {
  double count = 1;
  const int n = cut.n(), h = cut.band_rows();
  for (const auto& slice : cut.slices()) {
    Mask rows[SliceArrayCounter::kMaxSide] = {}, columns[SliceArrayCounter::kMaxSide] = {};
    for (int r = 0; r < h; ++r)
      for (std::size_t i = 0; i < slice.size(); ++i) {
        const Mask bit = Mask{1} << band[r * n + slice[i]];
        rows[r] |= bit;
        columns[i] |= bit;
      }
    count *= static_cast<double>(counter.count(h, static_cast<int>(slice.size()), rows, columns));
  }
  return count;
}

double relative_variance(const std::vector<Drawn>& drawn, const std::vector<std::size_t>& pick, double beta,
                         bool by_size) {
  double m2q = 0, q = 0, m = 0;
  for (const std::size_t i : pick) {
    const Drawn& d = drawn[i];
    const double mass = d.bands * d.completions;
    const double predictor = (by_size ? d.bands : 1.0) * std::pow(d.signature, beta);
    m2q += mass * mass / predictor;
    q += predictor;
    m += mass;
  }
  return m2q * q / (m * m) - 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: class_sampling BOX VARIANTS [SAMPLES [SEED]]\n");
    return 2;
  }
  const Layout layout = make_layout(Shape::parse(argv[1]), argv[2], "");
  const int samples = argc > 3 ? std::atoi(argv[3]) : 600;
  const std::uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  std::string why;
  const auto cut = SlicedLayout::cut(layout, &why);
  if (!cut) {
    std::fprintf(stderr, "class_sampling: the slices do not serve this layout: %s\n", why.c_str());
    return 2;
  }
  const FirstBandClasses classes(layout);
  const SlicedCompletions completions(*cut);
  SliceArrayCounter counter;
  std::vector<std::uint64_t> census(classes.chunks(), 0);
  std::uint64_t total = 0;
  for (std::uint64_t c = 0; c < classes.chunks(); ++c) {
    classes.for_each_class(c, [&](const FirstBandClass&) { ++census[c]; });
    total += census[c];
  }
  Rng rng = block_stream(seed, 0);
  std::vector<Drawn> drawn;
  double seconds = 0;
  for (int s = 0; s < samples; ++s) {
    std::uint64_t pick = rng() % total, chunk = 0;
    while (pick >= census[chunk]) pick -= census[chunk++];
    std::uint64_t k = 0;
    classes.for_each_class(chunk, [&](const FirstBandClass& found) {
      if (k++ != pick) return;
      Drawn d;
      d.bands = static_cast<double>(found.bands);
      d.signature = signature_count(*cut, found.band, counter);
      const auto start = std::chrono::steady_clock::now();
      d.completions = static_cast<double>(completions.count(found.band, counter));
      d.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      seconds += d.seconds;
      drawn.push_back(d);
    });
  }
  const double per_class = seconds / static_cast<double>(drawn.size());
  std::printf("%s: %llu classes of first bands; %zu drawn uniformly (seed %llu)\n", layout.describe().c_str(),
              static_cast<unsigned long long>(total), drawn.size(), static_cast<unsigned long long>(seed));
  std::printf("exact G: %.4f s of CPU a class (the exact sum: %.0f s of CPU)\n", per_class,
              per_class * static_cast<double>(total));
  std::printf("%-22s %10s %8s %22s\n", "predictor q", "V(q)", "(SE)", "CPU s to 1e-3 (draws)");
  std::vector<std::size_t> all(drawn.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  struct Row {
    std::string name;
    double beta;
    bool by_size;
  };
  const std::vector<Row> rows = {{"uniform", 0, false},      {"|K|", 0, true},        {"|K| n^0.8", 0.8, true},
                                 {"|K| n^1.0", 1.0, true}, {"|K| n^1.2", 1.2, true}, {"|K| n^1.4", 1.4, true}};
  Rng resample = block_stream(seed, 1);
  for (const Row& row : rows) {
    const double v = relative_variance(drawn, all, row.beta, row.by_size);
    double sum = 0, sum2 = 0;
    const int boots = 200;
    std::vector<std::size_t> pick(drawn.size());
    for (int b = 0; b < boots; ++b) {
      for (auto& p : pick) p = resample() % drawn.size();
      const double vb = relative_variance(drawn, pick, row.beta, row.by_size);
      sum += vb, sum2 += vb * vb;
    }
    const double se = std::sqrt(std::max(0.0, sum2 / boots - (sum / boots) * (sum / boots)));
    const double draws = v / 1e-6;
    std::printf("%-22s %10.3f %8.3f %12.0f (%.0f)\n", row.name.c_str(), v, se, draws * per_class, draws);
  }
  return 0;
}
