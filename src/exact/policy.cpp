// Which exact method counts a request, and what each one reaches.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include <chrono>

#include "core/threads.hpp"
#include "diagonals/diagonal_classes.hpp"
#include "exact/band_reach.hpp"
#include "exact/job_sum.hpp"
#include "exact/search_size.hpp"
#include "slices/sliced_layout.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/exact_job.hpp"

namespace sudoku_count {
namespace {

// The 2x6 projection (exact_cost_note): the job's census counts 63,199
// classes; f projected on 40 classes spread over the class list.
constexpr double kTwoBySixSecondsPerClass = 5143;
constexpr double kTwoBySixClasses = 63199;

// Dancing links enumerates grids one at a time (some millions a second):
// the empty grid of 6x6 has 2.8e7 grids, that of 8x8 about 3e16.
constexpr int kMaxEnumeratedGridSize = 6;
// A puzzle is refused beyond these (1e13 search steps at some millions a
// second: weeks). Auto stops far sooner, where `estimate --puzzle` is the
// better answer (1e9 completions: about a quarter of an hour at the million
// a second measured on 9x9); asking for dlx by name goes on to the limits.
constexpr double kMaxCompletions = 1e12, kMaxSearchNodes = 1e13;
constexpr double kAutoMaxCompletions = 1e9, kAutoMaxSearchNodes = 1e10;

// Dancing links counts completions one at a time: refuse a puzzle whose
// completions, or whose search tree, are clearly beyond reach. Every puzzle
// is checked: few givens are not the only way to have many completions (two
// full rows of a 9x9 grid leave about 1e12, three rows of a 16x16 grid about
// 1e100). The estimate stops as soon as it passes the limit, so such puzzles
// are refused at once.
void require_dlx_reach(const Grid& puzzle, bool asked) {
  const double max_completions = asked ? kMaxCompletions : kAutoMaxCompletions;
  const double max_nodes = asked ? kMaxSearchNodes : kAutoMaxSearchNodes;
  const detail::SearchEstimate search = detail::estimate_search(puzzle, 200, max_nodes);
  // Stopped early, the estimates are lower bounds: hence "or more" and "beyond".
  const std::string advice = asked ? "; estimate them with 'sudoku-count estimate --puzzle', or add givens"
                                   : "; estimate them with 'sudoku-count estimate --puzzle', or add givens, or ask "
                                     "for {method} dlx to count them one by one all the same (hours to days)";
  if (search.completions > max_completions)
    throw InputError("this puzzle has roughly " +
                     (std::isfinite(search.completions) ? format_scientific(BigFloat(search.completions), 2)
                                                        : std::string("1e308")) +
                     " or more completions (a quick random-path estimate): counting them one by one would not "
                     "finish" + std::string(asked ? "" : " soon") + advice);
  if (search.nodes > max_nodes)
    throw InputError("counting this puzzle's completions one by one would not finish" + std::string(asked ? "" : " soon") +
                     ": a quick random-path estimate puts the search beyond " + (asked ? "1e13" : "1e10") + " steps" +
                     advice);
}

}  // namespace

const std::vector<ExactMethodInfo>& exact_methods() {
  // The reach of dlx is that of the limits above, the reach of bands that of
  // bands_count_exactly (band_count.cpp).
  static const std::vector<ExactMethodInfo> methods = {
      {"auto", "bands for an empty grid of the classic rules it reaches, sets-x or slices for a variant layout they "
               "serve beyond 6x6, else dlx",
       "what dlx, bands, slices or sets-x reaches"},
      {"dlx", "dancing links, completions one by one",
       "empty grids up to 6x6 and puzzles with up to about 1e12 completions"},
      {"bands", "the column-set decomposition over band tables",
       "all grids of shapes with two bands of up to 6 rows, up to 4 bands of 1 or 2 rows, or up to 3 bands of 3 "
       "rows, and of their transposes (2x5, 3x3 and 4x2 in seconds; 2x6 only as a job of CPU-years to spread over "
       "many cores; not 4x3)"},
      {"slices", "classes of first bands, each one's completions by the slice lemma (a job of units)",
       "all grids of variant layouts with boxes in two or three bands whose extra houses cut the columns into slices: "
       "groups p (with or without diagonals x) and windows, up to 9x9 (9x9 p and windows in CPU-minutes; not x alone, "
       "not p with windows)"},
      {"sets-x", "classes of first-band column sets, each one's grids by the join of the bands' diagonal histograms "
                 "(a job of units)",
       "all grids with both main diagonals (x) alone in two or three bands whose table of column sets fits: 2x2, 2x3, "
       "3x2, 4x2 and 3x3 (9x9 in CPU-minutes)"},
  };
  return methods;
}

const ExactMethodInfo& exact_method(const std::string& name) {
  const auto& methods = exact_methods();
  const auto found = std::find_if(methods.begin(), methods.end(), [&](const auto& m) { return m.name == name; });
  if (found == methods.end())
    throw InputError("unknown exact method " + quote_input(name) + ": choose auto, dlx, bands, slices or sets-x");
  return *found;
}

std::string exact_cost_note(const Shape& shape) {
  // docs/benchmarks.md, 'The 2x6 job'.
  constexpr double kSecondsPerClass = kTwoBySixSecondsPerClass, kClasses = kTwoBySixClasses;
  const bool two_by_six = (shape.box_rows == 2 && shape.box_cols == 6) || (shape.box_rows == 6 && shape.box_cols == 2);
  if (!two_by_six) return "";
  const double cpu = kSecondsPerClass * kClasses;
  char text[400];
  std::snprintf(text, sizeof text,
                "box %s is a long job: %.0f classes at about %.0f s of CPU each, so about %.1e s of CPU "
                "(%.1f CPU-years: %.1f years on 2 cores, %.0f days on 64); it saves its progress with {checkpoint}, "
                "stops with Ctrl-C, {time} or {max_units} and goes on with {resume}",
                shape.name().c_str(), kClasses, kSecondsPerClass, cpu, cpu / 3.156e7, cpu / 3.156e7 / 2,
                cpu / 86400 / 64);
  return text;
}

std::string choose_exact_method(const ExactRequest& request) {
  const Layout& layout = request.layout;
  const Shape& shape = layout.shape();
  std::string method = exact_method(request.method).name;
  if (request.puzzle && !(request.puzzle->layout == layout))
    throw InputError("the puzzle is a grid of layout " + request.puzzle->layout.name() + ", not of layout " +
                     layout.name());
  if (method == "bands" && request.puzzle)
    throw InputError("method bands counts all grids of a shape; drop the puzzle, or ask for {method} dlx");
  if (method == "bands" && request.fix_first_row) throw InputError("{fix_first_row} applies to method dlx");
  if (method == "bands" && !layout.classic())
    throw InputError("method bands counts the classic rules of a box shape only, not layout " + layout.name() +
                     ": ask for {method} dlx (or auto)");
  const bool empty = !request.puzzle || given_count(*request.puzzle) == 0;
  // The variant route that counts the layout (slices or sets-x, and why
  // none does), found once and only when asked.
  std::optional<std::string> variant_route_found;
  std::string why_no_route;
  auto variant_method = [&]() -> const std::string& {
    if (!variant_route_found) variant_route_found = ExactJob::variant_route_for(layout, &why_no_route);
    return *variant_route_found;
  };
  if (variant_route(method)) {
    if (request.puzzle && given_count(*request.puzzle) > 0)
      throw InputError("method " + method + " counts all grids of a layout; drop the puzzle, or ask for {method} dlx");
    if (request.fix_first_row) throw InputError("{fix_first_row} applies to method dlx");
    if (layout.classic())
      throw InputError("method " + method + " counts variant layouts; layout " + layout.name() +
                       " has the classic rules: ask for {method} bands (or auto)");
    std::string why;
    const bool serves = method == kSlicesRoute ? detail::SlicedLayout::cut(layout, &why).has_value()
                                               : detail::DiagonalSetClasses::serves(layout, &why);
    if (!serves) {
      throw InputError("method " + method + " does not count layout " + layout.name() + ": " + why +
                       (variant_method().empty() ? "" : "; method " + variant_method() + " does") + "; it reaches " +
                       exact_method(method).reach);
    }
    return method;
  }
  // auto: bands for the classic rules in its reach; sets-x or slices for
  // the variant layouts they serve beyond what dancing links enumerates (up
  // to 6x6 dlx is quicker); else dlx.
  if (method == "auto") {
    const bool whole = empty && !request.fix_first_row;
    method = whole && layout.classic() && bands_count_exactly(shape)                         ? "bands"
             : whole && layout.n() > kMaxEnumeratedGridSize && !variant_method().empty() ? variant_method()
                                                                                         : "dlx";
  }
  if (method == "bands") detail::require_band_reach(shape);
  if (method == "dlx" && empty && layout.n() > kMaxEnumeratedGridSize) {
    bool bands_reach = layout.classic();
    if (bands_reach) {
      try {
        detail::require_band_reach(shape);
      } catch (const InputError&) {
        bands_reach = false;
      }
    }
    // Where bands, slices or sets-x counts the grids, say so: "no method counts it" would be false.
    if (!layout.classic() && !variant_method().empty())
      throw InputError("method dlx does not reach all grids of layout " + layout.name() + " (it reaches " +
                       exact_method("dlx").reach + "); method " + variant_method() +
                       " counts them: leave {method} at auto, which takes " + variant_method() + ", or ask for {method} " +
                       variant_method());
    if (bands_reach)
      throw InputError("method dlx does not reach all grids of box " + shape.name() + " (it reaches " +
                       exact_method("dlx").reach + "); method bands counts them: leave {method} at auto, which "
                       "takes bands, or ask for {method} bands");
    throw InputError("no exact method counts all grids of " +
                     (layout.classic() ? "box " + shape.name() : "layout " + layout.name()) +
                     " in reasonable time: dlx reaches " + exact_method("dlx").reach + ", bands " +
                     exact_method("bands").reach + " (classic rules only), slices " + exact_method("slices").reach +
                     " and sets-x " + exact_method("sets-x").reach +
                     (layout.classic() ? "" : " (not this layout: " + why_no_route + ")") +
                     "; an estimate of the same layout gives its count with error bars");
  }
  if (method == "dlx" && !empty) require_dlx_reach(*request.puzzle, request.method == "dlx");
  return method;
}

ExactResult count_exact(const ExactRequest& request, const ProgressFn& progress) {
  const std::string method = choose_exact_method(request);
  const ExactOptions options{request.threads, request.fix_first_row};
  if (method == "bands") return count_grids_by_bands(request.layout.shape(), options, progress);
  if (variant_route(method)) {
    const auto start = std::chrono::steady_clock::now();
    ExactResult result;
    result.method = method;
    result.threads = detail::thread_count(request.threads);
    result.count = detail::sum_of_job(ExactJob(request.layout, method), request.threads, progress, result.detail);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  }
  return count_completions_dlx(request.puzzle ? *request.puzzle : empty_grid(request.layout), options);
}

}  // namespace sudoku_count
