# Project-wide warning flags: -Wall -Wextra -Wpedantic, -Werror when FRAMELAB_WERROR is on.
add_library(framelab_warnings INTERFACE)
target_compile_options(framelab_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic>
  $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<BOOL:${FRAMELAB_WERROR}>>:-Werror>)
# GCC 12 at -O2/-O3 reports -Warray-bounds, -Wrestrict, -Wstringop-overflow and
# -Wmaybe-uninitialized inside libstdc++'s own std::vector growth, std::string
# concatenation and std::string copies out of aggregates built with designated
# initializers (GCC bugs 105329, 105651, 106199, 107138): false positives that fill a
# build log. Off in optimised GCC 12 builds only; -Wall keeps them everywhere else.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(framelab_warnings INTERFACE
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CONFIG:Release,RelWithDebInfo,MinSizeRel>>:-Wno-array-bounds -Wno-restrict -Wno-stringop-overflow
    -Wno-maybe-uninitialized>)
endif()
