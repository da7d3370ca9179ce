#include "sudoku_count/records.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "sudoku_count/grid.hpp"
#include "sudoku_count/version.hpp"

namespace sudoku_count {
namespace {

// A double as the tool has always printed it: 10 significant digits (%.10g),
// whole numbers below 1e10 without a fraction, and null for inf and nan.
// nlohmann prints a double in its shortest round-trip form, so the value
// stored is the one that form prints as those digits.
Json number(double value) {
  if (!std::isfinite(value)) return nullptr;
  char digits[32];
  std::snprintf(digits, sizeof digits, "%.10g", value);
  const double rounded = std::strtod(digits, nullptr);
  if (rounded == std::floor(rounded) && std::fabs(rounded) < 1e10) return static_cast<std::int64_t>(rounded);
  return rounded;
}

// A big number in scientific notation, or null when it is undefined.
Json scientific(bool known, const BigFloat& value) {
  return known ? Json(format_scientific(value)) : Json(nullptr);
}

// Every record opens alike: the command and the version of the tool that
// wrote it (docs/schema/sudoku-count.schema.json).
Json record(const std::string& command) {
  Json json;
  json["command"] = command;
  json["version"] = kVersion;
  return json;
}

Json shape_json(const std::string& command, const Shape& shape) {
  Json json = record(command);
  json["box_rows"] = shape.box_rows;
  json["box_cols"] = shape.box_cols;
  json["grid_size"] = shape.n();
  return json;
}

// The layout: its name (with which runs resume and merge) and description;
// box_rows and box_cols are those of its boxes (1 and N for a jigsaw).
Json layout_json(const std::string& command, const Layout& layout) {
  Json json = shape_json(command, layout.shape());
  json["layout"] = layout.name();
  json["layout_description"] = layout.describe();
  return json;
}

// Completed grids, one line each (format_line).
Json grids_json(const std::vector<Grid>& grids) {
  Json lines = Json::array();
  for (const Grid& grid : grids) lines.push_back(format_line(grid));
  return lines;
}

// The estimate before the first sample, the standard error before the
// second, and the interval while the tail diagnostics do not support one,
// are null (never a made-up number).
void add_estimate(Json& json, const Summary& s) {
  const bool interval = s.error_known && s.interval != IntervalStatus::Unreliable;
  json["estimate"] = scientific(s.samples > 0, s.estimate);
  json["log10_estimate"] = number(s.log10_estimate);
  json["std_error"] = scientific(s.error_known, s.std_error);
  json["rel_std_error"] = number(s.rel_std_error);
  json["ci_low"] = scientific(interval, s.ci_low);
  json["ci_high"] = scientific(interval, s.ci_high);
  json["confidence"] = number(s.confidence);
  json["samples"] = s.samples;
}

void add_diagnostics(Json& json, const Summary& s) {
  json["effective_sample_size"] = number(s.effective_sample_size);
  json["max_weight_share"] = number(s.max_weight_share);
  json["log_weight_mean"] = number(s.log_weight_mean);
  json["log_weight_var"] = number(s.log_weight_var);
  json["rel_var"] = number(s.empirical_rel_var);
  json["lognormal_rel_var"] = number(s.lognormal_rel_var);
  json["tail_unsampled"] = s.tail_unsampled;
  json["lognormal_samples_needed"] = number(s.lognormal_samples_needed);
  json["pareto_k"] = number(s.pareto_k);
  json["tail_size"] = s.tail_size;
  json["pareto_k_threshold"] = number(s.pareto_k_threshold);
  json["interval"] = interval_name(s.interval);
  // Always: a reader's own rule may want it where the interval is ok too.
  json["lower_bound"] = scientific(s.lower_bound_known, s.lower_bound);
}

// estimate / order estimates a lower bound of the class count, not the
// count itself (class_count_bound_statement, symmetry.hpp).
// Whether a puzzle's completions are counted, and its givens.
void add_puzzle(Json& json, const Layout& layout, const std::vector<int>& givens) {
  json["puzzle"] = !givens.empty();
  if (givens.empty()) return;
  const Grid grid{layout, givens};
  json["givens"] = given_count(grid);
  json["puzzle_text"] = format_line(grid);
}

void add_symmetry(Json& json, const Summary& s, const Layout& layout, const BigInt& group_order) {
  // The group implemented acts on the classic rules of the empty grid only
  // (0: a layout or a puzzle it does not act on).
  if (!layout.classic() || group_order == BigInt(0)) return;
  const Shape& shape = layout.shape();
  json["symmetry_group_order"] = group_order.str();
  json["estimate_per_symmetry"] = scientific(s.samples > 0, s.estimate / BigFloat(group_order));
  json["estimate_per_symmetry_bound"] = class_count_bound_statement(shape, true);
}

}  // namespace

Json exact_json(const ExactReport& report) {
  const ExactResult& result = report.result;
  Json json = layout_json("exact", report.layout);
  json["count"] = result.count.str();
  json["count_scientific"] = format_scientific(result.count);
  json["puzzle"] = report.puzzle;
  json["symmetry"] = "none";
  json["first_row_fixed"] = result.first_row_fixed;
  if (result.first_row_fixed) json["count_first_row_fixed"] = result.count_with_first_row_fixed.str();
  json["seconds"] = number(result.seconds);
  json["threads"] = result.threads;
  json["method"] = result.method;
  if (!result.note.empty()) json["note"] = result.note;
  if (!result.detail.empty()) json["detail"] = result.detail;
  if (report.print) json["solutions"] = grids_json(report.printed);
  return json;
}

Json essentially_different_json(const EssentiallyDifferentResult& result) {
  Json json = layout_json("exact", Layout(result.shape));
  json["count"] = result.count.str();
  json["count_scientific"] = format_scientific(result.count);
  json["symmetry"] = "burnside";
  json["transposition"] = result.transposition;
  json["group"] = result.group;
  json["group_order"] = result.group_order.str();
  json["geometric_group_order"] = result.geometric_order.str();
  json["total_grids"] = result.total_grids.str();
  json["total_method"] = result.total_method;
  json["conjugacy_classes"] = result.conjugacy_classes;
  json["classes_with_fixed_grids"] = result.classes_with_fixed_grids;
  json["seconds"] = number(result.seconds);
  json["threads"] = result.threads;
  return json;
}

Json layer_calibration_json(const LayerCalibration& c) {
  Json json = layout_json("exact", Layout(c.shape));
  json["calibration"] = "layers";
  json["counted_box"] = c.counted.name();
  json["threads"] = c.threads;
  json["base_rows"] = c.base_rows;
  json["lookup_microseconds"] = number(c.lookup_microseconds);
  Json stages = Json::array();
  for (const LayerStageCost& stage : c.stages) {
    Json s;
    s["rows"] = stage.rows;
    s["work"] = stage.work;
    s["states"] = stage.states.str();
    s["states_counted"] = stage.states_counted;
    s["samples"] = stage.samples;
    s["children_per_state"] = number(stage.children_per_state);
    s["key_microseconds"] = number(stage.key_microseconds);
    s["seconds_per_state"] = number(stage.seconds_per_state);
    s["projected_cpu_seconds"] = number(stage.projected_cpu_seconds);
    s["table_bytes"] = number(stage.table_bytes);
    stages.push_back(s);
  }
  json["stages"] = stages;
  json["projected_cpu_seconds"] = number(c.projected_cpu_seconds);
  json["projected_seconds"] = number(c.projected_seconds);
  json["projected_memory_bytes"] = number(c.projected_memory_bytes);
  json["physical_memory_bytes"] = number(c.physical_memory_bytes);
  json["seconds"] = number(c.seconds);
  return json;
}

std::vector<Json> sample_json_lines(const SampleResult& result) {
  Json json = layout_json("sample", result.layout);
  json["record"] = "header";
  json["grid_count"] = result.grids.size();
  json["seed"] = std::to_string(result.seed);
  json["method"] = result.method;
  json["exactly_uniform"] = result.exactly_uniform;
  if (!result.note.empty()) json["note"] = result.note;
  json["threads"] = result.threads;
  json["setup_seconds"] = number(result.setup_seconds);
  json["seconds"] = number(result.seconds);
  if (!result.puzzles.empty()) json["clues"] = given_count(result.puzzles.front());
  if (!result.exactly_uniform) {
    json["proposals"] = result.proposals;
    json["live_proposals"] = result.live_proposals;
    json["effective_sample_size"] = number(result.effective_sample_size);
  }
  std::vector<Json> lines = {json};
  lines.reserve(result.grids.size() + 1);
  for (std::size_t i = 0; i < result.grids.size(); ++i) {
    Json grid = record("sample");
    grid["record"] = "grid";
    grid["index"] = i;
    grid["grid"] = format_line(result.grids[i]);
    if (!result.puzzles.empty()) grid["candidate"] = format_line(result.puzzles[i]);
    lines.push_back(std::move(grid));
  }
  return lines;
}

Json exact_job_json(const ExactJobState& state, const std::string& checkpoint) {
  Json json = layout_json("exact", job_layout(state));
  json["finished"] = false;
  json["chunks"] = state.chunks;
  json["census_complete"] = state.census_complete();
  json["units_done"] = state.units_done();
  json["classes_done"] = state.classes;
  if (state.census_complete()) json["classes"] = state.units() - state.chunks;
  json["compute_seconds"] = number(state.seconds);
  json["method"] = state.route == kSlicesRoute ? "slices" : "bands";
  if (!checkpoint.empty()) json["checkpoint"] = checkpoint;
  return json;
}

Json solve_json(const SolveResult& result, const Layout& shape, bool explain, std::optional<int> line) {
  Json json = layout_json("solve", shape);
  json["status"] = status_name(result.status);
  json["solutions"] = grids_json(result.solutions);
  json["seconds"] = number(result.seconds);
  if (explain) {
    Json deductions = Json::array();
    for (const Deduction& deduction : result.deductions) deductions.push_back(describe(deduction, shape));
    json["deductions"] = deductions;
    json["singles_solved"] = result.contradiction.empty() && result.search_cells == 0;
    json["search_cells"] = result.search_cells;
    if (!result.contradiction.empty()) json["contradiction"] = result.contradiction;
  }
  if (line) json["line"] = *line;
  return json;
}

Json estimate_json(const Progress& p, const EstimateRun& run, bool checkpoint_saved) {
  const Summary& s = p.summary;
  Json json = layout_json("estimate", run.layout);
  add_puzzle(json, run.layout, run.givens);
  add_estimate(json, s);
  json["seconds"] = number(p.seconds);
  json["threads"] = p.threads;
  add_diagnostics(json, s);
  json["seed"] = std::to_string(run.seed);
  json["method"] = run.method;
  json["symmetry"] = "none";
  if (!run.note.empty()) json["note"] = run.note;
  json["processes"] = p.processes;
  json["first_block"] = p.first_block;
  json["blocks"] = p.blocks;
  if (p.final) {
    json["blocks_cut"] = p.blocks_cut;
    json["blocks_after_cut"] = p.blocks_after_cut;
  }
  if (!p.held_back.empty()) json["held_back"] = p.held_back;
  json["final"] = p.final;
  if (p.final) {
    json["stop_reason"] = p.stop_reason;
    add_symmetry(json, s, run.layout, run.group_order);
    json["setup_seconds"] = number(run.setup_seconds);
    if (!run.checkpoint.empty()) {
      json["checkpoint"] = run.checkpoint;
      json["checkpoint_saved"] = checkpoint_saved;
    }
  }
  return json;
}

namespace {

// A row of a puzzle estimate, or its total: the estimate fields of estimate's
// record, the interval a row's hits allow, the grid-to-grid spread.
void add_puzzle_row(Json& json, const PuzzleCountRow& row) {
  const bool found = row.hits > 0;
  json["estimate"] = format_scientific(row.estimate);
  json["std_error"] = format_scientific(row.std_error);
  json["rel_std_error"] = found ? number(static_cast<double>(row.std_error / row.estimate)) : Json(nullptr);
  json["ci_low"] = format_scientific(row.low);
  json["ci_high"] = format_scientific(row.high);
  json["interval_method"] = row.interval;
  json["hits"] = row.hits;
  json["between_grid_cv"] = row.between_grid_cv < 0 ? Json(nullptr) : number(row.between_grid_cv);
  json["max_weight_share"] = found ? number(row.largest_grid_share) : Json(nullptr);
}

}  // namespace

namespace {
Json ranges_json(const std::vector<BlockRange>& ranges) {
  Json json = Json::array();
  for (const BlockRange& range : ranges)
    json.push_back({{"seed", std::to_string(range.seed)}, {"first_block", range.first}, {"end_block", range.end}});
  return json;
}
}  // namespace

Json puzzle_estimate_json(const PuzzleEstimate& e, const PuzzleMergeNote& merge) {
  Json json = layout_json("puzzles", e.layout);
  json["kind"] = puzzle_kind_name(e.kind);
  json["method"] = e.method;
  json["exact"] = false;
  if (e.method != "coin") json["subset_size"] = e.subset_size;
  json["subsets_per_grid"] = e.subsets_per_grid;
  json["grid_count"] = e.grids;
  json["sets"] = e.sets;
  json["uniqueness_tests"] = e.uniqueness_tests;
  if (e.weighted_grids) {
    json["grid_estimate"] = format_scientific(e.grid_estimate);
    json["weight_effective_grids"] = number(e.weight_effective_grids);
  } else {
    json["total_grids"] = e.grid_count.str();
  }
  json["grid_method"] = e.grid_method;
  json["seed"] = std::to_string(e.seed);
  json["threads"] = e.threads;
  json["processes"] = e.processes;
  json["seconds"] = number(e.seconds);
  json["setup_seconds"] = number(e.setup_seconds);
  json["stop_reason"] = e.stopped_by == "interrupt" ? "interrupted" : e.stopped_by;
  json["ranges"] = ranges_json(e.ranges);
  if (!e.checkpoint.empty()) {
    json["checkpoint"] = e.checkpoint;
    json["checkpoint_saved"] = e.saved;
  }
  if (merge.runs) {
    json["runs"] = merge.runs;
    if (merge.output) {
      json["output"] = *merge.output;
      json["output_saved"] = merge.output_saved;
    }
  }
  json["confidence"] = 0.95;
  add_puzzle_row(json, e.total);
  Json rows = Json::array();
  for (const PuzzleCountRow& row : e.rows) {
    Json line;
    line["clues"] = row.clues;
    add_puzzle_row(line, row);
    rows.push_back(std::move(line));
  }
  json["by_clues"] = std::move(rows);
  return json;
}

Json puzzle_counts_json(const PuzzleCounts& counts, PuzzleKind kind, const std::string& method) {
  Json json = layout_json("puzzles", counts.layout);
  json["kind"] = puzzle_kind_name(kind);
  json["method"] = method;
  json["exact"] = true;
  json["total_grids"] = std::to_string(counts.grids);
  if (counts.classes) json["grid_classes"] = counts.classes;
  const std::vector<std::uint64_t>& by_clues = kind == PuzzleKind::Minimal ? counts.minimal : counts.proper;
  BigInt total = 0;
  Json rows = Json::array();
  for (std::size_t c = 0; c < by_clues.size(); ++c) {
    total += by_clues[c];
    if (!by_clues[c]) continue;
    rows.push_back({{"clues", c}, {"count", std::to_string(by_clues[c])}});
  }
  json["count"] = total.str();
  json["exact_counts"] = std::move(rows);
  json["seconds"] = number(counts.seconds);
  return json;
}

Json merge_json(const MergeReport& report) {
  const Checkpoint& merged = report.merged;
  Json json = layout_json("merge", merged.layout);
  add_puzzle(json, merged.layout, merged.givens);
  add_estimate(json, report.summary);
  json["seconds"] = number(merged.seconds);
  add_diagnostics(json, report.summary);
  json["method"] = merged.method;
  json["symmetry"] = "none";
  json["runs"] = report.runs.size();
  json["blocks"] = merged.blocks();
  json["ranges"] = ranges_json(merged.ranges);
  add_symmetry(json, report.summary, report.merged.layout, report.group_order);
  json["saved_by_version"] = merged.tool_version;
  if (report.output) {
    json["output"] = *report.output;
    json["output_saved"] = report.output_saved;
  }
  return json;
}

Json tables_json(const BandTablesReport& report) {
  Json json = shape_json("tables", report.shape);
  json["bands_total"] = report.bands_total.str();
  Json tables = Json::array();
  for (const TableSize& table : report.tables)
    tables.push_back({{"name", table.name},
                      {"entries", table.entries},
                      {"bytes", table.bytes},
                      {"seconds", number(table.seconds)}});
  json["tables"] = tables;
  return json;
}

std::string json_line(const Json& json) { return json.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace sudoku_count
