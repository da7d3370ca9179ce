#pragma once
// The one interface every Monte Carlo method plugs into. A method draws
// independent, unbiased estimates of the number of grids (one per sample);
// the driver (run.hpp) runs them in work blocks on all threads, merges
// them and decides when to stop.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sudoku_count/rng.hpp"
#include "sudoku_count/shape.hpp"
#include "sudoku_count/stats.hpp"

namespace sudoku_count {

class Estimator {
 public:
  virtual ~Estimator() = default;
  virtual std::string name() const = 0;
  // The shape whose grids are counted (as the user gave it).
  virtual const Shape& shape() const = 0;
  // Anything a user should know about how the shape is handled ("" if nothing).
  virtual std::string note() const { return ""; }
  // The method together with any choice that changes what its samples are
  // (such as the orientation it works on): runs can be resumed or merged
  // only when these agree.
  virtual std::string variant() const { return name(); }
  // Samples in one work block: fixed for a method and shape, never derived
  // from the thread count, so one seed gives one estimate for any --threads.
  virtual std::uint64_t samples_per_block() const = 0;
  // Scratch memory a method reuses from sample to sample; each thread owns
  // one, so samples share nothing mutable.
  struct Workspace {
    virtual ~Workspace() = default;
  };
  virtual std::unique_ptr<Workspace> make_workspace() const { return std::make_unique<Workspace>(); }
  // One sample: the natural log of an unbiased estimate of the count
  // (kLogZero for an estimate of 0). Safe to call from many threads, each
  // with its own workspace from make_workspace().
  virtual long double sample_log(Rng& rng, Workspace& workspace) const = 0;
};

struct MethodInfo {
  std::string name;
  std::string summary;  // how it samples
  std::string reach;    // the shapes it handles, as a phrase that follows "reaches"
};
// Every method the factory knows, "auto" first.
const std::vector<MethodInfo>& estimator_methods();
// The method of that name; throws InputError naming the choices otherwise.
const MethodInfo& estimator_method(const std::string& name);

// "auto" picks the best method that handles the shape. Throws InputError for
// an unknown method or one that cannot handle the shape (naming the reason).
std::unique_ptr<Estimator> make_estimator(const std::string& method, const Shape& shape);

}  // namespace sudoku_count
