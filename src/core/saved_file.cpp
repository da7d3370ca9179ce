#include "core/saved_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <system_error>

#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/error.hpp"

namespace sudoku_count::detail {
namespace {

// Removes the temporary file (the old file stays as it was) and throws.
[[noreturn]] void write_failed(const std::string& temporary, const std::string& path, const std::string& what,
                               int error, const std::string& step) {
  ::unlink(temporary.c_str());
  throw std::system_error(error, std::generic_category(), "cannot write " + what + " '" + path + "'" + step);
}

}  // namespace

std::uint64_t fnv1a64(const std::string& bytes) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const unsigned char byte : bytes) {
    hash ^= byte;
    hash *= 1099511628211ull;
  }
  return hash;
}

std::string hex64(std::uint64_t value) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "%016" PRIx64, value);
  return buffer;
}

std::optional<std::uint64_t> parse_decimal(const std::string& text) {
  if (text.empty() || text[0] < '0' || text[0] > '9') return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text.c_str(), &end, 10);
  if (errno == ERANGE || *end != '\0') return std::nullopt;
  return value;
}

std::string with_checksum(const std::string& body) { return body + "checksum " + hex64(fnv1a64(body)) + "\n"; }

std::string checked_body(const std::string& text, std::string& why) {
  why.clear();
  // The last line is the checksum of all that precedes it.
  const std::size_t last = text.size() >= 2 ? text.rfind('\n', text.size() - 2) : std::string::npos;
  const std::string checksum_line = last == std::string::npos ? "" : text.substr(last + 1);
  if (text.empty() || text.back() != '\n' || checksum_line.compare(0, 9, "checksum ") != 0) {
    why = "is truncated: its closing checksum line is missing";
    return "";
  }
  const std::string stored = checksum_line.substr(9, checksum_line.size() - 10);
  std::string body = text.substr(0, last + 1);
  const std::string computed = hex64(fnv1a64(body));
  if (stored != computed) {
    why = "is corrupt: its checksum does not match its content (stored " + stored + ", computed " + computed + ")";
    return "";
  }
  return body;
}

void write_file_atomically(const std::string& path, const std::string& text, const std::string& what) {
  const std::filesystem::path target(path);
  const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : ".";
  const std::string temporary = path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "cannot write " + what + " '" + path + "'");
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t wrote = ::write(fd, text.data() + done, text.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote < 0) {
      const int error = errno;
      ::close(fd);
      write_failed(temporary, path, what, error, "");
    }
    done += static_cast<std::size_t>(wrote);
  }
  if (::fsync(fd) != 0) {
    const int error = errno;
    ::close(fd);
    write_failed(temporary, path, what, error, " (flushing to disk)");
  }
  if (::close(fd) != 0) write_failed(temporary, path, what, errno, "");
  if (::rename(temporary.c_str(), path.c_str()) != 0)
    write_failed(temporary, path, what, errno, " (renaming the new file into place)");
  // The rename itself is durable only once the folder is flushed.
  const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    const int status = ::fsync(dir);
    const int error = errno;
    ::close(dir);
    if (status != 0 && error != EINVAL)
      throw std::system_error(error, std::generic_category(), "cannot flush the folder of " + what + " '" + path + "'");
  }
}

std::string read_saved_file(const std::string& path, std::size_t max_bytes, const std::string& what) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw InputError("cannot read " + what + " '" + path + "': it is a directory");
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) throw InputError("cannot read " + what + " '" + path + "': " + std::strerror(errno));
  std::string text(max_bytes + 1, '\0');
  const std::size_t size = std::fread(text.data(), 1, text.size(), file);
  const bool failed = std::ferror(file) != 0;
  std::fclose(file);
  if (failed) throw InputError("cannot read " + what + " '" + path + "'");
  if (size > max_bytes)
    throw InputError(what + " '" + path + "' is far too large to be a sudoku-count " + what +
                     "; the file was left as it is");
  text.resize(size);
  return text;
}

