#include "app/leak_check.hpp"

// GCC defines __SANITIZE_ADDRESS__ under -fsanitize=address; clang reports it through
// __has_feature (the sanitizer builds use clang 16).
#if defined(__SANITIZE_ADDRESS__)
#define FRAMELAB_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FRAMELAB_ADDRESS_SANITIZER 1
#endif
#endif

#if defined(FRAMELAB_ADDRESS_SANITIZER)
#include <dlfcn.h>
#include <cstddef>
#include <link.h>
#endif

namespace framelab {

#if defined(FRAMELAB_ADDRESS_SANITIZER)

namespace {
// dlopen with RTLD_NOLOAD only looks the library up; RTLD_NODELETE then keeps it mapped
// after its last dlclose. The handle is never closed on purpose.
int keep_loaded(dl_phdr_info* info, std::size_t, void*) {
  if (info->dlpi_name != nullptr && info->dlpi_name[0] != '\0')
    static_cast<void>(dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE));
  return 0;
}
}  // namespace

void keep_libraries_for_leak_check() { dl_iterate_phdr(&keep_loaded, nullptr); }

#else

void keep_libraries_for_leak_check() {}

#endif

}  // namespace framelab

#if defined(FRAMELAB_ADDRESS_SANITIZER)
// LeakSanitizer reads its built-in suppressions from this function. libdbus (opened by SDL
// for screensaver and input-method support) keeps a 1 KiB buffer for the process's life.
extern "C" const char* __lsan_default_suppressions() { return "leak:libdbus-1.so\n"; }
#endif
