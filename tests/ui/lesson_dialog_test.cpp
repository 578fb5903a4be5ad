// File > Open lesson: the dialog starts in the user's lessons folder; a path that names no
// file is refused in the dialog (nothing starts); a real file is handed to the app, which
// checks and plays it (app/lesson_runner.hpp); Esc closes the dialog without starting one.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/ui/headless_ui.hpp"

namespace framelab {
namespace {

class lesson_dialog : public headless_ui_test {
 protected:
  void SetUp() override {
    headless_ui_test::SetUp();
    load("carousel");
    state_.user_lessons_folder = "/home/lecturer/.local/share/framelab/lessons";
  }
  bool dialog_showing() {
    ImGuiWindow* popup = ImGui::FindWindowByName("Open lesson");
    return popup != nullptr && popup->Active;
  }
  // The centre of the dialog's first button ("Play"), found on the drawn window.
  ImVec2 play_button() {
    ImGuiWindow* popup = ImGui::FindWindowByName("Open lesson");
    const float line = ImGui::GetFrameHeightWithSpacing();
    // Hint line, path field, then the buttons' row.
    return ImVec2(
        popup->Pos.x + popup->WindowPadding.x + 2.0f * ImGui::GetFontSize(),
        popup->Pos.y + popup->TitleBarHeight() + popup->WindowPadding.y + 2.0f * line + 0.5f * ImGui::GetFrameHeight());
  }
};

TEST_F(lesson_dialog, starts_in_the_users_lessons_folder_and_esc_closes_it_without_a_lesson) {
  state_.open_lesson_dialog = true;
  frame();
  frame();
  EXPECT_TRUE(dialog_showing());
  EXPECT_EQ(state_.lesson_path, state_.user_lessons_folder + "/");
  ui::apply_shortcut(state_, ui::shortcut::escape);
  frame();
  frame();
  EXPECT_FALSE(dialog_showing());
  EXPECT_TRUE(state_.lesson_to_start.empty());
}

TEST_F(lesson_dialog, play_refuses_a_missing_file_and_hands_a_real_one_to_the_app) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("framelab_dialog_" + std::to_string(::getpid()) + ".lesson");
  state_.lesson_path = (file.string() + ".missing");
  state_.open_lesson_dialog = true;
  frame();
  frame();
  ASSERT_TRUE(dialog_showing());
  click(play_button());
  EXPECT_TRUE(dialog_showing()) << "a missing file closed the dialog";
  EXPECT_TRUE(state_.lesson_to_start.empty());
  EXPECT_NE(state_.message.find("no file"), std::string::npos) << state_.message;

  std::ofstream(file) << "say hello\n";
  state_.lesson_path = file.string();
  click(play_button());
  frame();
  EXPECT_EQ(state_.lesson_to_start, file.string());
  EXPECT_FALSE(dialog_showing());
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace framelab
