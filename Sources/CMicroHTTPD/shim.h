// GNU libmicrohttpd, from Debian's libmicrohttpd-dev, as a system library.
#include <sys/types.h>
#include <sys/socket.h>
#include <stdarg.h>
#include <stdint.h>
#include <microhttpd.h>

// MHD_get_daemon_info is variadic, which Swift cannot call; these two ask it
// for the one fact each that gaslog needs.
static inline uint16_t gaslog_daemon_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

static inline unsigned int gaslog_daemon_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info ? info->num_connections : 0;
}

// MHD_get_connection_info is variadic too: the connection's socket, and the
// pointer gaslog keeps with it from MHD_OPTION_NOTIFY_CONNECTION.
static inline int gaslog_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

static inline void *gaslog_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}
