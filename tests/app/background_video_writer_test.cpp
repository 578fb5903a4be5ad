// The screen recorder's encoder thread (app/background_video_writer.hpp) against what the
// inner writer it feeds actually received: every frame, whole and in order, although the
// caller reuses one buffer; a slow encoder makes the caller wait instead of dropping
// frames; a failing frame is reported with its number and ends the recording (nothing
// finished); a writer destroyed before finish() leaves the inner writer unfinished.
// Runs under ThreadSanitizer (a threaded test).
#include "app/background_video_writer.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace {
using namespace framelab;

constexpr std::size_t frame_bytes = 4 * 8 * 6;  // an 8x6 RGBA frame

// What the inner writer saw, kept beyond its life.
struct inner_log {
  std::mutex mutex;
  std::vector<std::vector<unsigned char>> frames;
  int finished = 0;
  bool destroyed = false;
};

// An inner writer that keeps copies of its frames; it can be slow and can fail one frame.
class logging_writer final : public video_writer {
 public:
  logging_writer(std::shared_ptr<inner_log> log, std::chrono::milliseconds delay, int failing_frame)
      : log_(std::move(log)), delay_(delay), failing_frame_(failing_frame) {}
  ~logging_writer() override {
    std::lock_guard lock(log_->mutex);
    log_->destroyed = true;
  }
  std::optional<std::string> add_frame(const unsigned char* rgba) override {
    std::this_thread::sleep_for(delay_);
    std::lock_guard lock(log_->mutex);
    log_->frames.emplace_back(rgba, rgba + frame_bytes);
    if (static_cast<int>(log_->frames.size()) == failing_frame_) return "disk full";
    return std::nullopt;
  }
  std::optional<std::string> finish() override {
    std::lock_guard lock(log_->mutex);
    ++log_->finished;
    return std::nullopt;
  }
  int frames_written() const override {
    std::lock_guard lock(log_->mutex);
    return static_cast<int>(log_->frames.size());
  }

 private:
  std::shared_ptr<inner_log> log_;
  std::chrono::milliseconds delay_;
  int failing_frame_;
};

// Frame k's pixels: every byte depends on k and on its place.
std::vector<unsigned char> frame_pixels(int k) {
  std::vector<unsigned char> pixels(frame_bytes);
  for (std::size_t i = 0; i < frame_bytes; ++i) pixels[i] = static_cast<unsigned char>(31 * k + 7 * i);
  return pixels;
}

std::unique_ptr<background_video_writer> writer_over(const std::shared_ptr<inner_log>& log,
                                                     std::chrono::milliseconds delay = {}, int failing_frame = -1) {
  return std::make_unique<background_video_writer>(std::make_unique<logging_writer>(log, delay, failing_frame),
                                                   frame_bytes, 3);
}

TEST(background_video_writer, every_frame_arrives_whole_and_in_order_from_one_reused_buffer) {
  for (const auto delay : {std::chrono::milliseconds(0), std::chrono::milliseconds(2)}) {
    auto log = std::make_shared<inner_log>();
    auto writer = writer_over(log, delay);
    std::vector<unsigned char> buffer;
    const int frames = 40;
    for (int k = 0; k < frames; ++k) {
      buffer = frame_pixels(k);  // the caller's one buffer, overwritten at once
      ASSERT_FALSE(writer->add_frame(buffer.data())) << "frame " << k;
    }
    EXPECT_EQ(writer->frames_written(), frames);
    ASSERT_FALSE(writer->finish());
    std::lock_guard lock(log->mutex);
    EXPECT_EQ(log->finished, 1);
    ASSERT_EQ(log->frames.size(), std::size_t(frames)) << "a slow encoder must not lose frames";
    for (int k = 0; k < frames; ++k) EXPECT_EQ(log->frames[k], frame_pixels(k)) << "frame " << k;
  }
}

TEST(background_video_writer, a_failing_frame_is_named_and_ends_the_recording) {
  auto log = std::make_shared<inner_log>();
  auto writer = writer_over(log, std::chrono::milliseconds(1), 5);
  std::optional<std::string> error;
  int added = 0;
  for (; added < 50 && !error; ++added) {
    const auto pixels = frame_pixels(added);
    error = writer->add_frame(pixels.data());
  }
  ASSERT_TRUE(error) << "the failure of frame 5 must reach the caller";
  EXPECT_EQ(*error, "frame 5: disk full");
  EXPECT_LE(added, 5 + 3 + 2) << "it surfaces once the queue (3 frames) is behind it";
  const auto at_finish = writer->finish();
  ASSERT_TRUE(at_finish);
  EXPECT_EQ(*at_finish, "frame 5: disk full");
  std::lock_guard lock(log->mutex);
  EXPECT_EQ(log->finished, 0) << "a failed recording is not finished";
  EXPECT_EQ(log->frames.size(), 5u) << "nothing is written after the failing frame";
}

TEST(background_video_writer, a_failure_also_surfaces_at_finish) {
  auto log = std::make_shared<inner_log>();
  auto writer = writer_over(log, std::chrono::milliseconds(0), 2);
  const auto pixels = frame_pixels(0);
  ASSERT_FALSE(writer->add_frame(pixels.data()));
  (void)writer->add_frame(pixels.data());  // frame 2 fails on the encoder's thread, maybe later
  const auto error = writer->finish();
  ASSERT_TRUE(error);
  EXPECT_EQ(*error, "frame 2: disk full");
}

TEST(background_video_writer, destroyed_before_finish_it_drops_the_queue_and_finishes_nothing) {
  auto log = std::make_shared<inner_log>();
  {
    auto writer = writer_over(log, std::chrono::milliseconds(100));
    for (int k = 0; k < 3; ++k) {
      const auto pixels = frame_pixels(k);
      ASSERT_FALSE(writer->add_frame(pixels.data()));
    }
  }
  std::lock_guard lock(log->mutex);
  EXPECT_TRUE(log->destroyed) << "the inner writer removes its unfinished file when destroyed";
  EXPECT_EQ(log->finished, 0);
  EXPECT_LT(log->frames.size(), 3u) << "queued frames are dropped, not encoded";
}

}  // namespace
