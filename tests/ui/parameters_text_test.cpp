// A text parameter in the Parameters panel, headless: typed text is applied on Enter
// (the vector-field scene's typed field, vy); a text the scene refuses leaves the
// running scene as it was and shows the parser's message next to the field.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <optional>
#include <string>

#include "scenes/registry.hpp"
#include "scenes/vector_field.hpp"
#include "tests/ui/headless_ui.hpp"

namespace framelab {
namespace {

// Key slots of ImGui 1.86's io.KeysDown for the keys the text field reads.
constexpr int enter_key = 1, a_key = 2;

class parameters_text : public headless_ui_test {
 protected:
  void SetUp() override {
    headless_ui_test::SetUp();
    ImGuiIO& io = ImGui::GetIO();
    io.KeyMap[ImGuiKey_Enter] = enter_key;
    io.KeyMap[ImGuiKey_A] = a_key;
    param_values values = param_values::defaults(find_scene("vector-field")->create()->parameters());
    values.set("field", std::string("expression"));
    load("vector-field", values);
    frame();
    frame();
    // room below the panel's default place, so every field is on screen
    ImGuiWindow* w = panel();
    ASSERT_NE(w, nullptr);
    ImGui::SetWindowSize(w, ImVec2(w->Size.x, ImGui::GetIO().DisplaySize.y - w->Pos.y - 4.0f));
    frame();
  }

  ImGuiWindow* panel() { return ImGui::FindWindowByName("Parameters"); }
  const vector_field& scene() { return dynamic_cast<const vector_field&>(sim_.current()); }

  // Finds the parameter's widget by hovering down the panel's left column.
  std::optional<ImVec2> find_field(const std::string& name) {
    ImGuiWindow* w = panel();
    const ImGuiID id = ImHashStr((name + "##param").c_str(), 0, w->ID);
    const float x = w->DC.CursorStartPos.x + 20.0f;
    for (float y = w->DC.CursorStartPos.y; y < w->Pos.y + w->Size.y; y += 4.0f) {
      frame(ImVec2(x, y), false);
      frame(ImVec2(x, y), false);
      if (ImGui::GetCurrentContext()->HoveredIdPreviousFrame == id) return ImVec2(x, y);
    }
    return std::nullopt;
  }

  // Clicks the field, replaces its text (Ctrl+A, then the characters) and presses Enter.
  void type_into(ImVec2 field, const char* text) {
    click(field);
    ImGuiIO& io = ImGui::GetIO();
    io.KeyCtrl = true;
    io.KeysDown[a_key] = true;
    frame(field, false);
    io.KeyCtrl = false;
    io.KeysDown[a_key] = false;
    io.AddInputCharactersUTF8(text);
    frame(field, false);
    io.KeysDown[enter_key] = true;
    frame(field, false);
    io.KeysDown[enter_key] = false;
    frame(field, false);
  }
};

TEST_F(parameters_text, enter_applies_typed_text_and_a_refused_text_says_why_next_to_the_field) {
  const auto vy = find_field("vy");
  ASSERT_TRUE(vy.has_value());

  type_into(*vy, "x^");
  EXPECT_EQ(state_.edited.text("vy"), "x^");  // kept in the field, to be corrected
  EXPECT_EQ(sim_.parameters().text("vy"), std::string(planar_field::van_der_pol_vy));  // the scene is untouched
  EXPECT_EQ(scene().field().vy_text, std::string(planar_field::van_der_pol_vy));
  ASSERT_EQ(state_.field_errors.count("vy"), 1u);
  EXPECT_EQ(state_.field_errors.at("vy"), "Rejected: vy: col 3: unexpected end of expression");

  type_into(*vy, "-x - y");
  EXPECT_EQ(sim_.parameters().text("vy"), "-x - y");
  EXPECT_EQ(scene().field().vy_text, "-x - y");
  EXPECT_EQ(scene().velocity({2.0, 1.0}), glm::dvec2(1.0, -3.0));
  EXPECT_EQ(state_.field_errors.count("vy"), 0u);
  EXPECT_FALSE(state_.message_is_error) << state_.message;
}

}  // namespace
}  // namespace framelab