void bad_saved_file(const std::string& what, const std::string& origin, const std::string& why) {
  throw InputError(what + " '" + origin + "' " + why + "; the file was left as it is");
}

std::uint64_t saved_u64(const std::string& what, const std::string& origin, const std::string& key,
                        const std::string& text) {
  const std::optional<std::uint64_t> value = parse_decimal(text);
  if (!value) bad_saved_file(what, origin, "has a bad value for " + key + ": '" + text + "'");
  return *value;
}

Shape saved_box(const std::string& what, const std::string& origin, const std::string& text) {
  try {
    return Shape::parse(text);
  } catch (const InputError& e) {
    bad_saved_file(what, origin, std::string("has a bad box: ") + e.what());
  }
}

Layout saved_layout(const std::string& what, const std::string& origin, const Shape& box, const std::string& variants,
                    const std::vector<std::string>& region_lines, const std::string& name) {
  Layout layout;
  try {
    std::string regions;
    for (const auto& line : region_lines) regions += line + "\n";
    layout = make_layout(box, variants, regions);
  } catch (const InputError& e) {
    bad_saved_file(what, origin, std::string("has a bad layout: ") + e.what());
  }
  if (!name.empty() && layout.name() != name)
    bad_saved_file(what, origin, "names layout '" + name + "' but its fields give '" + layout.name() + "'");
  return layout;
}

std::string layout_lines(const Layout& layout) {
  std::string lines;
  std::string variants;
  for (Variant v : layout.variants()) variants += (variants.empty() ? "" : ",") + std::string(variant_name(v));
  if (!variants.empty()) lines += "variants " + variants + "\n";
  std::istringstream regions(layout.regions_text());
  for (std::string line; std::getline(regions, line);) lines += "region " + line + "\n";
  return lines + "layout " + layout.name() + "\n";
}

}  // namespace sudoku_count::detail

namespace sudoku_count {

// The lock file, not the checkpoint itself: a checkpoint is replaced by
// rename at every save, and a lock on the old inode would guard nothing.
// After locking, the path must still name the inode locked: another run
// may have replaced the lock file between our open and our flock.
CheckpointLock::CheckpointLock(const std::string& path) {
  const std::string lock_path = path + ".lock";
  for (int attempt = 0; attempt < 8; ++attempt) {
    const int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    // No lock file where no checkpoint can be written either: the run goes
    // on, and its saves say what is wrong (and keep trying, as always).
    if (fd < 0) return;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      char holder[32] = {};
      const ssize_t got = ::pread(fd, holder, sizeof holder - 1, 0);
      ::close(fd);
      if (error == EWOULDBLOCK) {
        std::string pid = got > 0 ? std::string(holder, static_cast<std::size_t>(got)) : "";
        while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
        throw InputError("checkpoint '" + path + "' is in use by another run" +
                         (pid.empty() ? std::string() : " (process " + pid + ")") +
                         ", which holds its lock '" + lock_path +
                         "'; two runs must not write one checkpoint: wait for that run to end, or give this one "
                         "its own --checkpoint file; the file was left as it is");
      }
      throw InputError("cannot lock checkpoint '" + path + "': " + std::strerror(error));
    }
    struct stat held {}, named {};
    if (::fstat(fd, &held) == 0 && ::stat(lock_path.c_str(), &named) == 0 && held.st_ino == named.st_ino &&
        held.st_dev == named.st_dev) {
      // The holder's process id, for the message a second run prints.
      const std::string pid = std::to_string(::getpid()) + "\n";
      if (::ftruncate(fd, 0) == 0 && ::pwrite(fd, pid.data(), pid.size(), 0) < 0) {
        // Only the message loses the id; the lock holds.
      }
      fd_ = fd;
      return;
    }
    ::close(fd);
  }
  throw InputError("cannot lock checkpoint '" + path + "': its lock file '" + lock_path + "' keeps changing");
}

CheckpointLock::~CheckpointLock() {
  if (fd_ >= 0) ::close(fd_);
}

CheckpointLock& CheckpointLock::operator=(CheckpointLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

}  // namespace sudoku_count
