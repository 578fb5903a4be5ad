#include "app/background_video_writer.hpp"

#include <cstring>
#include <system_error>
#include <utility>

namespace framelab {

background_video_writer::background_video_writer(std::unique_ptr<video_writer> inner, std::size_t frame_bytes,
                                                 std::size_t depth)
    : inner_(std::move(inner)), frame_bytes_(frame_bytes), depth_(depth > 0 ? depth : 1) {
  try {
    encoder_ = std::thread([this] { encode_queued_frames(); });
  } catch (const std::system_error&) {
    // no thread: add_frame encodes on the caller's
  }
}

background_video_writer::~background_video_writer() {
  stop_encoder(true);
}

std::optional<std::string> background_video_writer::add_frame(const unsigned char* rgba_bottom_up) {
  if (!encoder_.joinable()) {
    if (error_) return error_;
    if ((error_ = inner_->add_frame(rgba_bottom_up))) return error_;
    ++accepted_;
    return std::nullopt;
  }
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return queued_.size() < depth_ || error_; });
  if (error_) return error_;
  frame pixels = spare_frame();
  lock.unlock();
  std::memcpy(pixels.data(), rgba_bottom_up, frame_bytes_);  // outside the lock: the encoder goes on
  lock.lock();
  queued_.push_back(std::move(pixels));
  ++accepted_;
  changed_.notify_all();
  return std::nullopt;
}

std::optional<std::string> background_video_writer::finish() {
  stop_encoder(false);
  if (error_) return error_;
  return inner_->finish();
}

int background_video_writer::frames_written() const {
  std::lock_guard lock(mutex_);
  return accepted_;
}

// The encoder thread: writes queued frames in order until closed and empty, or until a
// frame fails.
void background_video_writer::encode_queued_frames() {
  int written = 0;
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return !queued_.empty() || closing_; });
    if (queued_.empty()) return;  // closing, everything written
    frame pixels = std::move(queued_.front());
    queued_.pop_front();
    lock.unlock();
    std::optional<std::string> error = inner_->add_frame(pixels.data());
    lock.lock();
    spare_.push_back(std::move(pixels));
    ++written;
    if (error) {
      error_ = "frame " + std::to_string(written) + ": " + *error;
      queued_.clear();
      changed_.notify_all();
      return;
    }
    changed_.notify_all();
  }
}

// Under the lock: a buffer for the next frame, a written frame's or a new one (at most
// depth + 2 exist: the queued ones, the one being encoded, the one being filled).
background_video_writer::frame background_video_writer::spare_frame() {
  if (spare_.empty()) return frame(frame_bytes_);
  frame pixels = std::move(spare_.back());
  spare_.pop_back();
  return pixels;
}

// Lets the encoder write what is queued (or drops it) and waits for it to end.
void background_video_writer::stop_encoder(bool drop_queued) {
  if (!encoder_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    if (drop_queued) queued_.clear();
    closing_ = true;
  }
  changed_.notify_all();
  encoder_.join();
}

}  // namespace framelab
