#pragma once
// A video_writer that encodes on its own thread (the screen recorder's: app/screen_recorder.hpp).
// add_frame copies the frame into a queue and returns, so the window keeps drawing while
// ffmpeg or the PNG encoder works on the other core; it waits only when the encoder is
// `depth` frames behind (a recording keeps every frame, so none is dropped).
//
// The inner writer's failure surfaces at the next add_frame or at finish(), naming the
// frame that failed; the recording is then abandoned (nothing is left under its path).
// finish() writes every queued frame first. Destroyed before finish(), the writer drops
// what is queued and the inner writer removes what it wrote. A thread that cannot be
// started leaves the encoding to the caller's thread, frame by frame, as before.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/video_writer.hpp"

namespace framelab {

class background_video_writer final : public video_writer {
 public:
  // frame_bytes: one frame's size (width * height * 4); depth >= 1 frames may wait.
  background_video_writer(std::unique_ptr<video_writer> inner, std::size_t frame_bytes, std::size_t depth = 3);
  ~background_video_writer() override;

  std::optional<std::string> add_frame(const unsigned char* rgba_bottom_up) override;
  std::optional<std::string> finish() override;
  // Frames accepted (queued or written).
  int frames_written() const override;

 private:
  using frame = std::vector<unsigned char>;
  void encode_queued_frames();
  frame spare_frame();
  void stop_encoder(bool drop_queued);

  std::unique_ptr<video_writer> inner_;
  const std::size_t frame_bytes_;
  const std::size_t depth_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<frame> queued_;
  std::vector<frame> spare_;  // written frames' buffers, reused
  std::optional<std::string> error_;
  bool closing_ = false;
  int accepted_ = 0;
  std::thread encoder_;  // not joinable: encoding on the caller's thread
};

}  // namespace framelab
