// A recording of the stage shows the lesson's words but no framelab control: the caption
// box loses its Next and End lesson row (ui/lesson_caption.cpp), the transport bar is not
// drawn (ui/presentation.cpp); out of a recording both are there.
#include <imgui_internal.h>

#include "tests/ui/headless_ui.hpp"
#include "ui/presentation.hpp"

namespace framelab {
namespace stage_recording_controls_test {

class stage_recording : public headless_ui_test {
 protected:
  // The caption box's height after the frames auto-resizing takes.
  float caption_height() {
    for (int i = 0; i < 3; ++i) frame();
    ImGuiWindow* caption = ImGui::FindWindowByName("##lesson_caption");
    return caption != nullptr && caption->Active ? caption->Size.y : 0.0f;
  }
  bool transport_bar_drawn() {
    ImGuiWindow* bar = ImGui::FindWindowByName("##presentation_transport");
    return bar != nullptr && bar->Active;
  }
};

TEST_F(stage_recording, shows_the_caption_without_its_buttons_or_the_transport_bar) {
  load("carousel");
  ui::enter_presentation(state_);
  state_.lesson.title = "carousel-coriolis";
  state_.lesson.caption = "Predict the path.";
  state_.lesson.waiting = true;
  const float with_buttons = caption_height();
  ASSERT_GT(with_buttons, 0.0f);
  EXPECT_TRUE(transport_bar_drawn());
  state_.recording.active = true;
  state_.recording.stage_view = true;
  const float recorded = caption_height();
  ASSERT_GT(recorded, 0.0f) << "the words are still shown";
  EXPECT_LE(recorded, with_buttons - ImGui::GetFrameHeight()) << "a row of buttons is still there";
  EXPECT_FALSE(transport_bar_drawn());
  state_.recording.stage_view = false;  // a recording of the whole window shows the controls
  EXPECT_EQ(caption_height(), with_buttons);
}

}  // namespace stage_recording_controls_test
}  // namespace framelab
