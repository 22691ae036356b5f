"""A backend with known latencies for the nginx log generator (127.0.0.1:18090 only)."""
import random
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self):
        path = self.path.split("?")[0]
        status, delay = 200, 0.0
        if path == "/fast":
            delay = 0.005
        elif path == "/slow":
            delay = 0.200
        elif path.startswith("/product/"):
            delay = random.uniform(0.010, 0.080)
        elif path == "/error":
            status, delay = 500, 0.002
        else:
            status = 404
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        time.sleep(delay)
        body = b"x" * (status % 97)
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_PUT = do_DELETE = answer

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    ThreadingHTTPServer(("127.0.0.1", 18090), Handler).serve_forever()
