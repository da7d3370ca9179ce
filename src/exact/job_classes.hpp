#pragma once
// What an exact job sums (exact_job.hpp), one kind per route: classes
// streamed in a fixed order, cut into chunks, each class with an exact term.
// The job's units, checkpoint, resume and runners know nothing else of them.
//  - TwoBandJobClasses: classes of band-1 column sets of a two-band shape,
//    term |K| f(K)^2 (routes layers and two-bands; docs/method.md, section 8);
//  - SlicedJobClasses: classes of first bands of a variant layout, term
//    N! |K| G(K), G by the slice lemma (route slices; section 14);
//  - DiagonalJobClasses: classes of first-band column sets with both
//    diagonals, term |K| S(K) (route sets-x; section 15).
#include <cstdint>
#include <memory>
#include <string>

#include "sudoku_count/bignum.hpp"
#include "sudoku_count/layout.hpp"

namespace sudoku_count::detail {

class JobClasses {
 public:
  virtual ~JobClasses() = default;
  virtual std::uint64_t chunks() const = 0;
  // The symmetries the classes are taken under (1 where none are).
  virtual std::uint64_t group_order() const { return 1; }
  // The classes of a chunk (chunk < chunks()).
  virtual std::uint64_t census(std::uint64_t chunk) const = 0;
  // The term of the chunk's k-th class; false when the chunk has no such class.
  virtual bool term(std::uint64_t chunk, std::uint64_t k, BigInt& term) const = 0;
};

// R x 2 boxes (R <= 6), f by the reverse row layers (`by_layers`) or the half split.
std::unique_ptr<const JobClasses> two_band_job_classes(int rows, bool by_layers);
// A variant layout the slices cut serves (InputError otherwise, naming why).
std::unique_ptr<const JobClasses> sliced_job_classes(const Layout& layout);
// Both diagonals alone, where DiagonalSetClasses serves (InputError otherwise).
std::unique_ptr<const JobClasses> diagonal_job_classes(const Layout& layout);

}  // namespace sudoku_count::detail
