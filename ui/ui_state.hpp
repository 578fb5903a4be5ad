#pragma once
// The state the ImGui panels share: which panels are open, the selection, the
// parameter panel's working copy, messages; and each panel's own state (panel_state<T>),
// so that nothing a panel remembers lives in a static and two ui_states are independent.
// The panels drive a framelab::simulation and reach the renderer's camera only through
// camera_link (docs/design.md: ui depends on render only through a narrow interface).
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "core/scene_view.hpp"
#include "scenes/simulation.hpp"
#include "ui/panel_store.hpp"
#include "ui/stage_area.hpp"
#include "ui/stage_hiding.hpp"

namespace framelab::ui {

// Keyboard commands; the app maps keys to these (Space, '.', R, F1, Esc, Tab, F11,
// Ctrl+= / Ctrl+- / Ctrl+0).
enum class shortcut {
  toggle_pause,
  single_step,
  reset,
  toggle_help,
  escape,
  toggle_presentation,
  toggle_fullscreen,
  larger_ui,
  smaller_ui,
  default_ui_size,
};

struct benchmarks_state;  // ui/benchmarks_panel.hpp

// Who moves the camera besides the user: presentation mode's framing and follow
// (automatic), nobody (a preset's or a script's own camera: fixed), or a named node the
// target stays on (follow), turning with it about +y (ride), or nobody because the
// lecturer orbited, panned, zoomed or focused while presenting (user: fixed until
// presentation mode is entered again or the scene changes). The app carries it out.
enum class camera_mode { automatic, fixed, follow, ride, user };

struct camera_link {
  camera_mode mode = camera_mode::automatic;
  std::string node;  // follow, ride: the node's name
  std::vector<std::string> focus;  // a script's `camera focus NAME...` (empty: the scene's own)
  std::function<camera_setup()> get;
  std::function<void(const camera_setup&)> set;
  // Where the mouse ray meets the ground plane y = 0 (world, m); nothing when the
  // mouse is over a panel or the ray misses the plane.
  std::function<std::optional<glm::dvec3>()> cursor_on_ground;
  // Aims the camera at the scene's bodies, keeping its direction (presentation mode).
  std::function<void()> frame_scene;
  // The scene's starting camera until anything else moves the camera: the app backs it off
  // whenever the stage's free area changes, so that no panel covers what it shows
  // (render::backed_off_to_fit); start_camera sets it.
  struct starting_camera {
    camera_setup scene;   // as the scene, its file or a preset placed it
    camera_setup placed;  // the camera as last set from it
    screen_rect free;     // the free area it was backed off for (empty: none yet)
  };
  std::optional<starting_camera> starting;
};

// Which panels are open (saved in the settings; hidden and restored by presentation mode).
struct panel_visibility {
  bool browser = true;
  bool transport = true;
  bool parameters = true;
  bool tree = true;
  bool plots = true;
  bool benchmarks = false;
};

// File > Record and the script's `record` command ask; the app carries it out (it owns
// the encoder: app/screen_recorder.hpp) and says what is happening. The ui never calls
// the encoder itself (docs/design.md: ui does not depend on app).
struct recording_link {
  std::string start_path;      // ui: start recording into this file (.mp4, .gif) or folder/
  bool stop = false;           // ui: finish the running recording
  bool active = false;         // app: a recording is running
  double seconds = 0.0;        // app: video time recorded so far
  bool show_indicator = true;  // app: "REC mm:ss" in the menu bar (off in rehearsed runs: clean demo videos)
  bool open_dialog = false;    // File > Record... asked for the dialog
  std::string dialog_path;     // the dialog's path field
  // app: the videos this build records (the page: .webm through the browser, PNG folders)
  std::string video_extension = ".mp4";  // the dialog's default
  std::string video_formats = "Record into (.mp4, .gif, .webm, or a folder/ for PNGs):";
  // The next recording shows the stage (presentation mode without its transport bar: the
  // scene, readouts and captions) rather than the whole window. `framelab record` and
  // File > Record choose it by default; a script's `record start FILE` records the window,
  // `record start FILE stage` the stage.
  bool stage_view = false;
  bool dialog_stage_view = true;      // the dialog's choice
  bool entered_presentation = false;  // app: the recording turned presentation mode on (and turns it off)
  // app: status messages held back while recording (no text of framelab's own in the
  // picture), shown when it ends.
  std::string held_message;
  bool held_is_error = false;
};

struct ui_state {
  simulation* sim = nullptr;

  bool show_browser = true;
  bool show_transport = true;
  bool show_parameters = true;
  bool show_tree = true;
  bool show_plots = true;
  bool show_help = false;
  bool show_benchmarks = false;

  int selected_node = -1;

