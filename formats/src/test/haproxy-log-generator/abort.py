"""Clients that give up: each sends a request to /product/1 or /slow and closes its socket early."""
import socket
import time

for i in range(20):
    with socket.create_connection(("127.0.0.1", 18080), timeout=5) as s:
        target = "/slow" if i % 2 else "/product/%d" % i
        s.sendall(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % target).encode())
        time.sleep(0.005)
