# Precompiled headers: the standard and GLM headers nearly every framelab source
# includes, parsed once per library instead of once per file. In the -O0 sanitizer
# builds parsing is about a third of a file's compile time.
# Only where a library compiles file by file (-DFRAMELAB_UNITY_BUILD=OFF): a unity build
# (cmake/unity_build.cmake) parses those headers once per library anyway, and the header
# would only cost its own compile first (ASan, framelab_scenes: 1.8 CPU s of header + 10.0 s
# of unit against 10.5 s for the unit alone; GCC -O3 Release: 3.4 + 47.8 s against 49.4 s).
#   framelab_precompile(<target>)
set(framelab_common_pch <algorithm> <cmath> <cstdint> <functional> <map> <memory> <optional> <string>
                        <string_view> <utility> <vector> "${PROJECT_SOURCE_DIR}/core/glm_config.hpp")

function(framelab_precompile target)
  if(NOT FRAMELAB_UNITY_BUILD)
    target_precompile_headers(${target} PRIVATE ${framelab_common_pch})
  endif()
endfunction()