  // View: the interface scale in percent (ui/ui_scale.hpp; the app rebuilds the fonts
  // when it changes) and fullscreen (the app applies it to the window).
  int ui_scale_percent = 100;
  bool fullscreen = false;
  std::optional<std::pair<int, int>> window_size_request;  // width, height: the app resizes the window
  bool relayout_panels = false;  // put every panel back in its default place next frame
  // Presentation mode (ui/presentation.hpp): while on, what to restore when it ends.
  struct layout_memory {
    panel_visibility panels;
    bool help = false;
    camera_setup camera;
  };
  std::optional<layout_memory> before_presentation;
  // Presentation mode: channels plotted against time, large, beside the 3D view (a
  // script's `plot CHANNEL...`; empty: none); one plot per unit.
  std::vector<std::string> stage_plot;
  // What a script hid from the stage for the class to predict (ui/stage_hiding.hpp).
  stage_hiding hidden;
  // Presentation mode's windows drawn this frame (readouts, plot, transport bar), in
  // pixels: the labels in the 3D view keep off them.
  using screen_rect = ui::screen_rect;
  std::vector<screen_rect> stage_overlays;
  // This frame's stage (ui/stage_area.hpp): where the 3D view is centred and framed, set
  // by draw_ui from the panels' layout or presentation mode's plot; empty before the
  // first frame (the app then uses the whole window).
  stage_viewport stage;
  // The split stage (ui/split_stage.hpp): the node a second observer rides, shown beside
  // the world's view (empty: one stage), and this frame's second half when it shows.
  std::string split_frame;
  std::optional<stage_viewport> second_stage;
  // Presentation mode: the top edge of the transport bar (px; the window's height when no
  // bar is drawn), so that the lesson's caption sits above it however many rows it has.
  float transport_bar_top = 0.0f;

  // A lesson being played (app/gui_script.hpp): its caption, shown in a box at the
  // bottom of the window, and whether it waits for the lecturer (Space or Next).
  struct lesson_state {
    std::string title;  // empty: no lesson
    std::string caption;
    bool waiting = false;
    bool stop_requested = false;
  } lesson;
  // The lessons offered by the Lessons menu (files, found by the app: the shipped ones,
  // then the user's own from user_lessons_folder), and the one the user picked (there or
  // with File > Open lesson); the app starts it.
  std::vector<std::string> lesson_files;
  std::string user_lessons_folder;  // empty: no usable folder
  std::string lesson_to_start;
  bool open_lesson_dialog = false;
  std::string lesson_path;  // File > Open lesson's path field

  // Parameters panel: the values being edited and a message per rejected field.
  param_values edited;
  std::map<std::string, std::string> field_errors;

  // Plots panel: which channels are drawn, and the x axis.
  std::vector<bool> plotted;
  bool plot_log_x = false;
  double plot_window_s = 20.0;  // seconds of history shown (0: all)

  // Status line: the last thing that happened, or went wrong.
  std::string message;
  bool message_is_error = false;

  // File > Open recent: scene names or preset files, most recent first (ui/settings.hpp
  // keeps them between runs).
  std::vector<std::string> recent_scenes;

  // Preset load/save dialogs.
  std::string preset_path;
  std::string scene_file_path;  // File > Open scene's path field
  bool open_load_dialog = false;
  bool open_save_dialog = false;
  bool open_scene_dialog = false;  // File > Open scene: the same dialog, for world scene files
  // The shipped world scene files (assets/worlds, found by the app) the Scenes panel lists.
  std::vector<std::string> world_files;
  bool dialog_open = false;   // a dialog is showing (set by the dialog code)
  bool close_dialog = false;  // Esc asked the open dialog to close

  recording_link recording;

  // File > Copy link (the app makes the link: app/share_link.hpp) and, where the host has its
  // own file picker (the browser), File > Open file...; the app carries both out.
  bool copy_link_requested = false;
  bool host_file_picker = false;  // app: File > Open file... is offered
  bool pick_file_requested = false;

  bool quit_requested = false;
  double frame_ms = 0.0;  // mean frame time, measured by the app
  camera_link camera;

  // The Benchmarks panel's state, made on first use. Its runner cancels and joins a
  // running benchmark when this state is destroyed (the app closing).
  std::shared_ptr<benchmarks_state> benchmarks;

  // A panel's private state (its struct defined in its own .cpp), made on first use and
  // kept as long as this ui_state: e.g. state.panel_state<ride_camera>().
  template <class T>
  T& panel_state() {
    return panels.get<T>();
  }
  panel_store panels;
};

// Draws the main menu bar and every open panel. Call between NewFrame and Render.
void draw_ui(ui_state& state);

// Carries out a keyboard command (the app calls it when ImGui does not want the keyboard).
void apply_shortcut(ui_state& state, shortcut command);

// Loads a scene by name or preset file into the simulation; on failure the running
// scene is untouched and the message names the problem. Returns true on success.
bool open_scene(ui_state& state, const std::string& name_or_file);

// Puts the camera where a scene starts it (its own, its file's or a preset's) and remembers that
// camera as the starting one (camera_link::starting).
void start_camera(ui_state& state, const camera_setup& setup);

// Sets one parameter of the running scene from its text form, "name=value" (as
// `framelab sim --set`), and restarts the scene as the Parameters panel does. On error
// nothing changes and the reason names the parameter and the scene.
std::optional<std::string> set_scene_parameter(ui_state& state, const std::string& assignment);

// Re-reads parameters, channels and selection after the simulation changed scene.
void sync_with_simulation(ui_state& state);

void set_message(ui_state& state, std::string text, bool is_error);

// A lesson's name from its file: "tennis-racket-flip.lesson" -> "tennis racket flip".
std::string lesson_name(const std::string& file);

// The lecturer goes on with a paused lesson (Space or the caption's Next button).
void continue_lesson(ui_state& state);

// The open panels, and opening/closing them all at once.
panel_visibility visible_panels(const ui_state& state);
void show_panels(ui_state& state, const panel_visibility& panels);

// A setting a panel changed on the running scene (no reset): recorded as the parameter's
// value, so that a reset or a saved preset keeps it, and shown in the Parameters panel;
// the status line says what happened.
void record_live_setting(ui_state& state, const std::string& name, const param_value& value);

}  // namespace framelab::ui
