#include "commands/requests.hpp"

#include "sudoku_count/error.hpp"

namespace sudoku_count::cli {

LayoutRequest layout_request(const ParsedOptions& options) {
  LayoutRequest request;
  if (options.has("box")) request.box = options.text("box");
  if (options.has("variant")) request.variant = options.text("variant");
  if (options.has("regions")) request.regions = options.text("regions");
  return request;
}

Layout command_layout(const ParsedOptions& options) { return requested_layout(layout_request(options)); }

EstimateRequest estimate_request(const ParsedOptions& options) {
  EstimateRequest request;
  request.layout = layout_request(options);
  if (options.has("puzzle")) request.puzzle = options.text("puzzle");
  if (options.has("puzzle-file")) request.puzzle_file = options.text("puzzle-file");
  // Given or not matters: resuming, a method, particles or orientation not
  // given are the saved run's, and a seed given must be the saved one.
  if (options.given("method")) request.method = options.text("method");
  if (options.given("particles")) request.particles = static_cast<int>(options.integer("particles"));
  if (options.given("orientation")) request.orientation = options.text("orientation");
  if (options.has("rel-error")) request.rel_error = options.real("rel-error");
  if (options.has("time")) request.time = options.real("time");
  if (options.has("samples")) request.samples = options.integer("samples");
  if (options.has("blocks")) request.blocks = options.integer("blocks");
  request.forever = options.flag("forever");
  request.min_samples = options.integer("min-samples");
  if (options.given("seed")) request.seed = options.integer("seed");
  request.threads = static_cast<int>(options.integer("threads"));
  if (options.given("first-block")) request.first_block = options.integer("first-block");
  request.confidence = options.real("confidence");
  if (options.has("checkpoint")) request.checkpoint = options.text("checkpoint");
  if (options.given("checkpoint-every")) request.checkpoint_every = options.real("checkpoint-every");
  if (options.has("resume")) request.resume = options.text("resume");
  return request;
}

ExactCountRequest exact_count_request(const ParsedOptions& options) {
  ExactCountRequest request;
  request.layout = layout_request(options);
  if (options.has("puzzle")) request.puzzle = options.text("puzzle");
  if (options.has("puzzle-file")) request.puzzle_file = options.text("puzzle-file");
  request.fix_first_row = options.flag("fix-first-row");
  request.method = options.text("method");
  request.threads = static_cast<int>(options.integer("threads"));
  if (options.has("checkpoint")) request.checkpoint = options.text("checkpoint");
  if (options.given("checkpoint-every")) request.checkpoint_every = options.real("checkpoint-every");
  if (options.has("resume")) request.resume = options.text("resume");
  if (options.has("max-units")) request.max_units = options.integer("max-units");
  if (options.has("time")) request.time = options.real("time");
  if (options.has("route")) request.route = options.text("route");
  return request;
}

PuzzleEstimateRequest puzzle_estimate_request(const ParsedOptions& options) {
  PuzzleEstimateRequest request;
  // Given or not matters: resuming, a field not given is the saved run's.
  if (layout_request(options).given()) request.layout = command_layout(options);
  if (options.given("kind")) request.kind = puzzle_kind(options.text("kind"));
  if (options.given("method")) request.method = options.text("method");
  if (options.has("clues")) request.clues = options.text("clues");
  if (options.has("subset-size")) request.subset_size = static_cast<int>(options.integer("subset-size"));
  if (options.given("subsets-per-grid")) request.subsets_per_grid = static_cast<int>(options.integer("subsets-per-grid"));
  if (options.has("grids")) request.grids = options.integer("grids");
  if (options.has("time")) request.time = options.real("time");
  if (options.given("seed")) request.seed = options.integer("seed");
  if (options.flag("weighted-grids")) request.weighted_grids = true;
  request.threads = static_cast<int>(options.integer("threads"));
  if (options.has("checkpoint")) request.checkpoint = options.text("checkpoint");
  if (options.given("checkpoint-every")) request.checkpoint_every = options.real("checkpoint-every");
  if (options.has("resume")) request.resume = options.text("resume");
  return request;
}

LayerCalibration requested_calibration(const ParsedOptions& options) {
  return calibrate_layers(layout_request(options), static_cast<int>(options.integer("threads")));
}

}  // namespace sudoku_count::cli
