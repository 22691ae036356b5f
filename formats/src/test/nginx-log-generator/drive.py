"""Sends a bounded, seeded mix of requests to nginx on 127.0.0.1:18080, then exits."""
import http.client
import random
import socket
import sys
from concurrent.futures import ThreadPoolExecutor

TOTAL = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
rng = random.Random(42)


def plan(i):
    r = rng.random()
    if r < 0.30:
        return "GET", "/fast"
    if r < 0.35:
        return "GET", "/slow"
    if r < 0.65:
        return rng.choice(["GET", "PUT", "DELETE"]), "/product/%d" % rng.randint(1, 500)
    if r < 0.75:
        return "GET", "/instant"
    if r < 0.80:
        return "GET", "/missing?q=%d" % i
    if r < 0.85:
        return "POST", "/error"
    if r < 0.90:
        return "GET", "/redir/%d" % i
    return "GET", "/product/%d?ref=a%%20b&x=1+2" % rng.randint(1, 50)


def send(item):
    method, target = item
    conn = http.client.HTTPConnection("127.0.0.1", 18080, timeout=10)
    body = b"{}" if method in ("POST", "PUT") else None
    conn.request(method, target, body=body, headers={"User-Agent": 'drive/1.0 (quote " inside)'})
    conn.getresponse().read()
    conn.close()


def raw(data):
    """Requests no client library sends: junk request lines nginx answers with 400."""
    with socket.create_connection(("127.0.0.1", 18080), timeout=5) as s:
        s.sendall(data)
        try:
            s.recv(4096)
        except OSError:
            pass


if __name__ == "__main__":
    items = [plan(i) for i in range(TOTAL)]
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(send, items))
    raw(b"get /lowercase HTTP/1.1\r\nHost: x\r\n\r\n")
    raw(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n")
    raw(b"GET /a b c HTTP/1.1\r\nHost: x\r\n\r\n")
    raw(b"GET /old\r\n")
