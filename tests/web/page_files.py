"""The page's browser equivalents of the desktop's files, driven in headless Chromium
(cdp_browser.py) as a user drives them: the File menu clicked with the mouse, the browser's file
chooser answered with a file, a file dropped on the canvas, saved files arriving as downloads.
What the page did is read from its status line, which it also writes to the console
("framelab: status: ...", app/platform/web.cpp), and from the files it hands over:
  open-file   File > Open file... with the Foucault file edited (latitude -33.9): "Loaded" it;
              File > Save scene downloads it, and that download run by the native
              `framelab sim` gives the edited file's first CSV rows (compare_sim's tolerance)
  drop-file   the same file dropped: "Loaded"; File > Save preset... > Save downloads a preset
              naming it with latitude -33.9, which (its scene pointed at the edited file here)
              the native `framelab sim` runs to the same first rows
  drop-bad    a malformed file dropped: the status line says what the native build says of it
              (file:line:column: key), and the running scene goes on drawing frames
  drop-big    a file over 4 MiB dropped: refused with its size, and the scene goes on
Each case: (name, function(tab, downloads, shots) -> problems), the tab on the carousel with its
panels, its downloads going into the folder `downloads`."""
import json
import os
import re
import subprocess
import time

import page_test as pages
from cdp_browser import BrowserError

FILE_MENU = ["Open file...", "Open scene...", "Load preset...", "Open recent", "Save scene", "Save preset...",
             "Open lesson...", "Record...", "Copy link", "Quit"]  # ui/main_menu.cpp's, in the page
STATUS = "framelab: status: "
FILE_CASES = ["open-file", "drop-file", "drop-bad", "drop-big"]


def status_lines(tab):
    return [line.split(STATUS, 1)[1] for line in tab.console if STATUS in line]


def wait_status(tab, wanted, seconds=30):
    """The first status line containing `wanted` (waiting up to `seconds` for it)."""
    tab.wait_for(lambda: any(wanted in s for s in status_lines(tab)), seconds, f"status line with '{wanted}'")
    return next(s for s in status_lines(tab) if wanted in s)


def wait_frames(tab, count, seconds=30):
    start = pages.frames_drawn(tab)
    tab.wait_for(lambda: pages.frames_drawn(tab) >= start + count, seconds, f"{count} more frames drawn")


def menu_lines(png, top):  # png: a file or its bytes
    """(top, bottom) of each line of bright text in the menu that opened below `top` in the
    picture's top-left corner: the menu goes down as far as its left border (at x = 3) does."""
    _, height, rows = pages.read_png(png)
    border, bottom = rows[top][3], top
    while bottom < height and max(abs(a - b) for a, b in zip(rows[bottom][3], border)) <= 3:
        bottom += 1
    bright = [any(min(rows[y][x]) > 180 for x in range(8, 120)) for y in range(top, bottom)]
    lines, start = [], None
    for y, lit in enumerate(bright + [False]):
        if lit and start is None:
            start = y
        elif not lit and start is not None:
            if y - start >= 5:  # a line of text, not a stray pixel
                lines.append((top + start, top + y - 1))
            start = None
    return lines


def choose_from_file_menu(tab, item, png):
    """Clicks File (the menu bar's first item) and then `item`, found as the n-th line of text
    in the menu that opened (a menu of another length is an error naming it)."""
    tab.click(20, 10)
    wait_frames(tab, 3)
    rows = menu_lines(tab.screenshot(png, clip=(0, 0, 240, 320)), 28)  # the menu bar is 22 pixels high at 100 %
    if len(rows) != len(FILE_MENU):
        raise BrowserError(f"the File menu shows {len(rows)} lines, not the {len(FILE_MENU)} of {FILE_MENU} ({png})")
    top, bottom = rows[FILE_MENU.index(item)]
    tab.click(60, (top + bottom) / 2)
    wait_frames(tab, 2)


def wait_download(folder, name, seconds=30):
    path = os.path.join(folder, name)
    deadline = time.monotonic() + seconds
    while not os.path.exists(path):
        if time.monotonic() > deadline:
            raise BrowserError(f"no download {name} in {seconds} s (the folder has {sorted(os.listdir(folder))})")
        time.sleep(0.1)
    time.sleep(0.2)  # Chromium renames the finished download into place: whole once there
    return path


def first_rows_problems(native, scene, expected, what):
    got = pages.native_first_rows(native, scene, [])
    return [] if pages.rows_agree(expected, got) else [f"{what}: first rows {got[:2]} against {expected[:2]}"]


