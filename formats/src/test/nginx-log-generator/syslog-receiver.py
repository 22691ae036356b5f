"""Writes each syslog message received on 127.0.0.1:PORT as one line of FILE, until killed.

udp: one datagram per message (nginx's access_log syslog:); tcp: newline-framed messages
(logger -T), which lose nothing when the sender is fast.
"""
import socket
import sys

proto, port, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(path, "wb", buffering=0) as out:
    if proto == "udp":
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.bind(("127.0.0.1", port))
        while True:
            data, _ = sock.recvfrom(65536)
            out.write(data.rstrip(b"\n") + b"\n")
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", port))
    server.listen(1)
    while True:
        conn, _ = server.accept()
        with conn:
            while True:
                data = conn.recv(65536)
                if not data:
                    break
                out.write(data)
