# Project-wide warning flags: -Wall -Wextra -Wpedantic, -Werror when FRAMELAB_WERROR is on.
add_library(framelab_warnings INTERFACE)
target_compile_options(framelab_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic>
  $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<BOOL:${FRAMELAB_WERROR}>>:-Werror>)
# GCC 12 at -O2/-O3 reports -Warray-bounds and -Wrestrict inside libstdc++'s own
# std::vector growth and std::string concatenation code (GCC bugs 105329, 105651,
# 106199): false positives that fill a build log. Off in optimised GCC 12 builds only;
# the ASan and TSan builds (-O1) keep both checks, as errors.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(framelab_warnings INTERFACE
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CONFIG:Release,RelWithDebInfo,MinSizeRel>>:-Wno-array-bounds -Wno-restrict>)
endif()
