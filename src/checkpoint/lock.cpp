// CheckpointLock (checkpoint.hpp): one run writes a saved file at a time.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/error.hpp"

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
                         "its own {checkpoint} file; the file was left as it is");
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
