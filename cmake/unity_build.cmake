# Unity builds: CMake compiles all of a target's sources as ONE translation unit that
# #includes them (UNITY_BUILD_BATCH_SIZE 0), so the headers they share are parsed, and the
# templates and inline functions they share instantiated, compiled and optimised, once per
# target instead of once per file. Measured on the 2-core machine, CPU s of a target's unity
# objects, batches of 8 files -> one: ASan scenes_tests 38.0 -> 19.3, ui 28.1 -> 16.9,
# core_tests 66.5 -> 55.5, world objects 70.0 -> 64.5; Release (GCC -O3) ui 50.0 -> 36.1.
# The first ./run.sh (the framelab target, GCC -O3, a clean clone): 271 -> 196 CPU s, 2 min 23 s
# -> 1 min 44 s; ./test.sh on a clean clone: 17 min 2 s -> 13 min 59 s (with this session's other work).
# (Batches of 8 against file by file had taken the ASan build from 497 to 404 CPU s.) With two
# cores and a dozen targets compiling side by side, no target's one unit is on the critical
# path for long. On by default (test.sh, run.sh); -DFRAMELAB_UNITY_BUILD=OFF compiles file by
# file, which recompiles less after editing one file.
#
# Two files of one target that define the same file-local name (a constant or helper in an
# anonymous namespace) cannot share the unit: such names carry the file's name (a scene's
# `carousel_registered`, a scene test's `carousel_defaults()`), or, where renaming would
# touch too much, the file is marked SKIP_UNITY_BUILD_INCLUSION where its target is defined.
# A new collision shows as "redefinition of 'x'" (or an ambiguous call) in a
# Unity/unity_0_cxx.cxx: rename the name, use the project's one definition of it
# (core/angle_units.hpp's `deg`, ui/widgets.hpp's `button_width`), or mark the file. CMake
# never puts a file with its own COMPILE_OPTIONS (the -O1 hot files of the sanitizer builds)
# into the unit.
option(FRAMELAB_UNITY_BUILD "Compile each target's sources as one unit (faster full builds)" ON)
set(CMAKE_UNITY_BUILD ${FRAMELAB_UNITY_BUILD})
set(CMAKE_UNITY_BUILD_BATCH_SIZE 0)
