#include "ui/widgets.hpp"

#include <cstdarg>

namespace framelab::ui {

void tooltip(const char* text) {
  if (ImGui::IsItemHovered() && text != nullptr && text[0] != '\0') {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

bool button(const char* label, const char* tooltip_text, const ImVec2& size) {
  const bool clicked = ImGui::Button(label, size);
  tooltip(tooltip_text);
  return clicked;
}

void help_marker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  tooltip(text);
}

void same_line_if_fits(float width) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  ImGui::SameLine();
  if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
}

float labelled_width(float field_width, const char* label) {
  return field_width + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

void error_text(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, error_color);
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

ImFont* font_for(font_role role) {
  const ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  const int index = static_cast<int>(role);
  return index < atlas.Fonts.Size ? atlas.Fonts[index] : ImGui::GetFont();
}

void numbers_text(const char* format, ...) {
  ImGui::PushFont(font_for(font_role::numbers));
  va_list args;
  va_start(args, format);
  ImGui::TextV(format, args);
  va_end(args);
  ImGui::PopFont();
}

}  // namespace framelab::ui
