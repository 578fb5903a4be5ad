# Precompiled headers: the standard and GLM headers nearly every framelab source
# includes, parsed once per library instead of once per file. In the -O0 sanitizer
# builds parsing is about a third of a file's compile time.
#   framelab_precompile(<target>)
set(framelab_common_pch <algorithm> <cmath> <cstdint> <functional> <map> <memory> <optional> <string>
                        <string_view> <utility> <vector> "${PROJECT_SOURCE_DIR}/core/glm_config.hpp")

function(framelab_precompile target)
  target_precompile_headers(${target} PRIVATE ${framelab_common_pch})
endfunction()
