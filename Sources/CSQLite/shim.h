// CSQLite: sqlite3 plus helpers for macros Swift cannot import.
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT: tells SQLite to copy bound text/blobs (a cast macro Swift cannot import).
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
