#include "app/leak_check.hpp"

#if defined(__SANITIZE_ADDRESS__)
#include <dlfcn.h>
#include <cstddef>
#include <link.h>
#endif

namespace framelab {

#if defined(__SANITIZE_ADDRESS__)

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

#if defined(__SANITIZE_ADDRESS__)
// LeakSanitizer reads its built-in suppressions from this function. libdbus (opened by SDL
// for screensaver and input-method support) keeps a 1 KiB buffer for the process's life.
extern "C" const char* __lsan_default_suppressions() { return "leak:libdbus-1.so\n"; }
#endif
