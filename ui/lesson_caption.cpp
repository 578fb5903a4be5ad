#include <imgui.h>

#include "ui/panels.hpp"
#include "ui/presentation.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

void continue_lesson(ui_state& state) {
  state.lesson.waiting = false;
}

// The lesson's caption in a box at the bottom centre, above the presentation bar, with
// Next while the lesson waits and Stop while a lesson plays (not in a recording of the stage).
void draw_lesson_caption(ui_state& state) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float font = ImGui::GetFontSize();
  const float above = presenting(state) ? display.y - state.transport_bar_top + 0.5f * font : 0.5f * font;
  ImGui::SetNextWindowPos(ImVec2(0.5f * display.x, display.y - above), ImGuiCond_Always, ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(stage_fraction * display.x, 0.0f),
                                      ImVec2(stage_fraction * display.x, display.y));
  ImGui::SetNextWindowBgAlpha(0.85f);
  constexpr ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove;
  if (ImGui::Begin("##lesson_caption", nullptr, flags)) {
    if (!state.lesson.title.empty()) ImGui::TextDisabled("Lesson: %s", state.lesson.title.c_str());
    // the words the class reads: larger than the controls, and on the stage at least as large as its readouts
    ImFont* stage = font_for(font_role::stage);
    const bool stage_larger = presenting(state) && stage->FontSize > caption_font()->FontSize;
    ImGui::PushFont(stage_larger ? stage : caption_font());
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(state.lesson.caption.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopFont();
    if (recording_the_stage(state)) {  // the recording shows the words, not the buttons (the keys still work)
      ImGui::End();
      return;
    }
    if (state.lesson.waiting) {
      if (button("Next (Space)", "Go on with the lesson")) continue_lesson(state);
      ImGui::SameLine();
    }
    if (!state.lesson.title.empty() && button("End lesson", "Stop the lesson and close this caption")) {
      state.lesson.stop_requested = true;
    }
  }
  ImGui::End();
}

}  // namespace framelab::ui
