# Unity builds: CMake compiles a target's sources in batches of UNITY_BUILD_BATCH_SIZE (8)
# files, each batch one translation unit that #includes them, so the headers they share are
# parsed, and the templates they share instantiated and compiled, once per batch instead of
# once per file. The ASan build: 497 -> 404 CPU s on the 2-core machine (CMake 3.25, clang 16).
# On by default (test.sh, run.sh); -DFRAMELAB_UNITY_BUILD=OFF compiles file by file, which
# recompiles less after editing one file.
#
# Two files that define the same file-local name (a constant or helper in an anonymous
# namespace) cannot share a batch: such names carry the file's name (a scene's
# `carousel_registered`, a scene test's `carousel_defaults()`), or, where renaming would
# touch too much, the file is marked SKIP_UNITY_BUILD_INCLUSION where its target is defined.
# A new collision shows as "redefinition of 'x'" in a Unity/unity_<n>_cxx.cxx: rename the
# name or mark the file. CMake never batches a file with its own COMPILE_OPTIONS
# (the -O1 hot files of the sanitizer builds).
option(FRAMELAB_UNITY_BUILD "Compile each target's sources in unity batches (faster full builds)" ON)
set(CMAKE_UNITY_BUILD ${FRAMELAB_UNITY_BUILD})
