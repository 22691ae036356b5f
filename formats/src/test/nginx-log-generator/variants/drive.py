"""Sends a bounded, seeded mix of requests to nginx on 127.0.0.1:18280 (HTTP/1.1) and 18281
(HTTP/2 through curl), then request lines no client library sends, then exits."""
import http.client
import random
import socket
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

TOTAL = int(sys.argv[1]) if len(sys.argv) > 1 else 400
rng = random.Random(7)
HASHES = ["3f9a1c2e", "9c2d5e80", "b04e77d1"]
WORDS = ["garden", "phone", "knife", "mini", "green", "wireless", "lamp"]
AGENTS = ['drive/1.0 (quote " inside)', "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/128.0",
          "curl/8.0 caf\u00e9 \u2603", "bot|pipe\ttab"]


def plan(i):
    r = rng.random()
    if r < 0.30:
        return "GET", "/api/v1/users/%d" % rng.randint(1, 100000)
    if r < 0.45:
        return "GET", "/api/v1/orders/%08x-%04x-4%03x-a%03x-%012x" % (
            rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(12), rng.getrandbits(12), rng.getrandbits(48))
    if r < 0.55:
        return "POST", "/api/v1/orders"
    if r < 0.70:
        return "GET", "/static/js/app.%s.js" % rng.choice(HASHES)
    if r < 0.82:
        return "GET", "/product/%d/%s-%s" % (rng.randint(1, 5000), rng.choice(WORDS), rng.choice(WORDS))
    if r < 0.92:
        return "GET", "/search?q=%s&page=%d" % (rng.choice(["caf%C3%A9", "a+b", "%E2%98%83", "x%22y"]), rng.randint(1, 5))
    if r < 0.97:
        return "GET", "/health"
    return "GET", "/missing/%d" % i


def send(item):
    method, target, agent = item
    conn = http.client.HTTPConnection("127.0.0.1", 18280, timeout=10)
    body = b"{}" if method in ("POST", "PUT") else None
    conn.putrequest(method, target, skip_accept_encoding=True)
    conn.putheader("User-Agent", agent.encode("utf-8"))
    if body:
        conn.putheader("Content-Length", str(len(body)))
    conn.endheaders(body)
    conn.getresponse().read()
    conn.close()


def raw(data):
    """A request line sent as bytes: nginx answers 400 or serves it, and logs it escaped (or not)."""
    with socket.create_connection(("127.0.0.1", 18280), timeout=5) as s:
        s.sendall(data)
        try:
            s.recv(65536)
        except OSError:
            pass


if __name__ == "__main__":
    items = [plan(i) + (rng.choice(AGENTS),) for i in range(TOTAL)]
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(send, items))
    # HTTP/2 (prior knowledge, no TLS): curl stops a multiplexed batch at the first stream error,
    # so one connection a request
    for i in range(40):
        subprocess.run(["curl", "-s", "--max-time", "5", "--http2-prior-knowledge", "-A", "h2client/1.0",
                        "-o", "/dev/null", "http://127.0.0.1:18281" + plan(i)[1]], check=False)
    # very long URIs: lines longer than a container runtime's 16 KiB parts
    for n in (17000,):
        send(("GET", "/long?pad=" + "x" * n, AGENTS[0]))
        send(("GET", "/long/" + "y" * n, AGENTS[0]))
    # bytes nginx escapes as \xHH: UTF-8, Latin-1 (not UTF-8), a quote, a control character
    raw(b"GET /caf\xc3\xa9/menu HTTP/1.1\r\nHost: x\r\n\r\n")
    raw(b"GET /latin\xe9 HTTP/1.1\r\nHost: x\r\n\r\n")
    raw(b"GET /quote\"inside HTTP/1.1\r\nHost: x\r\n\r\n")
    raw(b"GET /tab\there HTTP/1.1\r\nHost: x\r\n\r\n")
    raw(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n")
    raw(b"get /lowercase HTTP/1.1\r\nHost: x\r\n\r\n")
    raw(b"GET /old\r\n")
