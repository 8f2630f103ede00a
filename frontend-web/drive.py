#!/usr/bin/env python3
"""Plays the web page in headless Chromium through ChromeDriver, as a player would: serves
frontend-web/ on localhost, opens index.html, holds keys through WebDriver's key actions
(real, trusted key events), and writes a screenshot of the page. The Python standard
library only (WebDriver is JSON over HTTP).

    python3 frontend-web/drive.py --keys w:1500,d:400,w:1000 --screenshot docs/web.png
    python3 frontend-web/drive.py --pick /path/to/Redguard --screenshot install.png

Prints what the page shows in its status line, the canvas' distinct colours, the digests
its "Check this browser" button shows (the yard walk's, as `stros-tools replay --digest`
prints them) and the console's lines, and exits 1 when the page shows an error, its
console has one, or the canvas is one colour.
"""

import argparse
import base64
import functools
import http.server
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(directory):
    """frontend-web/ on a local port (wasm served as application/wasm)."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {
            **http.server.SimpleHTTPRequestHandler.extensions_map,
            ".wasm": "application/wasm",
            ".js": "text/javascript",
        }

        def log_message(self, *args):
            pass

    handler = functools.partial(Handler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Driver:
    """A ChromeDriver session."""

    def __init__(self, chromedriver, chromium, size):
        self.port = free_port()
        self.process = subprocess.Popen(
            [chromedriver, f"--port={self.port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        for _ in range(100):
            try:
                self.call("GET", "/status")
                break
            except OSError:
                time.sleep(0.1)
        self.profile = tempfile.mkdtemp(prefix="stros-web-")
        args = [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={self.profile}",
            f"--window-size={size[0]},{size[1]}",
        ]
        caps = {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args},
            "goog:loggingPrefs": {"browser": "ALL"},
        }
        reply = self.call("POST", "/session", {"capabilities": {"alwaysMatch": caps}})
        self.session = f"/session/{reply['value']['sessionId']}"

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method)
        req.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(req, timeout=120) as r:
            return json.loads(r.read() or b"{}")

    def post(self, path, body):
        return self.call("POST", self.session + path, body)["value"]

    def js(self, script, *args):
        return self.post("/execute/sync", {"script": script, "args": list(args)})

    def hold(self, key, ms):
        """`key` down for `ms` milliseconds, then up (WebDriver key actions)."""
        actions = [{"type": "keyDown", "value": key}, {"type": "pause", "duration": ms}, {"type": "keyUp", "value": key}]
        self.post("/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def pick(self, folder):
        """Chooses `folder` in the page's folder picker (ChromeDriver uploads a directory to a
        `webkitdirectory` input) and waits until the page has read it and started its game."""
        element = self.post("/element", {"using": "css selector", "value": "#pick"})
        element = next(iter(element.values()))
        self.post(f"/element/{element}/value", {"text": os.path.abspath(folder)})
        for _ in range(300):
            status = self.js("return document.getElementById('status').textContent;")
            if not status.startswith("reading"):
                return status
            time.sleep(0.1)
        return status

    def screenshot(self, path):
        png = self.call("GET", self.session + "/screenshot")["value"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(png))

    def console(self):
        try:
            return self.post("/se/log", {"type": "browser"})
        except OSError:
            return []

    def quit(self):
        try:
            self.call("DELETE", self.session)
        finally:
            self.process.terminate()


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--keys", default="w:1500", help="key:milliseconds,… held one after another")
    p.add_argument("--screenshot", help="write the page's screenshot here (PNG)")
    p.add_argument("--size", default="1000,900", help="the window's width,height")
    p.add_argument("--query", default="", help="the page's query (?high: 640×400)")
    p.add_argument("--pick", metavar="DIR", help="play this install, chosen in the page's folder picker")
    p.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    p.add_argument("--chromium", default="/usr/bin/chromium")
    args = p.parse_args()
    if not os.path.exists(os.path.join(HERE, "pkg", "stros_web.js")):
        sys.exit("drive.py: no frontend-web/pkg: build it first (docs/browser.md)")
    server = serve(HERE)
    size = tuple(int(n) for n in args.size.split(","))
    driver = Driver(args.chromedriver, args.chromium, size)
    try:
        driver.post("/url", {"url": f"http://127.0.0.1:{server.server_port}/index.html{args.query}"})
        time.sleep(1.0)
        if args.pick:
            print(f"picked {args.pick}: {driver.pick(args.pick)!r}")
            time.sleep(0.5)
        for step in filter(None, args.keys.split(",")):
            key, ms = step.split(":")
            driver.hold(key, int(ms))
        time.sleep(0.3)
        colours = driver.js(
            "const c = document.getElementById('screen');"
            "const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
            "const s = new Set(); for (let i = 0; i < d.length; i += 4) s.add(d[i] << 16 | d[i+1] << 8 | d[i+2]);"
            "return s.size;"
        )
        status = driver.js("return document.getElementById('status').textContent;")
        if args.screenshot:
            driver.screenshot(args.screenshot)
        check = driver.js(
            "document.getElementById('check').click();"
            "return document.getElementById('status').textContent;"
        )
        console = driver.console()
    finally:
        driver.quit()
        server.shutdown()
    print(f"status: {status!r}")
    print(f"canvas colours: {colours}")
    # The page's check, as `stros-tools replay … --digest` prints it (one line per digest).
    print(check.replace(", ", "\n"))
    errors = []
    for line in console:
        print(f"console {line.get('level')}: {line.get('message')}")
        if line.get("level") == "SEVERE":
            errors.append(line)
    if status.startswith("stros:") or errors or colours < 2:
        sys.exit(1)


if __name__ == "__main__":
    main()