def file_cases(folder, native):
    edited, _ = pages.edited_foucault(folder, '"latitude": { "value": 48.85', '"latitude": { "value": -33.9')
    expected = pages.native_first_rows(native, edited, [])

    def open_file(tab, downloads, shots):
        tab.intercept_file_chooser()
        choose_from_file_menu(tab, "Open file...", os.path.join(shots, "file-menu.png"))
        tab.wait_for(lambda: tab.file_choosers, 20, "file chooser")
        tab.set_files(tab.file_choosers[0], [edited])
        wait_status(tab, "Loaded /opened/edited.json")
        choose_from_file_menu(tab, "Save scene", os.path.join(shots, "file-menu.png"))
        saved = wait_download(downloads, "edited.json")
        return first_rows_problems(native, saved, expected, "the page's Save scene run by native sim")

    def drop_file(tab, downloads, shots):
        tab.drop_file(edited)
        wait_status(tab, "Loaded /opened/edited.json")
        choose_from_file_menu(tab, "Save preset...", os.path.join(shots, "file-menu.png"))
        click_dialog_verb(tab, os.path.join(shots, "save-preset.png"))
        wait_status(tab, "Saved /opened/edited-preset.json")
        saved = json.load(open(wait_download(downloads, "edited-preset.json")))
        problems = []
        if saved.get("scene") != "/opened/edited.json" or saved.get("parameters", {}).get("latitude") != -33.9:
            problems.append(f"the preset is not the dropped file's: {saved}")
        here = os.path.join(downloads, "preset-here.json")
        with open(here, "w") as f:
            json.dump(dict(saved, scene=edited), f)
        return problems + first_rows_problems(native, here, expected, "the page's preset run by native sim")

    bad, _ = pages.edited_foucault(folder, '"length": { "value": 10', '"length": { "valu": 10', "bad.json")
    native_says = subprocess.run([native, "sim", "--scene", bad, "--steps", "1"], capture_output=True, text=True).stderr
    # "framelab: error: --scene: PATH:LINE:COLUMN: key: reason": the page's file is /opened/bad.json
    where = re.search(re.escape(bad) + r"(:\d+:\d+: .*)", native_says)

    def drop_bad(tab, downloads, shots):
        if not where:
            return [f"the native build does not name a line and column in bad.json: {native_says!r}"]
        said = wait_status(tab, "/opened/bad.json")
        problems = [] if said == "Not loaded: /opened/bad.json" + where.group(1) else [
            f"the page says '{said}', the desktop '{native_says.strip()}'"]
        return problems + still_running(tab, shots, "drop-bad")

    big = os.path.join(folder, "big.json")
    with open(big, "w") as f:
        f.write("{}" + " " * (4 * 1024 * 1024 + 512 * 1024))

    def drop_big(tab, downloads, shots):
        said = wait_status(tab, "big.json")
        wanted = "Not opened: big.json is 4.5 MiB; framelab opens scene files, presets and lessons up to 4 MiB"
        return ([] if said == wanted else [f"the page says '{said}', not '{wanted}'"]) + still_running(tab, shots, "drop-big")

    def dropping(path, then):
        def case(tab, downloads, shots):
            tab.drop_file(path)
            return then(tab, downloads, shots)
        return case

    return list(zip(FILE_CASES, (open_file, drop_file, dropping(bad, drop_bad), dropping(big, drop_big))))


def still_running(tab, shots, name):
    """The scene keeps running: nothing else was loaded, frames go on being drawn, with the stage
    on them, no exception."""
    loaded = [s for s in status_lines(tab) if s.startswith("Loaded")]
    wait_frames(tab, 10)
    return (pages.picture_problems(tab, os.path.join(shots, name + ".png"), with_menu=True) + pages.console_errors(tab) +
            [f"the status line says '{s}'" for s in loaded])


# The interface theme's button colour (ui/ui_style) as drawn in a dialog and in a panel.
BUTTON = (41, 74, 114)
PANEL_BUTTON = (35, 69, 109)
DIALOG_BUTTONS = ["verb", "Cancel"]  # ui/preset_dialogs.cpp's path_dialog: [Save|Load|Open|Play] [Cancel]


def dialog_buttons(png, count=len(DIALOG_BUTTONS), colour=BUTTON):
    """The centres (x, y) of the buttons on the lowest row of `count` buttons in the picture, left
    to right: runs of the button colour at least 30 pixels wide."""
    width, height, rows = pages.read_png(png)
    def runs(y):
        found, start = [], None
        for x in range(width + 1):
            inside = x < width and max(abs(a - b) for a, b in zip(rows[y][x], colour)) <= 3
            if inside and start is None:
                start = x
            elif not inside and start is not None:
                if x - start >= 30:
                    found.append((start, x - 1))
                start = None
        return found
    rows_with_buttons = [(y, r) for y, r in ((y, runs(y)) for y in range(height)) if len(r) == count]
    if not rows_with_buttons:
        return []
    lowest, spans = rows_with_buttons[-1]
    same = [y for y, r in rows_with_buttons if r == spans and lowest - y < 60]
    return [((a + b) / 2, (min(same) + lowest) / 2) for a, b in spans]


def click_dialog_verb(tab, png):
    """Clicks the open dialog's first button (its verb: Save, Load, Open, Play), found in the
    middle half of the page, where a dialog opens."""
    wait_frames(tab, 3)  # the dialog opens a frame after it is asked for and sizes itself
    left, top = pages.WIDTH // 4, pages.HEIGHT // 4
    buttons = dialog_buttons(tab.screenshot(png, clip=(left, top, pages.WIDTH // 2, pages.HEIGHT // 2)))
    if len(buttons) != len(DIALOG_BUTTONS):
        raise BrowserError(f"no dialog with {DIALOG_BUTTONS} buttons in the middle of the page ({png})")
    tab.click(left + buttons[0][0], top + buttons[0][1])
    wait_frames(tab, 2)
