"""A backend with known latencies for the nginx log generator (127.0.0.1:18090 only)."""
import random
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def route(self, path):
        """The status and the delay in seconds of a path."""
        if path == "/fast":
            return 200, 0.005
        if path == "/slow":
            return 200, 0.200
        if path.startswith("/product/"):
            return 200, random.uniform(0.010, 0.080)
        if path == "/error":
            return 500, 0.002
        return 404, 0.0

    def answer(self):
        status, delay = self.route(self.path.split("?")[0])
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


def serve(handler, port):
    ThreadingHTTPServer(("127.0.0.1", port), handler).serve_forever()


if __name__ == "__main__":
    serve(Handler, 18090)
