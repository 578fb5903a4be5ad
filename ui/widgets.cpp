#include "ui/widgets.hpp"

#include <imgui_internal.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>

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
  same_line_if_fits(ImGui::CalcTextSize("(?)").x);
  ImGui::TextDisabled("(?)");
  tooltip(text);
}

namespace {

// Where a line of the current window may end. A window that sizes itself to its content (the
// presentation bars) is as wide as its content was on the frame before, so wrapping at its own
// edge keeps that frame's wrapping for good (a bar of two rows, the second cut off, in a page
// whose first frames were laid out narrower): its lines may run to the display's width instead.
float line_end_x() {
  const ImGuiWindow* window = ImGui::GetCurrentWindow();
  if ((window->Flags & ImGuiWindowFlags_AlwaysAutoResize) != 0) {
    return window->Pos.x + ImGui::GetIO().DisplaySize.x - 2.0f * ImGui::GetStyle().WindowPadding.x;
  }
  return window->Pos.x + ImGui::GetWindowContentRegionMax().x;
}

}  // namespace

void same_line_if_fits(float width) {
  // Where SameLine would put the next item: after the last one, an item spacing apart.
  const float right = line_end_x();
  const float x = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x;
  if (x + width <= right) ImGui::SameLine();
}

float field_width_beside(const char* label, float em) {
  const float room = ImGui::GetContentRegionAvail().x - labelled_width(0.0f, label);
  return std::clamp(room, 4.0f * ImGui::GetFontSize(), em * ImGui::GetFontSize());
}

float labelled_width(float field_width, const char* label) {
  return field_width + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

bool begin_wide_table(const char* id, int columns, int rows, bool header, float row_height, ImGuiTableFlags extra) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float text_row = ImGui::GetTextLineHeight() + 2.0f * style.CellPadding.y;
  const float row = row_height > 0.0f ? row_height + 2.0f * style.CellPadding.y : text_row;
  const float height = static_cast<float>(rows) * row + (header ? text_row : 0.0f) + style.ScrollbarSize + 2.0f;
  const ImGuiTableFlags flags =
      ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX | ImGuiTableFlags_RowBg | extra;
  return ImGui::BeginTable(id, columns, flags, ImVec2(0.0f, height));
}

float checkbox_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + 2.0f * ImGui::GetStyle().FramePadding.x;
}

namespace {
layout_findings* findings_sink = nullptr;  // a test's, while it collects
}  // namespace

void collect_layout_findings(layout_findings* findings) {
  findings_sink = findings;
}

void check_text_fits(const char* what, float text_width, float room) {
  if (findings_sink == nullptr || text_width <= room + 0.5f) return;
  char sizes[64];
  std::snprintf(sizes, sizeof sizes, " (%.0f px of text in %.0f px)", text_width, room);
  findings_sink->cut.push_back(std::string(what) + sizes);
}

void report_plot_height(const char* id, float data_height) {
  if (findings_sink != nullptr) findings_sink->plots.push_back({id, data_height, ImGui::GetFontSize()});
}

void colored_text_wrapped(const ImVec4& color, const char* format, ...) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  va_list args;
  va_start(args, format);
  ImGui::TextWrappedV(format, args);
  va_end(args);
  ImGui::PopStyleColor();
}

void disabled_text_wrapped(const char* format, ...) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  va_list args;
  va_start(args, format);
  ImGui::TextWrappedV(format, args);
  va_end(args);
  ImGui::PopStyleColor();
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
