#pragma once
// The one interface every Monte Carlo method plugs into. A method draws
// independent, unbiased estimates of the number of grids (one per sample);
// the driver (run.hpp) runs them in work blocks on all threads, merges
// them and decides when to stop.
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sudoku_count/rng.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/shape.hpp"
#include "sudoku_count/stats.hpp"

namespace sudoku_count {

class Estimator {
 public:
  virtual ~Estimator() = default;
  virtual std::string name() const = 0;
  // The layout whose grids are counted (as the user gave it).
  virtual const Layout& layout() const = 0;
  const Shape& shape() const { return layout().shape(); }
  // Anything a user should know about how the shape is handled ("" if nothing).
  virtual std::string note() const { return ""; }
  // The method together with any choice that changes what its samples are
  // (such as the orientation it works on): runs can be resumed or merged
  // only when these agree.
  virtual std::string variant() const { return name(); }
  // Samples in one work block: fixed for a method and shape, never derived
  // from the thread count, so one seed gives one estimate for any --threads.
  virtual std::uint64_t samples_per_block() const = 0;
  // The version of the method's sampling: raised whenever a change makes
  // its samples (for a given seed and block) or its weights differ, so that
  // a checkpoint is continued or merged only by builds that sample alike.
  // Any release whose method keeps this number resumes the others' runs.
  virtual int method_version() const { return 1; }
  // Scratch memory a method reuses from sample to sample; each thread owns
  // one, so samples share nothing mutable.
  struct Workspace {
    virtual ~Workspace() = default;
    // Set by the driver: true once the run is to stop (deadline, interrupt).
    // A method whose samples take long may check it between steps and give
    // the sample up, returning kSampleDropped: the block then ends there,
    // cut short, and keeps only whole samples.
    const std::function<bool()>* cut = nullptr;
  };
  virtual std::unique_ptr<Workspace> make_workspace() const { return std::make_unique<Workspace>(); }
  // One sample: the natural log of an unbiased estimate of the count
  // (kLogZero for an estimate of 0). Safe to call from many threads, each
  // with its own workspace from make_workspace().
  virtual long double sample_log(Rng& rng, Workspace& workspace) const = 0;
};

// Returned by sample_log for a sample given up at a cut (never a weight).
inline constexpr long double kSampleDropped = std::numeric_limits<long double>::quiet_NaN();

// Settings that change what a method's samples are; 0 means the method's
// default for the shape.
struct EstimatorOptions {
  // Each particle is kept twice per thread (before and after resampling), a
  // partial grid of about 1 KB: 65,536 particles take 130 MB a thread.
  static constexpr int kMaxParticles = 1 << 16;
  int particles = 0;  // smc: partial grids per replicate, 0..kMaxParticles
  // The orientation sets and smc work on. A transposed grid is a grid of the
  // transposed shape, so both count the same; they differ in the tails of
  // their weights. Auto takes the one measured lighter (boxes of two rows are
  // sampled with two columns instead: 2x5 as given reads Pareto k about 0.5
  // after 10 s, 5x2 about 0.15; docs/validation.md), or the other where only
  // it is in reach. Given and Transposed force one (independent samples of
  // R x C and C x R, for instance). The band method works on the shape as
  // given.
  enum class Orientation { Auto, Given, Transposed };
  Orientation orientation = Orientation::Auto;
  int threads = 0;  // threads of the set-up (the band tables' builds); 0: all cores
  // A puzzle: its N*N cells row by row (0 blank, else 1..N), whose
  // completions are counted; empty (or all blank): the grids of the layout.
  // Only methods that take givens (EstimatorEntry::takes_givens) accept it.
  std::vector<int> givens;
  bool has_givens() const;
};
// "auto", "given" or "transposed"; throws InputError naming them otherwise.
EstimatorOptions::Orientation parse_orientation(const std::string& name);

// A saved variant name (Estimator::variant(), as a checkpoint records it)
// read into its parts: "smc/transposed/P=64" is method "smc", flag
// "transposed" and value P = 64. Throws InputError for a name that is not
// of this form (a value is 1 to 7 digits).
struct MethodVariant {
  std::string text;    // as saved
  std::string method;  // the part before the first '/'
  std::vector<std::string> flags;
  std::vector<std::pair<std::string, int>> values;
  static MethodVariant parse(const std::string& text);
  bool has_flag(const std::string& flag) const;
  // The value of `key`, or `absent` when the name has none.
  int value(const std::string& key, int absent = 0) const;
};

// One method of the registry, all that the library needs to offer it:
// adding a method is one entry (register_estimator; the built-in methods
// are the list in src/estimate/registry.cpp).
struct EstimatorEntry {
  std::string name;     // the method asked for, and the first part of its variant names
  std::string summary;  // how it samples
  std::string reach;    // the shapes it handles, as a phrase that follows "reaches"
  bool takes_particles = false;  // whether EstimatorOptions::particles applies to it
  bool takes_givens = false;     // whether it counts a puzzle's completions (EstimatorOptions::givens)
  // Whether "auto" takes this method for the layout and options: auto asks
  // the entries in the order they were registered and takes the first that
  // says yes, and prints the note() of the estimator it builds (empty: auto
  // never takes the method).
  std::function<bool(const Layout&, const EstimatorOptions&)> auto_picks;
  // The method's estimator of the layout; throws InputError when the
  // method cannot handle the layout or the options.
  std::function<std::unique_ptr<Estimator>(const Layout&, const EstimatorOptions&)> make;
  // The estimator a saved variant name of this method names (resuming a
  // run needs the one that wrote it). The registry refuses the name unless
  // the estimator's variant() gives it back. Empty: the method's only
  // variant is its name, built by make.
  std::function<std::unique_ptr<Estimator>(const MethodVariant&, const Layout&, const EstimatorOptions&)> read_variant;
};
// Adds a method to the registry (for the whole process: safe to call from
// any thread). Throws InputError when the name is empty, "auto" or taken,
// or contains '/', or the entry has no make.
void register_estimator(EstimatorEntry entry);

struct MethodInfo {

  std::string name;
  std::string summary;  // how it samples
  std::string reach;    // the shapes it handles, as a phrase that follows "reaches"
};
// Every method the registry holds, "auto" first, then in the order they
// were registered.
std::vector<MethodInfo> estimator_methods();
// The method of that name; throws InputError naming the choices otherwise.
MethodInfo estimator_method(const std::string& name);

// "auto" picks the best method that handles the layout: the box methods
// (bands, sets, smc) for the classic rules of a box shape, the generic one
// for any other layout and for puzzles; its note() says which and why. Throws InputError for
// an unknown method or one that cannot handle the layout (naming the reason;
// a request field that is wrong is named as {particles}, {method} or
// {orientation}).
std::unique_ptr<Estimator> make_estimator(const std::string& method, const Layout& layout,
                                          const EstimatorOptions& options = {});
// The estimator whose variant() is `variant` on `layout` (resuming a run
// needs the one that wrote it). Throws InputError for an unknown variant.
std::unique_ptr<Estimator> make_estimator_for_variant(const std::string& variant, const Layout& layout,
                                                     const EstimatorOptions& options = {});

}  // namespace sudoku_count
