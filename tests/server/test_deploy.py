"""deploy/: the nginx configurations pass `nginx -t`, nginx in front of two cluster servers routes a room's
sockets to one of them, and compose.yaml has the layout docs/deploy.md describes (Docker does not run here)."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path

import httpx
import pytest
from cluster_helpers import free_port, serve, services
from server_helpers import Viewer, create

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)


def _nginx_t(conf: Path, tmp: Path) -> subprocess.CompletedProcess[str]:
    assert NGINX is not None
    return subprocess.run(
        [NGINX, "-t", "-p", str(tmp), "-c", str(conf), "-g", f"pid {tmp}/nginx.pid; error_log stderr;"],
        capture_output=True,
        text=True,
        timeout=30,
    )


def _local(text: str, tmp: Path, listen: int, upstreams: list[int]) -> str:
    """The config with loopback upstreams, another listen port and temp files under ``tmp``."""
    servers = "".join(f"        server 127.0.0.1:{port} max_fails=2 fail_timeout=5s;\n" for port in upstreams)
    text = re.sub(r"( *server [\w.]+:\d+ max_fails=2 fail_timeout=5s;\n)+", servers, text)
    text = text.replace("listen 8080;", f"listen 127.0.0.1:{listen};")
    temps = "".join(
        f"    {name}_temp_path {tmp}/{name};\n" for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return text.replace("http {\n", f"http {{\n    access_log off;\n{temps}", 1)


@pytest.mark.skipif(NGINX is None, reason="nginx is not installed (scripts/install-system-deps.sh installs it)")
def test_the_nginx_configurations_pass_nginx_t(tmp_path: Path) -> None:
    done = _nginx_t(DEPLOY / "nginx" / "bgb.conf", tmp_path)
    assert done.returncode == 0, done.stderr
    compose = tmp_path / "compose.conf"  # service names do not resolve here: check it on loopback addresses
    compose.write_text(_local((DEPLOY / "nginx" / "compose.conf").read_text(), tmp_path, 8080, [8001, 8002]))
    done = _nginx_t(compose, tmp_path)
    assert done.returncode == 0, done.stderr


def test_compose_has_the_documented_layout() -> None:
    yaml = pytest.importorskip("yaml")
    spec = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services_ = spec["services"]
    assert {"postgres", "redis", "server1", "server2", "worker", "nginx"} <= set(services_)
    for name in ("server1", "server2"):
        command = " ".join(services_[name]["command"])
        assert "bgb serve" in command and "--redis-url=redis://redis:6379/0" in command
        assert "--database-url=postgresql+psycopg://" in command and "@postgres/" in command
    assert services_["worker"]["command"][:2] == ["bgb", "worker"] and services_["worker"]["deploy"]["replicas"] >= 2
    mounted = services_["nginx"]["volumes"][0].split(":")[0]
    assert (DEPLOY / mounted).is_file()
    conf = (DEPLOY / mounted).read_text()
    assert "server server1:8000" in conf and "server server2:8000" in conf
    assert (DEPLOY / services_["server1"]["build"]["dockerfile"].split("/")[-1]).is_file()


@pytest.mark.slow
@pytest.mark.postgres
@pytest.mark.skipif(NGINX is None, reason="nginx is not installed (scripts/install-system-deps.sh installs it)")
def test_nginx_sends_every_socket_of_a_room_to_one_server(tmp_path: Path) -> None:
    """deploy/nginx/bgb.conf itself, in front of two cluster servers: sticky by room id, WebSockets upgraded."""
    pytest.importorskip("boardgamesbot.games.crosswise")
    with services() as (db, redis_url, name):
        servers = [serve(tmp_path, db, redis_url, name) for _ in range(2)]
        port = free_port()
        conf = tmp_path / "nginx.conf"
        ports = [int(str(s.url).rsplit(":", 1)[1]) for s in servers]
        conf.write_text(_local((DEPLOY / "nginx" / "bgb.conf").read_text(), tmp_path, port, ports))
        assert NGINX is not None
        nginx = subprocess.Popen(
            [NGINX, "-p", str(tmp_path), "-c", str(conf), "-g", f"daemon off; pid {tmp_path}/nginx.pid;"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 20
            while True:
                try:
                    if httpx.get(f"{base}/api/health", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < deadline and nginx.poll() is None, "nginx did not start"
                time.sleep(0.1)
            rooms = []
            for _ in range(6):  # created wherever nginx sends the POST; then owned where its sockets land
                made = create(base, game="crosswise", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
                room = made["room"]["id"]
                tokens = [s["token"] for s in made["seats"]]
                viewers = [Viewer(base.replace("http", "ws"), room, t) for t in tokens] + [
                    Viewer(base.replace("http", "ws"), room)
                ]
                first = viewers[0].state["view"]
                mover = viewers[first["to_move"]]
                mover.send({"type": "move", "action": first["legal"][0], "turn": first["turn"]})
                assert mover.until("ack")["step"] == 1
                for v in viewers:
                    v.at_step(1)
                rooms.append(viewers)
            healths = [s.health() for s in servers]
            assert sum(h["cluster"]["relayed_sockets"] for h in healths) == 0  # every socket on its room's owner
            assert sum(h["rooms"] for h in healths) == 6
            for viewers in rooms:
                for v in viewers:
                    v.close()
        finally:
            nginx.terminate()
            nginx.wait(timeout=10)
            for s in servers:
                s.stop()
