// File > Record: the dialog offers a dated default name, Esc closes it without asking
// for a recording, and the REC clock reads mm:ss. (The recording itself is the app's:
// tests/app/video_writer_test.cpp, tests/gui/record_test.cpp.)
#include "ui/record_dialog.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <regex>

#include "tests/ui/headless_ui.hpp"

namespace framelab {
namespace {

class record_dialog : public headless_ui_test {
 protected:
  void SetUp() override {
    headless_ui_test::SetUp();
    load("carousel");
  }
  bool dialog_showing() {
    ImGuiWindow* popup = ImGui::FindWindowByName("Record");
    return popup != nullptr && popup->Active;
  }
};

TEST_F(record_dialog, opens_with_a_dated_default_name_and_esc_closes_it_without_recording) {
  state_.recording.open_dialog = true;
  frame();
  frame();
  EXPECT_TRUE(dialog_showing());
  EXPECT_TRUE(state_.dialog_open);
  EXPECT_TRUE(std::regex_match(state_.recording.dialog_path, std::regex(R"(framelab-carousel-\d{8}-\d{6}\.mp4)")))
      << state_.recording.dialog_path;

  ui::apply_shortcut(state_, ui::shortcut::escape);  // what the app does on Esc
  EXPECT_FALSE(state_.quit_requested);
  frame();
  frame();
  EXPECT_FALSE(dialog_showing());
  EXPECT_FALSE(state_.dialog_open);
  EXPECT_TRUE(state_.recording.start_path.empty());
}

TEST(recording_clock, reads_minutes_and_seconds) {
  EXPECT_EQ(ui::recording_clock(0.0), "00:00");
  EXPECT_EQ(ui::recording_clock(59.99), "00:59");
  EXPECT_EQ(ui::recording_clock(61.0), "01:01");
  EXPECT_EQ(ui::recording_clock(3600.0), "60:00");
  EXPECT_EQ(ui::recording_clock(-1.0), "00:00");
}

}  // namespace
}  // namespace framelab
