#include "spool_netlink.h"

#include <errno.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <poll.h>
#include <stdalign.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

typedef struct {
    void *items;
    int capacity;
    int count;
} collector;

typedef void (*message_handler)(struct nlmsghdr *message, collector *into);

static void collect_link(struct nlmsghdr *message, collector *into) {
    if (message->nlmsg_type != RTM_NEWLINK) return;
    struct ifinfomsg *info = NLMSG_DATA(message);
    int index = into->count++;
    if (index >= into->capacity) return;
    spool_nl_link *link = (spool_nl_link *)into->items + index;
    memset(link, 0, sizeof *link);
    link->index = info->ifi_index;
    link->flags = info->ifi_flags;
    link->type = info->ifi_type;
    int length = (int)IFLA_PAYLOAD(message);
    for (struct rtattr *attribute = IFLA_RTA(info); RTA_OK(attribute, length);
         attribute = RTA_NEXT(attribute, length)) {
        if (attribute->rta_type != IFLA_IFNAME) continue;
        size_t size = RTA_PAYLOAD(attribute);
        if (size >= sizeof link->name) size = sizeof link->name - 1;
        memcpy(link->name, RTA_DATA(attribute), size);
        link->name[size] = 0;
    }
}

static void collect_route(struct nlmsghdr *message, collector *into) {
    if (message->nlmsg_type != RTM_NEWROUTE) return;
    struct rtmsg *info = NLMSG_DATA(message);
    int index = into->count++;
    if (index >= into->capacity) return;
    spool_nl_route *route = (spool_nl_route *)into->items + index;
    memset(route, 0, sizeof *route);
    route->family = info->rtm_family;
    route->dst_len = info->rtm_dst_len;
    route->type = info->rtm_type;
    route->table = info->rtm_table;
    int length = (int)RTM_PAYLOAD(message);
    for (struct rtattr *attribute = RTM_RTA(info); RTA_OK(attribute, length);
         attribute = RTA_NEXT(attribute, length)) {
        size_t size = RTA_PAYLOAD(attribute);
        switch (attribute->rta_type) {
        case RTA_TABLE:
            if (size >= sizeof(uint32_t)) memcpy(&route->table, RTA_DATA(attribute), sizeof(uint32_t));
            break;
        case RTA_OIF:
            if (size >= sizeof(int32_t)) memcpy(&route->oif, RTA_DATA(attribute), sizeof(int32_t));
            break;
        case RTA_DST:
            memcpy(route->dst, RTA_DATA(attribute), size < sizeof route->dst ? size : sizeof route->dst);
            break;
        case RTA_GATEWAY:
            route->has_gateway = 1;
            break;
        case RTA_MULTIPATH:
            if (route->oif == 0 && size >= sizeof(struct rtnexthop)) {
                struct rtnexthop *hop = RTA_DATA(attribute);
                route->oif = hop->rtnh_ifindex;
            }
            break;
        default:
            break;
        }
    }
}

// One dump request and its multi-part answer. Returns 0, -EAGAIN when the kernel says the
// dump was interrupted by a change (the caller starts over), or -errno.
static int dump_once(uint16_t type, message_handler handle, collector *into) {
    int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
    if (fd < 0) return -errno;
    struct {
        struct nlmsghdr header;
        union {
            struct ifinfomsg link;
            struct rtmsg route;
        } body;
    } request;
    memset(&request, 0, sizeof request);
    size_t body_size = type == RTM_GETLINK ? sizeof request.body.link : sizeof request.body.route;
    request.header.nlmsg_len = NLMSG_LENGTH(body_size);
    request.header.nlmsg_type = type;
    request.header.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
    request.header.nlmsg_seq = 1;
    struct sockaddr_nl kernel = {.nl_family = AF_NETLINK};
    if (sendto(fd, &request, request.header.nlmsg_len, 0, (struct sockaddr *)&kernel, sizeof kernel) < 0) {
        int error = errno;
        close(fd);
        return -error;
    }
    alignas(struct nlmsghdr) char buffer[32768];
    int result = 0;
    for (;;) {
        ssize_t received = recv(fd, buffer, sizeof buffer, 0);
        if (received < 0) {
            if (errno == EINTR) continue;
            result = -errno;
            break;
        }
        if (received == 0) break;
        int done = 0;
        int remaining = (int)received;
        for (struct nlmsghdr *message = (struct nlmsghdr *)buffer; NLMSG_OK(message, remaining);
             message = NLMSG_NEXT(message, remaining)) {
            if (message->nlmsg_flags & NLM_F_DUMP_INTR) result = -EAGAIN;
            if (message->nlmsg_type == NLMSG_DONE) {
                done = 1;
                break;
            }
            if (message->nlmsg_type == NLMSG_ERROR) {
                struct nlmsgerr *error = NLMSG_DATA(message);
                if (error->error != 0) result = error->error;
                done = 1;
                break;
            }
            handle(message, into);
        }
        if (done) break;
    }
    close(fd);
    return result;
}

static int dump(uint16_t type, message_handler handle, void *items, int capacity) {
    for (int attempt = 0;; attempt++) {
        collector into = {.items = items, .capacity = capacity < 0 ? 0 : capacity, .count = 0};
        int result = dump_once(type, handle, &into);
        if (result == -EAGAIN && attempt < 4) continue;
        return result < 0 ? result : into.count;
    }
}

int spool_nl_dump_links(spool_nl_link *links, int capacity) {
    return dump(RTM_GETLINK, collect_link, links, capacity);
}

int spool_nl_dump_routes(spool_nl_route *routes, int capacity) {
    return dump(RTM_GETROUTE, collect_route, routes, capacity);
}

int spool_nl_open_events(void) {
    int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC | SOCK_NONBLOCK, NETLINK_ROUTE);
    if (fd < 0) return -errno;
    struct sockaddr_nl local = {
        .nl_family = AF_NETLINK,
        .nl_groups = RTMGRP_LINK | RTMGRP_IPV4_IFADDR | RTMGRP_IPV6_IFADDR | RTMGRP_IPV4_ROUTE | RTMGRP_IPV6_ROUTE,
    };
    if (bind(fd, (struct sockaddr *)&local, sizeof local) < 0) {
        int error = errno;
        close(fd);
        return -error;
    }
    return fd;
}

int spool_nl_drain(int events_fd) {
    alignas(struct nlmsghdr) char buffer[16384];
    int changed = 0;
    for (;;) {
        ssize_t received = recv(events_fd, buffer, sizeof buffer, 0);
        if (received > 0) {
            changed = 1;
            continue;
        }
        if (received == 0) return changed;
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) return changed;
        // The kernel dropped notifications: something may have changed.
        if (errno == ENOBUFS) {
            changed = 1;
            continue;
        }
        return -errno;
    }
}

int spool_nl_open_wake(void) {
    int fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    return fd < 0 ? -errno : fd;
}

void spool_nl_wake(int wake_fd) {
    uint64_t one = 1;
    // A full counter already means "woken"; nothing else can go wrong worth reporting.
    ssize_t written = write(wake_fd, &one, sizeof one);
    (void)written;
}

int spool_nl_wait(int events_fd, int wake_fd) {
    struct pollfd watched[2] = {{.fd = events_fd, .events = POLLIN}, {.fd = wake_fd, .events = POLLIN}};
    for (;;) {
        int ready = poll(watched, 2, -1);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return -errno;
        }
        if (watched[1].revents) {
            uint64_t count;
            ssize_t drained = read(wake_fd, &count, sizeof count);
            (void)drained;
            return 0;
        }
        if (watched[0].revents) return 1;
    }
}
