// CLibass: libass (ASS/SSA subtitle rendering; Debian's libass-dev).
#ifndef CLIBASS_SHIM_H
#define CLIBASS_SHIM_H

#include <ass/ass.h>

/// The linked libass version (LIBASS_VERSION's layout, 0xMMmmpp00 for releases).
static inline int clibass_linked_version(void) { return ass_library_version(); }

#endif
