"""A throwaway PostgreSQL server for the store tests.

``initdb`` in a fresh temporary directory, ``pg_ctl start`` on a free
loopback port (its socket in the same directory), one schema per test,
everything removed at the end. PostgreSQL refuses to run as root, so when
the tests run as root (as in CI) the server runs as the ``postgres`` user of
Debian's ``postgresql`` package, which owns the directory.

Missing binaries are an error, never a reason to skip: ``make test``
installs the package.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

SUPERUSER = "postgres"
DATABASE = "sgs_test"
SCHEMA_PREFIX = "test_"


class PostgresUnavailable(RuntimeError):
    """The server cannot be started here; the message says what to install or fix."""


def find_bin_dir() -> Path:
    """The folder with initdb and pg_ctl: Debian's newest version, else the PATH."""
    debian = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda path: int(Path(path).parent.name) if Path(path).parent.name.isdigit() else 0,
    )
    for folder in reversed(debian):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if initdb and pg_ctl:
        return Path(initdb).parent
    raise PostgresUnavailable(
        "PostgreSQL server binaries (initdb, pg_ctl) not found in /usr/lib/postgresql/*/bin "
        "or on the PATH: install Debian's postgresql package (make test does it: "
        "scripts/setup.sh test)"
    )


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PostgresServer:
    """One server in a temporary directory; `start`, `new_database`, `stop`, `remove`."""

    def __init__(self) -> None:
        self.bin = find_bin_dir()
        self.as_user: str | None = None
        if os.geteuid() == 0:
            try:
                pwd.getpwnam(SUPERUSER)
            except KeyError:
                raise PostgresUnavailable(
                    "the tests run as root and PostgreSQL refuses to; there is no "
                    f"{SUPERUSER!r} user to run it as (Debian's postgresql package creates it)"
                ) from None
            self.as_user = SUPERUSER
        self.root = Path(tempfile.mkdtemp(prefix="sgs-table-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = _free_port()
        self._names = itertools.count(1)
        if self.as_user is not None:
            shutil.chown(self.root, self.as_user, self.as_user)
        try:
            self._run(
                "initdb",
                "-D",
                str(self.data),
                "-U",
                SUPERUSER,
                "--auth=trust",
                "--encoding=UTF8",
                "--no-locale",
                "--no-sync",
            )
        except BaseException:
            shutil.rmtree(self.root, ignore_errors=True)
            raise

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self.bin / tool), *args]
        if self.as_user is not None:
            runner = shutil.which("runuser")
            if runner is not None:
                command = [runner, "-u", self.as_user, "--", *command]
            else:
                command = ["su", self.as_user, "-s", "/bin/sh", "-c", " ".join(command)]
        done = subprocess.run(
            command, cwd=self.root, capture_output=True, text=True, timeout=120, check=False
        )
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise PostgresUnavailable(
                f"{tool} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}"
                + (f"\nserver log:\n{log}" if log else "")
            )

    def start(self) -> None:
        # fsync off: the store tests check the store's behaviour, not PostgreSQL's disk.
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            "pg_ctl",
            "start",
            "-w",
            "-t",
            "60",
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-o",
            options,
        )

    def stop(self) -> None:
        self._run("pg_ctl", "stop", "-w", "-m", "fast", "-D", str(self.data))

    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """The URL of a new, empty place for the store's tables.

        Each is a schema of its own in one test database (the URL sets the
        search path to it): as isolated as a new database, and made in well
        under a millisecond instead of the half second CREATE DATABASE takes.
        """
        import psycopg

        with psycopg.connect(
            host="127.0.0.1", port=self.port, user=SUPERUSER, dbname="postgres", autocommit=True
        ) as conn:
            if not conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (DATABASE,)
            ).fetchone():
                conn.execute(f'CREATE DATABASE "{DATABASE}"')
        schema = f"{SCHEMA_PREFIX}{next(self._names)}"
        with psycopg.connect(
            host="127.0.0.1", port=self.port, user=SUPERUSER, dbname=DATABASE, autocommit=True
        ) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
        return f"{self.url(DATABASE)}?options=-csearch_path%3D{schema}"

    def remove(self) -> None:
        try:
            if self.running():
                self.stop()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
