#pragma once
// Leak checking at exit for the GUI process, in AddressSanitizer builds only.
//
// The window's libraries (Mesa's GL driver, loaded by libGL with dlopen) are
// unloaded when SDL shuts down. What they still hold at exit then sits at
// addresses no loaded library owns, so LeakSanitizer reports it as leaks it can
// neither name nor suppress. keep_libraries_for_leak_check() marks every loaded
// library as never-unloaded (RTLD_NODELETE) before shutdown, so that memory stays
// reachable from the library's data and is not reported; the remaining known
// leak in a system library (libdbus, through SDL) is suppressed by name in
// leak_check.cpp. Without AddressSanitizer both do nothing.
namespace framelab {

void keep_libraries_for_leak_check();

}  // namespace framelab
