"""Sends request lines as raw bytes to nginx on 127.0.0.1:18380, each a number of times: the
targets hold the bytes nginx escapes (a quote, a backslash, control bytes, DEL, UTF-8, Latin-1)
and text that looks like an escape (a literal \\x22, \\u0022, %22)."""
import socket

TARGETS = [
    b"/plain",
    b"/quote\"inside",
    b"/back\\slash",
    b"/looks\\x22escaped",
    b"/looks\\u0022json",
    b"/percent%22quote",
    b"/caf\xc3\xa9/menu",
    b"/latin\xe9",
    b"/del\x7fbyte",
    b"/ctl\x01byte",
    b"/tab\there",
    b"/snow\xe2\x98\x83/7",
]


def send(target):
    with socket.create_connection(("127.0.0.1", 18380), timeout=5) as s:
        s.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        while s.recv(65536):
            pass


if __name__ == "__main__":
    for i in range(3):
        for n, target in enumerate(TARGETS):
            for _ in range(n % 3 + 1):
                send(target)
