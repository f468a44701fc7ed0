#include <sqlite3.h>

/* sqlite3_config is variadic, which Swift cannot call. Memory statistics
   take a global mutex on every allocation, and gaslog never reads them.
   Must run before SQLite initialises, so before the first connection opens. */
static inline int gaslog_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/* Reads the first `count` bytes of the main database file through the
   connection's own file handle: opening and closing the file outside SQLite
   would drop every POSIX lock this process holds on it. */
static inline int gaslog_sqlite3_read_file_start(sqlite3 *db, void *buffer, int count) {
    sqlite3_file *file = 0;
    int code = sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file);
    if (code != SQLITE_OK) return code;
    if (file == 0 || file->pMethods == 0) return SQLITE_CANTOPEN;
    return file->pMethods->xRead(file, buffer, count, 0);
}

/* sqlite3_db_config is variadic too. A connection that only looks must not
   checkpoint the write-ahead log when it closes (Litestream reads every frame). */
static inline int gaslog_sqlite3_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
