#pragma once
// Whether a server could listen on 127.0.0.1:port now (nobody holds it): a
// plain socket with SO_REUSEADDR, as servers take one, so the TIME_WAIT of
// closed connections does not count. Not cpp-httplib's own bind: it adds
// SO_REUSEPORT, which shares a port with a live server and proves nothing.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace cmftest {

inline bool portFree(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(uint16_t(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool ok = ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 && ::listen(fd, 1) == 0;
    ::close(fd);
    return ok;
}

} // namespace cmftest
