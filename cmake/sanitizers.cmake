# Sanitizers for the whole build:
#   FRAMELAB_SANITIZE: AddressSanitizer + UndefinedBehaviorSanitizer (the unit tests, preset asan);
#   FRAMELAB_TSAN:     ThreadSanitizer (the threaded tests, preset tsan).
# The two cannot be combined: ASan and TSan each own the process's shadow memory.
if(FRAMELAB_SANITIZE AND FRAMELAB_TSAN)
  message(FATAL_ERROR "FRAMELAB_SANITIZE (ASan+UBSan) and FRAMELAB_TSAN cannot be on together; use two build directories")
endif()
if(FRAMELAB_SANITIZE)
  set(framelab_sanitize_flags -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
elseif(FRAMELAB_TSAN)
  set(framelab_sanitize_flags -fsanitize=thread -fno-omit-frame-pointer)
  # The threaded tests run only here (tests/CMakeLists.txt), so the standard library checks
  # its own indexing too (vector, span, array, string: an index out of range aborts).
  add_compile_definitions(_GLIBCXX_ASSERTIONS)
endif()
if(framelab_sanitize_flags)
  add_compile_options(${framelab_sanitize_flags})
  add_link_options(${framelab_sanitize_flags})
endif()
