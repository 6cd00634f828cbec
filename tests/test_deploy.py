"""What can be checked of deploy/ here: units parse and are hardened, nginx config is valid and sets
X-Real-IP, the backend binds loopback and is never proxied."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
UNITS = sorted((DEPLOY / "systemd").glob("*.service"))
HARDENING = ("NoNewPrivileges=yes", "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes")


def parse_unit(path: Path) -> dict[str, dict[str, list[str]]]:
    """Sections -> key -> values (systemd allows repeated keys); raises ValueError on a bad line."""
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if m := re.fullmatch(r"\[([A-Za-z]+)\]", line):
            current = sections.setdefault(m.group(1), {})
        elif current is not None and "=" in line:
            key, value = line.split("=", 1)
            current.setdefault(key.strip(), []).append(value.strip())
        else:
            raise ValueError(f"{path.name}:{number}: {raw!r}")
    return sections


def test_units_exist_and_parse():
    assert {u.name for u in UNITS} == {"fleetops-backend.service", "fleetops-bot@.service", "fleetops-bot-host.service"}
    for unit in UNITS:
        sections = parse_unit(unit)
        assert set(sections) == {"Unit", "Service", "Install"}
        service = sections["Service"]
        assert service["User"] == ["fleetops"]
        assert service["Restart"] == ["on-failure"]
        assert all(f.lstrip("-").startswith("/etc/fleetops/") for f in service["EnvironmentFile"])
        assert service["ExecStart"][0].startswith("/opt/fleetops/.venv/bin/fleetops ")
        text = unit.read_text()
        for option in HARDENING:
            assert option in text, (unit.name, option)


def test_bot_unit_is_a_template_with_its_own_environment():
    service = parse_unit(DEPLOY / "systemd" / "fleetops-bot@.service")["Service"]
    assert service["EnvironmentFile"] == ["/etc/fleetops/bot-%i.env"]
    assert service["ExecStart"] == ["/opt/fleetops/.venv/bin/fleetops bot"]


def test_bot_host_unit_runs_every_company_and_reloads_on_sighup():
    service = parse_unit(DEPLOY / "systemd" / "fleetops-bot-host.service")["Service"]
    assert service["ExecStart"] == ["/opt/fleetops/.venv/bin/fleetops bot --all"]
    assert "FLEETOPS_BOT_ENV_DIR=/etc/fleetops" in service["Environment"]
    assert service["ExecReload"] == ["/bin/kill -HUP $MAINPID"]
    # its own settings file must not look like a company's (bot-*.env)
    assert not any(f.lstrip("-").rsplit("/", 1)[-1].endswith(".env") for f in service["EnvironmentFile"])


def test_backend_unit_binds_loopback():
    service = parse_unit(DEPLOY / "systemd" / "fleetops-backend.service")["Service"]
    assert "--host 127.0.0.1" in service["ExecStart"][0]
    assert "FLEETOPS_BACKEND_HOST=127.0.0.1" in service["Environment"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
def test_systemd_analyze_accepts_the_units(tmp_path):
    # Verify copies with paths that exist here; unknown users/env files are not what we check.
    for unit in UNITS:
        copy = tmp_path / unit.name.replace("@", "@demo")
        copy.write_text(
            unit.read_text()
            .replace("/opt/fleetops/.venv/bin/fleetops", "/bin/true")
            .replace("EnvironmentFile=/etc/fleetops/", "EnvironmentFile=-/etc/fleetops/")
        )
        proc = subprocess.run(
            ["systemd-analyze", "verify", "--man=no", str(copy)], capture_output=True, text=True, timeout=60
        )
        problems = [
            line
            for line in proc.stderr.splitlines()
            if "Unknown" in line or "Invalid" in line or "Failed to parse" in line or "bad" in line.lower()
        ]
        assert problems == [], proc.stderr


def test_nginx_sets_x_real_ip_and_never_proxies_the_backend():
    conf = (DEPLOY / "nginx" / "fleetops.conf").read_text()
    proxies = re.findall(r"proxy_pass\s+([^;]+);", conf)
    assert proxies and all("127.0.0.1:8087" not in p for p in proxies)
    assert conf.count("proxy_set_header X-Real-IP $remote_addr;") == len(proxies)


@pytest.mark.skipif(
    shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists(),
    reason="nginx not installed (CI installs it)",
)
def test_nginx_config_passes_nginx_t(tmp_path):
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=test",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    site = (DEPLOY / "nginx" / "fleetops.conf").read_text()
    site = re.sub(r"ssl_certificate\s+\S+;", f"ssl_certificate {cert};", site)
    site = re.sub(r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {key};", site)
    (tmp_path / "site.conf").write_text(site)
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{\n access_log off;\n include {tmp_path}/site.conf;\n}}\n"
    )
    proc = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "syntax is ok" in proc.stderr
