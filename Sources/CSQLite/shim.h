#include <sqlite3.h>

/* sqlite3_config is variadic, which Swift cannot call. Memory statistics
   take a global mutex on every allocation, and gaslog never reads them.
   Must run before SQLite initialises, so before the first connection opens. */
static inline int gaslog_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
