#pragma once
// What the layers route of a two-band count would cost (exact --calibrate):
// states of every layer sampled and timed, the classes counted, the tables'
// sizes bounded, and the whole count projected before a long run starts
// (docs/method.md section 8, docs/benchmarks.md).
#include <cstdint>
#include <string>
#include <vector>

#include "sudoku_count/bignum.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count {

struct LayerStageCost {
  int rows = 0;                   // the layer: R for the classes, the base for the half split
  std::string work;               // what one state of the layer costs
  BigInt states;                  // classes: counted; tabled layers: the lower bound of their orbits
  bool states_counted = false;    // true for the classes
  int samples = 0;                // states timed
  double children_per_state = 0;  // rooted matchings of a state (0 at the base)
  double key_microseconds = 0;    // a key of this layer's states, as the layer above computes them
  double seconds_per_state = 0;   // CPU of one state's own work (its children's keys and lookups, or the half split)
  double projected_cpu_seconds = 0;  // states x seconds_per_state
  double table_bytes = 0;         // its table (0 for the classes): 64 bytes an orbit at most
};

struct LayerCalibration {
  Shape shape;                    // asked for
  Shape counted;                  // R x 2
  int threads = 1;
  int base_rows = 0;
  std::vector<LayerStageCost> stages;  // the classes first, then the layers down to the base
  double lookup_microseconds = 0;      // one lookup in a table far beyond the caches
  double projected_cpu_seconds = 0;
  double projected_seconds = 0;        // on `threads` threads, scaling assumed perfect
  double projected_memory_bytes = 0;
  double physical_memory_bytes = 0;    // of this machine
  double seconds = 0;                  // of the calibration
};

// Whether the layers route (and so the calibration) applies: R x 2 or 2 x R
// boxes with 2 <= R <= 6.
bool layers_route_applies(const Shape& shape);

// Samples `samples` states per layer from `seed`; counts the classes on
// `threads` threads (0: all cores; for 2 x 6 about 30 s on 2). Throws
// InputError unless layers_route_applies(shape).
LayerCalibration calibrate_layers(const Shape& shape, int samples = 1000, int threads = 0, std::uint64_t seed = 1);

// The least memory the layers route's tables take (the orbits of the base
// layer at 32 bytes each: 24-byte slots, at most 3/4 full), and the
// machine's physical memory.
double layers_route_memory_floor(const Shape& shape);
double physical_memory_bytes();

}  // namespace sudoku_count
