#include "output/text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <iostream>
#include <limits>

namespace sudoku_count::cli {
namespace {

// printf into a string.
[[gnu::format(printf, 1, 2)]] std::string format(const char* pattern, ...) {
  va_list args, copy;
  va_start(args, pattern);
  va_copy(copy, args);
  const int size = std::vsnprintf(nullptr, 0, pattern, args);
  va_end(args);
  std::string text(std::max(size, 0), '\0');
  std::vsnprintf(text.data(), text.size() + 1, pattern, copy);
  va_end(copy);
  return text;
}

using ull = unsigned long long;

std::string grid_description(const Shape& shape) {
  return std::to_string(shape.n()) + "x" + std::to_string(shape.n()) + " grid";
}

// "box 3x3 (9x9 grid)" for the classic rules, "layout 3x3+x (9x9 grid, 3x3
// boxes, both main diagonals)" for any other.
std::string layout_heading(const Layout& layout) {
  if (layout.classic()) return "box " + layout.shape().name() + " (" + grid_description(layout.shape()) + ")";
  return "layout " + layout.name() + " (" + layout.describe() + ")";
}

std::string short_sci(const BigFloat& value) { return format_scientific(value, 5); }

// "1 thread", "2 threads".
std::string threads_text(int threads) { return std::to_string(threads) + (threads == 1 ? " thread" : " threads"); }

// A confidence level as a percentage: enough digits that 0.999999 does not
// print as 100.
std::string percent(double confidence) { return format("%.12g%%", 100 * confidence); }

std::string blocks_text(const BlockRange& range) {
  if (range.blocks() == 0) return "no blocks";
  return "blocks " + std::to_string(range.first) + ".." + std::to_string(range.end - 1);
}

// "label 1:" and the grid, for each grid, with a blank line between.
void grids_text(std::ostream& out, const std::string& label, const std::vector<Grid>& grids) {
  for (std::size_t i = 0; i < grids.size(); ++i)
    out << (i ? "\n" : "") << label << " " << i + 1 << ":\n" << format_grid(grids[i]);
}

// The cells where two grids differ, as "r1c2 r1c3 ...".
std::string differing_cells(const Grid& a, const Grid& b, int& count) {
  const int n = a.n();
  std::string cells;
  count = 0;
  for (int cell = 0; cell < a.layout.cells(); ++cell)
    if (a.cells[cell] != b.cells[cell]) cells += (count++ ? " " : "") + cell_name(cell / n, cell % n);
  return cells;
}

// The deductions (with explain) and the verdict of one puzzle.
void verdict_text(std::ostream& out, const SolveResult& result, const Layout& shape, bool explain) {
  if (explain) {
    if (!result.deductions.empty()) out << "singles:\n";
    for (const Deduction& deduction : result.deductions) out << "  " << describe(deduction, shape) << "\n";
    const std::size_t placed = result.deductions.size();
    const std::string placed_text = std::to_string(placed) + (placed == 1 ? " cell" : " cells");
    if (!result.contradiction.empty())
      out << "singles ran into a contradiction" << (placed ? " after placing " + placed_text : "") << ": "
          << result.contradiction << "; no search needed\n";
    else if (result.search_cells == 0)
      out << "singles alone solved it (" << placed_text << "); no search\n";
    else if (placed == 0)
      out << "no singles apply: all " << result.search_cells << " blank cells left to search\n";
    else
      out << "singles filled " << placed_text << ", leaving " << result.search_cells << " to search\n";
  }
  switch (result.status) {
    case SolveStatus::None: out << "none: no solution\n"; break;
    case SolveStatus::Unique: out << "unique: exactly one solution\n" << format_grid(result.solutions[0]); break;
    case SolveStatus::Multiple: {
      int count = 0;
      const std::string cells = differing_cells(result.solutions[0], result.solutions[1], count);
      out << "multiple: more than one solution; the first two in search order differ in " << count
          << " cells: " << cells << "\n";
      grids_text(out, "solution", result.solutions);
      break;
    }
  }
}

// Significant digits that a relative standard error supports: down to the
// error's second significant digit, at least 2 and at most 10.
int digits_for_rel_error(double rel_std_error) {
  return std::clamp(static_cast<int>(std::floor(-std::log10(rel_std_error))) + 2, 2, 10);
}

int supported_digits(const Summary& s) {
  if (!s.error_known || !(s.rel_std_error > 0) || !std::isfinite(s.rel_std_error)) return 10;
  return digits_for_rel_error(s.rel_std_error);
}

std::string k_text(double k) { return std::isnan(k) ? "-" : format("%.2f", k); }

// The size-aware k threshold and the sample count it was set by.
std::string threshold_text(const Summary& s) {
  return format("threshold %.2f at n = %llu", s.pareto_k_threshold, static_cast<ull>(s.samples));
}

// Why an interval is unreliable, in words.
std::string unreliable_reason(const Summary& s) {
  if (std::isnan(s.pareto_k))
    return format("too few samples to fit the weight tail (%llu needed)", static_cast<ull>(kMinSamplesForTailFit));
  if (s.pareto_k >= s.pareto_k_threshold)
    return "the weight tail is too heavy (Pareto k " + k_text(s.pareto_k) + " >= " + threshold_text(s) + ")";
  return format("too few samples for the log-weight variance (S %.2f needs about %.3g samples, 4 e^(4S))",
                s.log_weight_var, s.lognormal_samples_needed);
}

// The tail-proof bound, printed wherever the interval is not ok.
void lower_bound_text(std::ostream& out, const Summary& s) {
  if (!s.lower_bound_known) return;
  out << format("%s lower bound, whatever the tail: %s (Markov's inequality for the product of %d replicate group "
                "means)\n",
                percent(s.confidence).c_str(), format_scientific(s.lower_bound, 2).c_str(),
                WeightAccumulator::kReplicates);
}

// The closing lines of a text estimate: value and interval, or the lower
// bound when the interval cannot be trusted (then the caller's sample line).
void summary_text(std::ostream& out, const Summary& s, bool puzzle) {
  out << (puzzle ? "completions of the puzzle counted\n" : "all grids counted (no symmetry reduction)\n");
  const int digits = supported_digits(s);
  if (s.samples == 0) {
    out << "estimate: none (no samples were drawn)\n";
  } else if (!s.error_known) {
    out << format("estimate: %s (standard error and interval need at least 2 samples)\n",
                  format_scientific(s.estimate, 2).c_str());
  } else if (s.interval == IntervalStatus::Unreliable) {
    out << format("estimate: %s, unreliable: no error bar, %s; the standard error %s (relative %.2g) cannot be "
                  "trusted\n",
                  format_scientific(s.estimate, 2).c_str(), unreliable_reason(s).c_str(),
                  format_scientific(s.std_error, 2).c_str(), s.rel_std_error);
    lower_bound_text(out, s);
  } else {
    const std::string approximate =
        s.interval == IntervalStatus::Approximate
            ? " (approximate: Pareto k " + k_text(s.pareto_k) + " in [0.5, " + format("%.2f", s.pareto_k_threshold) + "))"
            : "";
    out << format("estimate: %s +- %s (relative standard error %.2e)\n", format_scientific(s.estimate, digits).c_str(),
                  format_scientific(s.std_error, 2).c_str(), s.rel_std_error)
        << format("%s confidence interval%s: [%s, %s]\n", percent(s.confidence).c_str(), approximate.c_str(),
                  format_scientific(s.ci_low, digits).c_str(), format_scientific(s.ci_high, digits).c_str());
    if (s.interval != IntervalStatus::Ok) lower_bound_text(out, s);
  }
}

// Diagnostics, the tail and the symmetry line; warnings on stderr when the
// tail has probably not been sampled or one sample dominates.
void diagnostics_text(std::ostream& out, const Layout& layout, const Summary& s, const BigInt& group) {
  if (s.samples == 0) return;
  const Shape& shape = layout.shape();
  out << format("diagnostics: effective sample size %.4g, largest weight share %.3g\n", s.effective_sample_size,
                s.max_weight_share);
  if (s.samples >= 2)
    out << format("tail: Pareto k %s, log-weight variance S %.3g, relative variance %.3g measured, %.3g if "
                  "lognormal (e^S - 1), which needs %.3g samples\n",
                  std::isnan(s.pareto_k) ? "not fitted"
                                         : (k_text(s.pareto_k) + " (largest " + std::to_string(s.tail_size) + "; " +
                                            threshold_text(s) + ")")
                                               .c_str(),
                  s.log_weight_var, s.empirical_rel_var, s.lognormal_rel_var, s.lognormal_samples_needed);
  // The group implemented acts on the classic rules of the empty grid only
  // (symmetry.hpp; 0 for a puzzle).
  if (layout.classic() && group != BigInt(0))
  out << "symmetry group order " << group << " (relabelling, band/stack and row/column permutations"
      << (shape.box_rows == shape.box_cols ? ", transposition" : "") << "): estimate / order = "
      << format_scientific(s.estimate / BigFloat(group), std::min(5, supported_digits(s)))
      << ", which estimates a lower bound of the essentially different grids (Burnside: classes >= grids / "
         "order; the only upper bound proved, grids / N!, is order / N! times larger)\n";
  if (s.tail_unsampled)
    std::cerr << "warning: the measured relative variance is far below the lognormal one: the rare large weights "
                 "have probably not been drawn yet, and the standard error is likely too small\n";
  if (s.samples >= 2 && s.max_weight_share > 0.2)
    std::cerr << "warning: one sample carries " << s.max_weight_share * 100
              << "% of the total weight; the standard error may be unreliable\n";
}

}  // namespace

void exact_text(std::ostream& out, const ExactReport& report) {
  const ExactResult& result = report.result;
  const Shape& shape = report.layout.shape();
  out << layout_heading(report.layout) << ", method " << result.method << "\n"
      << (report.puzzle ? "completions of the given puzzle" : "all completed grids (no symmetry reduction)") << "\n";
  if (!result.note.empty()) out << result.note << "\n";
  if (!result.detail.empty()) out << "sum over " << result.detail << "\n";
  if (const std::uint64_t asked = report.print.value_or(0); asked > 0) {
    // Fewer found than asked means the search ran out: these are all.
    const std::size_t found = report.printed.size();
    if (found == 0)
      out << "no completion to print\n";
    else if (found < asked)
      out << (found == 1 ? "the only completion:" : "all " + std::to_string(found) + " completions, in search order:")
          << "\n";
    else
      out << "the first " << (found == 1 ? "completion" : std::to_string(found) + " completions")
          << " in search order:\n";
    grids_text(out, "completion", report.printed);
    if (found > 0) out << "\n";
  }
  if (result.first_row_fixed)
    out << "first row fixed to 1.." << shape.n() << ": " << result.count_with_first_row_fixed << " grids, times "
        << shape.n() << "! = " << factorial(shape.n()) << "\n";
  out << "count: " << result.count << "\n"
      << "       " << format_scientific(result.count) << "\n"
      << format("time: %.3f s, threads: %d\n", result.seconds, result.threads);
}

void essentially_different_text(std::ostream& out, const EssentiallyDifferentResult& result) {
  const Shape& shape = result.shape;
  out << "box " << shape.name() << " (" << grid_description(shape) << "), essentially different grids by "
      << "Burnside's lemma\n"
      << "group: " << result.group << "\n"
      << "group order " << result.group_order << " (geometric " << result.geometric_order << " times "
      << shape.n() << "! relabellings)\n"
      << "all grids: " << result.total_grids << " (method " << result.total_method << ")\n"
      << result.conjugacy_classes << " conjugacy classes of the geometric group, " << result.classes_with_fixed_grids
      << " with grids fixed up to relabelling\n"
      << "count: " << result.count << "\n"
      << "       " << format_scientific(result.count) << "\n"
      << format("time: %.3f s, threads: %d\n", result.seconds, result.threads);
}

void sample_text(std::ostream& out, const SampleResult& result) {
  const Layout& layout = result.layout;
  out << "# sudoku-count sample: " << layout_heading(layout) << ", "
      << result.grids.size() << (result.grids.size() == 1 ? " grid" : " grids") << ", seed " << result.seed << "\n";
  if (result.exactly_uniform)
    out << "# exactly uniform (method " << result.method << ", exact integer counts)\n";
  else
    out << format("# approximately uniform (method %s): effective sample size %.4g of %llu proposals\n",
                  result.method.c_str(), result.effective_sample_size, static_cast<ull>(result.proposals));
  // The approximate route's note repeats the line above; others (a
  // transposed shape) add to it.
  if (result.exactly_uniform && !result.note.empty()) out << "# " << result.note << "\n";
  out << format("# time: %.3f s (set-up %.3f s), threads: %d\n", result.seconds, result.setup_seconds,
                result.threads);
  if (!result.puzzles.empty())
    out << "# each line a candidate puzzle: " << given_count(result.puzzles.front())
        << " cells of the grid drawn with this seed kept at random (the grids: the same command without --clues)\n";
  std::string lines;
  for (const Grid& grid : result.puzzles.empty() ? result.grids : result.puzzles) lines += format_line(grid) + "\n";
  out << lines;
}

void solve_text(std::ostream& out, const SolveResult& result, const Layout& shape, bool explain) {
  out << layout_heading(shape) << "\n";
  verdict_text(out, result, shape, explain);
  out << format("time: %.3f s\n", result.seconds);
}

void batch_text(std::ostream& out, const BatchResult& batch, const std::vector<ListedPuzzle>& listed,
                const Layout& shape, bool explain) {
  std::size_t unique = 0, multiple = 0, none = 0;
  for (std::size_t i = 0; i < batch.results.size(); ++i) {
    const SolveResult& result = batch.results[i];
    unique += result.status == SolveStatus::Unique;
    multiple += result.status == SolveStatus::Multiple;
    none += result.status == SolveStatus::None;
    out << (i ? "\n" : "") << "puzzle " << i + 1 << " (line " << listed[i].line << ")\n";
    verdict_text(out, result, shape, explain);
  }
  const std::size_t total = batch.results.size();
  out << "\n" << layout_heading(shape) << ": " << total
      << (total == 1 ? " puzzle" : " puzzles") << ", " << unique << " unique, " << multiple << " multiple, " << none
      << " none\n"
      << format("time: %.3f s on %s (%.0f puzzles/s)\n", batch.seconds, threads_text(batch.threads).c_str(),
                batch.seconds > 0 ? total / batch.seconds : 0.0);
}

void estimate_header_text(std::ostream& out, const EstimateRun& run, const std::optional<Checkpoint>& resumed,
                          const std::string& resume_path) {
  out << layout_heading(run.layout) << ", method " << run.method
      << ", seed " << run.seed << "\n";
  if (!run.givens.empty())
    out << "completions of the puzzle " << format_line(Grid{run.layout, run.givens}) << " ("
        << given_count(Grid{run.layout, run.givens}) << " givens)\n";
  if (!run.note.empty()) out << run.note << "\n";
  out << format("set-up (tables) took %.2f s\n", run.setup_seconds);
  if (resumed)
    out << format("resumed from '%s': %llu samples in %s, %.1f s of earlier sampling\n", resume_path.c_str(),
                  static_cast<ull>(resumed->accumulator.count()), blocks_text(resumed->ranges[0]).c_str(),
                  resumed->seconds);
  out << std::flush;
}

void estimate_report_text(std::ostream& out, const Progress& progress) {
  const Summary& s = progress.summary;
  const std::string interval = s.interval == IntervalStatus::Unreliable
                                   ? "no interval (tail: unreliable)"
                                   : percent(s.confidence) + " CI [" + short_sci(s.ci_low) + ", " + short_sci(s.ci_high) + "]";
  out << format("[%8.1f s] samples %-10llu estimate %s  rse %.2e  k %s  %s\n", progress.seconds,
                static_cast<ull>(s.samples), format_scientific(s.estimate, supported_digits(s)).c_str(),
                s.rel_std_error, k_text(s.pareto_k).c_str(), interval.c_str());
  if (!progress.held_back.empty()) out << "           " << progress.held_back << "\n";
  out << std::flush;
}

void estimate_summary_text(std::ostream& out, const Progress& result, const EstimateRun& run, bool checkpoint_saved) {
  const Summary& s = result.summary;
  summary_text(out, s, !run.givens.empty());
  out << format("samples: %llu in %.2f s on %s", static_cast<ull>(s.samples), result.seconds,
                threads_text(result.threads).c_str());
  if (result.processes > 1) out << format(" x %d processes", result.processes);
  out << format(" (stopped: %s)\n", result.stop_reason.c_str());
  if (result.blocks_cut > 0)
    out << format("blocks: %llu cut short or not started at the stop, dropped; %llu that finished after the first of them "
                  "count too\n",
                  static_cast<ull>(result.blocks_cut), static_cast<ull>(result.blocks_after_cut));
  diagnostics_text(out, run.layout, s, run.group_order);
  if (run.checkpoint.empty()) return;
  const BlockRange range{run.seed, result.first_block, result.first_block + result.blocks};
  if (checkpoint_saved)
    out << format("checkpoint: saved to '%s' (seed %llu, %s)\n", run.checkpoint.c_str(), static_cast<ull>(run.seed),
                  blocks_text(range).c_str());
  else
    out << format("checkpoint: NOT saved to '%s' (see the warning above)\n", run.checkpoint.c_str());
}

void merge_text(std::ostream& out, const MergeReport& report) {
  const Checkpoint& merged = report.merged;
  out << layout_heading(merged.layout) << ", method " << merged.method
      << ": " << report.runs.size() << (report.runs.size() == 1 ? " run" : " runs") << " merged\n";
  if (!merged.givens.empty())
    out << "completions of the puzzle " << format_line(Grid{merged.layout, merged.givens}) << "\n";
  for (std::size_t i = 0; i < report.runs.size(); ++i) {
    std::string ranges;
    for (const auto& range : report.runs[i].ranges)
      ranges += (ranges.empty() ? "" : "; ") + ("seed " + std::to_string(range.seed) + ", " + blocks_text(range));
    out << format("  %s: %llu samples (%s)\n", report.names[i].c_str(),
                  static_cast<ull>(report.runs[i].accumulator.count()), ranges.c_str());
  }
  summary_text(out, report.summary, !merged.givens.empty());
  out << format("samples: %llu in %llu blocks, %.2f s of sampling summed over the runs\n",
                static_cast<ull>(report.summary.samples), static_cast<ull>(merged.blocks()), merged.seconds);
  diagnostics_text(out, merged.layout, report.summary, report.group_order);
  if (report.output && report.output_saved) out << "merged checkpoint saved to '" << *report.output << "'\n";
}

void tables_text(std::ostream& out, const BandTablesReport& report) {
  out << "box " << report.shape.name() << " (" << grid_description(report.shape) << ")\n";
  double total_seconds = 0;
  std::size_t total_bytes = 0;
  for (const TableSize& t : report.tables) {
    out << format("%-20s %14zu entries %10.1f MB %8.3f s\n", t.name.c_str(), t.entries, t.bytes / 1e6, t.seconds);
    total_seconds += t.seconds;
    total_bytes += t.bytes;
  }
  out << format("%-20s %14s         %10.1f MB %8.3f s\n", "total", "", total_bytes / 1e6, total_seconds)
      << "all bands (N! x canonical): " << report.bands_total << "\n";
}

std::string exact_job_progress_line(const ExactJobState& state, std::uint64_t classes_this_run, double seconds) {
  std::uint64_t counted = 0, found = 0;
  for (const std::int64_t c : state.census)
    if (c >= 0) ++counted, found += static_cast<std::uint64_t>(c);
  if (!state.census_complete())
    return format("census: chunks %llu/%llu counted, %llu classes found, elapsed %.0f s",
                  static_cast<unsigned long long>(counted), static_cast<unsigned long long>(state.chunks),
                  static_cast<unsigned long long>(found), seconds);
  const std::uint64_t left = found - state.classes;
  const std::string eta = classes_this_run == 0
                              ? "?"
                              : format("%.0f s", seconds / static_cast<double>(classes_this_run) * static_cast<double>(left));
  return format("classes %llu/%llu done (%.1f%%), elapsed %.0f s, remaining about %s",
                static_cast<unsigned long long>(state.classes), static_cast<unsigned long long>(found),
                found ? 100.0 * static_cast<double>(state.classes) / static_cast<double>(found) : 100.0, seconds,
                eta.c_str());
}

void exact_job_stopped_text(std::ostream& out, const ExactJobState& state, const std::string& checkpoint, bool saved) {
  std::uint64_t counted = 0;
  for (const std::int64_t c : state.census) counted += c >= 0;
  out << "box " << state.shape.name() << ": exact job stopped: " << counted << " of " << state.chunks
      << " chunks counted, " << state.classes << " of " << (state.census_complete() ? std::to_string(state.units() - state.chunks) : std::string("?"))
      << " classes done (" << format("%.1f", state.seconds) << " s of compute in all); no count yet\n";
  if (checkpoint.empty())
    out << "no checkpoint was kept: add --checkpoint FILE to keep the units done\n";
  else if (saved)
    out << "resume with: sudoku-count exact --resume " << checkpoint << "\n";
  else
    out << "the checkpoint '" << checkpoint << "' could not be written\n";
}

std::string exact_progress_line(double fraction) {
  return format("%s%5.1f%% done", kEraseLine, 100 * fraction);
}

// The seconds until each stopping rule would stop the run, at this
// session's rate; the nearest one is the ETA. An error target counts only
// once it can stop the run (enough samples, a tail fit that supports the
// interval): samples still needed scale with (rse / target)^2.
std::string estimate_progress_line(const Progress& p, const StopRule& stop, double session_seconds,
                                   std::uint64_t session_samples) {
  const Summary& s = p.summary;
  const double n = static_cast<double>(s.samples);
  const double rate = session_seconds > 0 ? static_cast<double>(session_samples) / session_seconds : 0;
  double eta = std::numeric_limits<double>::infinity();
  const char* rule = "";
  auto consider = [&](double seconds, const char* name) {
    if (seconds >= 0 && seconds < eta) eta = seconds, rule = name;
  };
  if (!stop.forever) {
    if (stop.seconds > 0) consider(stop.seconds - session_seconds, "--time");
    if (rate > 0 && stop.samples > 0) consider((static_cast<double>(stop.samples) - n) / rate, "--samples");
    if (rate > 0 && stop.blocks > 0 && p.blocks > 0)
      consider((static_cast<double>(stop.blocks) - static_cast<double>(p.blocks)) * n / static_cast<double>(p.blocks) /
                   rate,
               "--blocks");
    if (rate > 0 && stop.rel_error > 0 && s.error_known && std::isfinite(s.rel_std_error) &&
        n >= static_cast<double>(stop.min_samples) && !std::isnan(s.pareto_k) && s.pareto_k < 0.5) {
      const double ratio = s.rel_std_error / stop.rel_error;
      consider(std::max(0.0, n * (ratio * ratio - 1)) / rate, "--rel-error");
    }
  }
  std::string value = s.samples == 0 ? "no samples yet" : "estimate " + format_scientific(s.estimate, 4);
  if (s.error_known && std::isfinite(s.rel_std_error)) value += format(", rse %.2e", s.rel_std_error);
  if (s.samples >= 2) value += std::string(", interval ") + interval_name(s.interval);
  const std::string eta_text =
      *rule ? format("ETA %.0f s (%s)", std::max(0.0, eta), rule)
            : std::string(stop.forever ? "until interrupted" : "no ETA yet");
  return format("%s, %llu samples, %.0f s, %s", value.c_str(), static_cast<unsigned long long>(s.samples),
                p.seconds, eta_text.c_str());
}

void layer_calibration_text(std::ostream& out, const LayerCalibration& c) {
  char line[512];
  out << "box " << c.shape.name() << ": calibration of the layers route (counted as " << c.counted.name()
      << ", base layer " << c.base_rows << " rows, " << threads_text(c.threads) << ")\n";
  out << "  layer  states              per state   children  key (us)  projected CPU s  table bytes  work\n";
  for (const LayerStageCost& s : c.stages) {
    std::snprintf(line, sizeof line, "  %5d  %-18s  %9.3g s  %8.0f  %8.3g  %15.3g  %11.3g  %s\n", s.rows,
                  (s.states_counted ? s.states.str() : ">= " + format_scientific(s.states, 3)).c_str(), s.seconds_per_state,
                  s.children_per_state, s.key_microseconds, s.projected_cpu_seconds, s.table_bytes, s.work.c_str());
    out << line;
  }
  std::snprintf(line, sizeof line,
                "projected: %.3g s of CPU (%.3g CPU-hours), %.3g s on %s (%.3g hours), %.3g s on 64 "
                "(%.3g hours); tables up to %.3g GB, this machine has %.3g GB\n",
                c.projected_cpu_seconds, c.projected_cpu_seconds / 3600, c.projected_seconds,
                threads_text(c.threads).c_str(),
                c.projected_seconds / 3600, c.projected_cpu_seconds / 64, c.projected_cpu_seconds / 64 / 3600,
                c.projected_memory_bytes / 1e9, c.physical_memory_bytes / 1e9);
  out << line;
  std::snprintf(line, sizeof line,
                "(%d states timed per layer, a lookup %.3g us in a table beyond the caches; the states of a tabled "
                "layer are the lower bound of its orbits, labelled states / (N! 2^R R!); calibration took %.1f s)\n",
                c.stages.empty() ? 0 : c.stages.front().samples, c.lookup_microseconds, c.seconds);
  out << line;
}

namespace {

// The digits a row's standard error supports.
std::string row_number(const BigFloat& value, const PuzzleCountRow& row) {
  if (row.hits == 0 || !(row.std_error > 0)) return format_scientific(value, 2);
  return format_scientific(value, digits_for_rel_error(static_cast<double>(row.std_error / row.estimate)));
}

std::string puzzle_row_text(const std::string& label, const PuzzleCountRow& row) {
  const std::string rel = row.hits ? format("%.2e", static_cast<double>(row.std_error / row.estimate)) : "-";
  const std::string cv = row.between_grid_cv < 0 ? "-" : format("%.3g", row.between_grid_cv);
  return format("%6s  %-16s %-10s %-9s %12llu  [%s, %s] %s  %s\n", label.c_str(), row_number(row.estimate, row).c_str(),
                format_scientific(row.std_error, 2).c_str(), rel.c_str(), static_cast<ull>(row.hits),
                row_number(row.low, row).c_str(), row_number(row.high, row).c_str(), row.interval.c_str(), cv.c_str());
}

}  // namespace

void puzzle_estimate_text(std::ostream& out, const PuzzleEstimate& e) {
  out << e.layout.name() << ": " << puzzle_kind_name(e.kind) << " puzzles by clue count, method " << e.method;
  if (e.method == "subsets") out << " (sets of " << e.subset_size << " cells)";
  else if (e.method == "supersets") out << " (the minimal puzzles containing sets of " << e.subset_size << " cells)";
  else out << " (each cell kept with probability 1/2)";
  out << ", " << e.subsets_per_grid << " sets a grid\n";
  if (e.weighted_grids)
    out << format("grids: %llu drawn with importance weights (%s: row-by-row proposals, each weighted by 1/its "
                  "chance), their mean weight %s grids, effective number %.0f; sets %llu; uniqueness tests %llu\n",
                  static_cast<ull>(e.grids), e.grid_method.c_str(), short_sci(e.grid_estimate).c_str(),
                  e.weight_effective_grids, static_cast<ull>(e.sets), static_cast<ull>(e.uniqueness_tests));
  else
    out << format("grids: %llu of %s, drawn exactly uniformly (%s); sets %llu; uniqueness tests %llu\n",
                  static_cast<ull>(e.grids), e.grid_count.str().c_str(), e.grid_method.c_str(),
                  static_cast<ull>(e.sets), static_cast<ull>(e.uniqueness_tests));
  if (e.stopped_by == "merged") {
    std::string ranges;
    for (const BlockRange& range : e.ranges)
      ranges += (ranges.empty() ? "" : "; ") +
                format("seed %llu, grids %llu..%llu", static_cast<ull>(range.seed), static_cast<ull>(range.first),
                       static_cast<ull>(range.end - 1));
    out << format("merged: %s; %.1f s of drawing summed over the runs\n", ranges.c_str(), e.seconds);
  } else {
    const BlockRange range = e.ranges.empty() ? BlockRange{} : e.ranges.front();
    out << format("time: %.1f s (set-up %.1f s) on %s%s, seed %llu, grids %llu..%llu, stopped by %s\n",
                  e.seconds, e.setup_seconds, threads_text(e.threads).c_str(),
                  e.processes > 1 ? format(" x %d processes", e.processes).c_str() : "", static_cast<ull>(e.seed),
                  static_cast<ull>(range.first),
                  static_cast<ull>(range.end) - (range.end > range.first ? 1 : 0), e.stopped_by.c_str());
    if (!e.checkpoint.empty())
      out << (e.saved ? "saved to '" + e.checkpoint + "'\n"
                      : "the last save to '" + e.checkpoint + "' failed: the state above was not kept\n");
  }
  out << format("%6s  %-16s %-10s %-9s %12s  %s  %s\n", "clues", "estimate", "std.error", "rel.error", "hits",
                "95% interval", "between-grid cv");
  for (const PuzzleCountRow& row : e.rows) out << puzzle_row_text(std::to_string(row.clues), row);
  out << puzzle_row_text("total", e.total);
}

void puzzle_counts_text(std::ostream& out, const PuzzleCounts& counts, PuzzleKind kind, const std::string& method) {
  out << counts.layout.name() << ": " << puzzle_kind_name(kind) << " puzzles by clue count, exactly (" << method;
  if (counts.classes) out << ", " << counts.classes << " classes of grids";
  out << ")\n";
  out << "grids: " << counts.grids << "\n";
  const std::vector<std::uint64_t>& by_clues = kind == PuzzleKind::Minimal ? counts.minimal : counts.proper;
  BigInt total = 0;
  out << format("%6s  %s\n", "clues", "count");
  for (std::size_t c = 0; c < by_clues.size(); ++c) {
    total += by_clues[c];
    if (by_clues[c]) out << format("%6zu  %llu\n", c, static_cast<ull>(by_clues[c]));
  }
  out << format("%6s  %s\n", "total", total.str().c_str());
  out << format("time: %.1f s\n", counts.seconds);
}

std::string puzzle_progress_line(const PuzzleEstimate& e) {
  return format("%llu grids, %llu sets, %.0f s: total %s (relative error %s)", static_cast<ull>(e.grids),
                static_cast<ull>(e.sets), e.seconds, row_number(e.total.estimate, e.total).c_str(),
                e.total.hits ? format("%.1e", static_cast<double>(e.total.std_error / e.total.estimate)).c_str() : "-");
}

}  // namespace sudoku_count::cli
