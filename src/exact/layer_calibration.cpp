// The calibration of the layers route (layer_calibration.hpp).
#include "sudoku_count/layer_calibration.hpp"

#include <omp.h>
#include <unistd.h>

#include <chrono>
#include <vector>

#include "bands/band_classes.hpp"
#include "bands/band_fillings.hpp"
#include "core/threads.hpp"
#include "exact/layer_states.hpp"
#include "exact/layer_table.hpp"
#include "exact/layered_fillings.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/rng.hpp"

namespace sudoku_count {
using namespace detail;  // internals of this area
namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// Where timed loops leave their results, so that none is optimised away.
volatile std::uint64_t sink = 0;

// Slots are 24 bytes and a shard is between 3/8 and 3/4 full.
constexpr double kMostBytesPerOrbit = 64, kLeastBytesPerOrbit = 32;

// R of the R x 2 orientation the route counts.
int band_rows(const Shape& shape) { return shape.box_cols == 2 ? shape.box_rows : shape.box_cols; }

BigInt box_group_order(int boxes) { return factorial(boxes) * (BigInt(1) << boxes); }

// The lower bound of the orbits of L-row states: labelled states over N! |B_R|.
BigInt orbit_floor(int boxes, int rows) {
  const BigInt whole = factorial(2 * boxes) * box_group_order(boxes);
  return (labelled_layer_states(boxes, rows) + whole - 1) / whole;
}

// One lookup in a table of 4 million orbits (about 200 MB, far beyond the
// caches, as the route's tables of 10^8 and more are), at random keys.
double lookup_seconds(Rng& rng) {
  constexpr int kEntries = 1 << 22, kProbes = 1 << 20;
  LayerTable table;
  std::vector<LayerKey> keys(kEntries);
  for (LayerKey& key : keys) {
    key = LayerKey{rng(), rng()};
    table.insert(key, 1);
  }
  const auto start = Clock::now();
  std::uint64_t found = 0;
  for (int i = 0; i < kProbes; ++i) found += table.find(keys[uniform_below(rng, kEntries)]).value_or(0);
  sink = sink + found;
  return seconds_since(start) / kProbes;
}

}  // namespace

bool layers_route_applies(const Shape& shape) { return ExactJob::handles(shape) && shape.n() >= 4; }

double physical_memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), size = ::sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0 ? static_cast<double>(pages) * static_cast<double>(size) : 0;
}

double layers_route_memory_floor(const Shape& shape) {
  if (!layers_route_applies(shape)) return 0;
  const int boxes = band_rows(shape);
  const int base = LayeredFillings::default_base_rows(boxes);
  double bytes = 0;
  for (int rows = base; rows < boxes; ++rows) bytes += kLeastBytesPerOrbit * orbit_floor(boxes, rows).convert_to<double>();
  return bytes;
}

LayerCalibration calibrate_layers(const Shape& shape, int samples, int threads, std::uint64_t seed) {
  if (!layers_route_applies(shape))
    throw InputError("{calibrate} times the layers route of a two-band count, boxes R x 2 or 2 x R with 2 <= R <= 6; "
                     "box " + shape.name() + " is not one");
  if (samples < 1) throw InputError("the calibration needs at least one sample per layer");
  const auto start = Clock::now();
  LayerCalibration out;
  out.shape = shape;
  const int boxes = band_rows(shape);
  out.counted = Shape{boxes, 2};
  out.threads = thread_count(threads);
  out.base_rows = LayeredFillings::default_base_rows(boxes);
  out.physical_memory_bytes = physical_memory_bytes();
  Rng rng = block_stream(seed, 0);
  out.lookup_microseconds = 1e6 * lookup_seconds(rng);

  // The classes: the census of the job's class stream, on all threads.
  const TwoBandClassChunks chunks(boxes);
  std::uint64_t classes = 0;
#pragma omp parallel for num_threads(out.threads) schedule(dynamic, 1) reduction(+ : classes)
  for (std::uint64_t c = 0; c < chunks.chunks(); ++c) chunks.for_each_class(c, [&](const BandClass&) { ++classes; });

  for (int rows = boxes; rows >= std::min(boxes, out.base_rows); --rows) {
    LayerStageCost stage;
    stage.rows = rows;
    stage.samples = samples;
    std::vector<LayerState> states;
    for (int i = 0; i < samples; ++i) states.push_back(random_layer_state(boxes, rows, rng));
    const bool base = rows <= out.base_rows;
    if (base) {
      const auto t = Clock::now();
      FillingCount sum = 0;
      for (const LayerState& state : states) sum += count_band_fillings(state.columns.data(), rows, state.n());
      stage.seconds_per_state = seconds_since(t) / samples;
      sink = sink + static_cast<std::uint64_t>(sum);
      stage.work = "the half split of the state's " + std::to_string(rows) + " rows";
    } else {
      // Children and their keys (each child's key is this state's cost: it
      // is how the state looks its children up), then the lookups.
      const auto t = Clock::now();
      std::uint64_t children = 0, mixed = 0;
      for (const LayerState& state : states)
        for_each_rooted_child(state, root_edge(state), [&](const LayerState& child) {
          ++children;
          mixed += layer_key(child).lo;
        });
      const double walk = seconds_since(t);
      sink = sink + mixed;
      stage.children_per_state = static_cast<double>(children) / samples;
      stage.seconds_per_state = walk / samples + stage.children_per_state * out.lookup_microseconds * 1e-6;
      stage.work = std::to_string(static_cast<long long>(stage.children_per_state + 0.5)) +
                   " rooted matchings, the key and lookup of each " + std::to_string(rows - 1) + "-row child";
    }
    if (rows < boxes) {
      // A key of this layer's states, as the layer above computes them.
      const auto t = Clock::now();
      std::uint64_t mixed = 0;
      for (const LayerState& state : states) mixed += layer_key(state).hi;
      stage.key_microseconds = 1e6 * seconds_since(t) / samples;
      sink = sink + mixed;
      stage.states = orbit_floor(boxes, rows);
      stage.table_bytes = kMostBytesPerOrbit * stage.states.convert_to<double>();
    } else {
      stage.states = classes;
      stage.states_counted = true;
    }
    stage.projected_cpu_seconds = stage.states.convert_to<double>() * stage.seconds_per_state;
    out.projected_cpu_seconds += stage.projected_cpu_seconds;
    out.projected_memory_bytes += stage.table_bytes;
    out.stages.push_back(stage);
  }
  out.projected_seconds = out.projected_cpu_seconds / out.threads;
  out.seconds = seconds_since(start);
  return out;
}

}  // namespace sudoku_count
