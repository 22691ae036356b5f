"""The backend behind nginx for make-logs.sh: /fast answers at once, /big answers 4 MB at once,
/slow waits 3 s (clients with a 1 s timeout give up first), /busy waits 200 ms."""
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BIG = b"x" * (4 << 20)


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        path = self.path.split("?")[0]
        body = b"ok\n"
        if path.startswith("/big"):
            body = BIG
        elif path.startswith("/slow"):
            time.sleep(3)
        elif path.startswith("/busy"):
            time.sleep(0.2)
        try:
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args):
        pass


ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
