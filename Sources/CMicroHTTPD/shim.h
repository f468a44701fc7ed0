// GNU libmicrohttpd, from Debian's libmicrohttpd-dev, as a system library.
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <string.h>
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

// The client's address as bytes, for counting connections per address: the
// 4 bytes of an IPv4 address or the 16 of an IPv6 one, into `bytes` (16
// long). Returns how many were written; 0 when the address is unknown.
static inline int gaslog_connection_address(struct MHD_Connection *connection, uint8_t *bytes) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return 0;
    if (info->client_addr->sa_family == AF_INET) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *)info->client_addr;
        memcpy(bytes, &v4->sin_addr, 4);
        return 4;
    }
    if (info->client_addr->sa_family == AF_INET6) {
        const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)info->client_addr;
        memcpy(bytes, &v6->sin6_addr, 16);
        return 16;
    }
    return 0;
}
