#ifndef SPOOL_NETLINK_H
#define SPOOL_NETLINK_H

// The kernel's routing netlink (rtnetlink), reduced to what a network-path monitor needs:
// a snapshot of the links and of the main table's routes, and a socket that becomes
// readable when either changes. Plain C because NLMSG_* and RTA_* are macros Swift cannot
// import. Nothing here allocates for the caller: snapshots are written into arrays the
// caller owns, and every descriptor returned is the caller's to close.

#include <stdint.h>

/// One network interface, as RTM_NEWLINK describes it.
typedef struct {
    int32_t index;
    /// IFF_* flags (IFF_UP, IFF_RUNNING, IFF_LOOPBACK, ...).
    uint32_t flags;
    /// ARPHRD_* hardware type.
    uint16_t type;
    char name[16];
} spool_nl_link;

/// One route, as RTM_NEWROUTE describes it (the first next hop's interface for a
/// multipath route).
typedef struct {
    uint8_t family;
    uint8_t dst_len;
    /// RTN_* route type (RTN_UNICAST, RTN_LOCAL, ...).
    uint8_t type;
    uint8_t has_gateway;
    uint32_t table;
    int32_t oif;
    uint8_t dst[16];
} spool_nl_route;

/// Writes up to `capacity` links into `links`; returns how many exist (more than `capacity`
/// means the array was too small and only `capacity` were written), or -errno.
int spool_nl_dump_links(spool_nl_link *links, int capacity);

/// Writes up to `capacity` routes of every table into `routes`; returns how many exist, or
/// -errno, as `spool_nl_dump_links`.
int spool_nl_dump_routes(spool_nl_route *routes, int capacity);

/// A non-blocking socket subscribed to link, address and route changes (IPv4 and IPv6), or
/// -errno.
int spool_nl_open_events(void);

/// Reads and discards every message waiting on `events_fd`. Returns 1 when something
/// changed (or the kernel dropped notifications, which may hide a change), 0 when nothing
/// was waiting, -errno on another error.
int spool_nl_drain(int events_fd);

/// An eventfd that `spool_nl_wait` also watches, so another thread can wake it; or -errno.
int spool_nl_open_wake(void);

/// Makes `spool_nl_wait` on `wake_fd` return 0.
void spool_nl_wake(int wake_fd);

/// Blocks until `events_fd` is readable (returns 1) or `wake_fd` was woken (returns 0);
/// -errno on failure. EINTR is retried.
int spool_nl_wait(int events_fd, int wake_fd);

#endif
