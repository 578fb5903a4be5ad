# Project-wide warning flags: -Wall -Wextra -Wpedantic, -Werror when FRAMELAB_WERROR is on.
add_library(framelab_warnings INTERFACE)
target_compile_options(framelab_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic>
  $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<BOOL:${FRAMELAB_WERROR}>>:-Werror>)
