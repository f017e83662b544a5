"""A table's own generals (docs/generals.md): a TOML file of the packaged format, from
the configuration's generals folder or ``--generals FILE``.

Each test runs the real command line in a child process: loading a file adds to
the one catalogue of the process, which the other tests must not see.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
HOUSE = SAMPLES / "house-generals.toml"
SCRIPT = SAMPLES / "house-script.txt"


def sgs(*argv: str, config: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SGS_TABLE_LANG": "en"}
    if config is not None:
        env["XDG_CONFIG_HOME"] = str(config)
    return subprocess.run(
        [sys.executable, "-m", "mobile.cli", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_a_house_general_plays_in_a_table_script() -> None:
    """关银屏 takes 武圣 as it is and has 雪恨 of her own (hand limit +1, distance
    -1); 张星彩 takes 集智 and has 枪舞, a skill with no rule that the table enters."""
    done = sgs("--generals", str(HOUSE), "play", str(SCRIPT), "--strict", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["refused"] == [] and report["forced"] == 0
    state = report["state"]
    seats = {s["seat"]: s for s in state["seats"]}
    assert seats[3]["general"] == "guanyinping" and seats[2]["general"] == "zhangxingcai"
    assert state["distance"][2][0] == 1  # 关银屏 to 刘备: 2 around a table of 4, -1 (雪恨)
    assert seats[3]["hand_limit"] == seats[3]["hp"] + 1
    assert seats[1]["hp"] == seats[1]["max_hp"] - 1  # her 杀 by 武圣 hit him
    used = [i["move"] for i in report["inputs"] if i["input"] == "skill 2 house_qiangwu"]
    assert used == ["skill 2 house_qiangwu"]


def test_without_its_file_the_setup_names_the_file_it_needs(tmp_path: Path) -> None:
    done = sgs("play", str(SCRIPT), "--strict", config=tmp_path)
    assert done.returncode == 1
    assert "unknown package 'house'" in done.stdout and "house.toml" in done.stdout


def test_the_configuration_folder_is_read_without_being_named(tmp_path: Path) -> None:
    folder = tmp_path / "sgs-table" / "generals"
    folder.mkdir(parents=True)
    (folder / "house.toml").write_text(HOUSE.read_text(encoding="utf-8"), encoding="utf-8")
    done = sgs("play", str(SCRIPT), "--strict", config=tmp_path)
    assert done.returncode == 0, done.stdout[-2000:]
    listed = sgs("generals", "--package", "house", "--json", config=tmp_path)
    generals = json.loads(listed.stdout)
    assert [(g["key"], g["number"], g["package"]) for g in generals] == [
        ("guanyinping", 101, "house"),
        ("zhangxingcai", 102, "house"),
    ]
    assert [s["key"] for s in generals[0]["skills"]] == ["wusheng", "house_xuehen"]


def test_a_record_needs_its_file_and_reads_with_it(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    assert sgs("--generals", str(HOUSE), "play", str(SCRIPT), "--db", str(db)).returncode == 0
    record = tmp_path / "house.sgs"
    done = sgs("--generals", str(HOUSE), "export", "1", "-o", str(record), "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert "packages=standard,ex,maneuvering,house" in record.read_text(encoding="utf-8")
    refused = sgs("check", str(record), config=tmp_path)
    assert refused.returncode == 1
    assert "house.toml" in refused.stderr + refused.stdout
    checked = sgs("check", str(record), "--generals", str(HOUSE), config=tmp_path)
    assert checked.returncode == 0, checked.stderr
    other = tmp_path / "other.db"
    refused = sgs("import", str(record), "--db", str(other), config=tmp_path)
    assert refused.returncode == 1 and "house.toml" in refused.stderr
    assert "nothing was stored" in refused.stderr
    imported = sgs("--generals", str(HOUSE), "import", str(record), "--db", str(other))
    assert imported.returncode == 0, imported.stderr


BROKEN = [
    ("max_hp = 3", "max_hp = 0", "general #1 'guanyinping', field 'max_hp'"),
    ('uses = "wusheng"', 'uses = "nosuchskill"', "field 'uses': no skill 'nosuchskill' to use"),
    ("first_number = 101", "first_number = 20", "field 'first_number'"),
    ('key = "zhangxingcai"', 'key = "caocao"', "general 'caocao', field 'key'"),
    ('timing = "always"', 'timing = "sometimes"', "field 'timing'"),
]


def test_a_broken_file_is_refused_naming_the_entry_and_the_field(tmp_path: Path) -> None:
    text = HOUSE.read_text(encoding="utf-8")
    for old, new, named in BROKEN:
        broken = tmp_path / "house.toml"
        assert old in text
        broken.write_text(text.replace(old, new, 1), encoding="utf-8")
        done = sgs("--generals", str(broken), "generals", "--package", "all", config=tmp_path)
        assert done.returncode == 1, (old, done.stdout)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and str(broken) in lines[0] and named in lines[0], (new, lines)
        assert done.stdout == ""


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    done = sgs("--generals", str(tmp_path / "nowhere.toml"), "cards", config=tmp_path)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "nowhere.toml" in done.stderr


def test_the_format_document_names_every_timing_and_effect() -> None:
    """docs/generals.md is the format's reference: what the engine reads, it lists."""
    from engine.effects import EFFECT_KINDS
    from engine.generals import Timing

    text = (Path(__file__).resolve().parents[2] / "docs" / "generals.md").read_text("utf-8")
    for word in [t.value for t in Timing] + sorted(EFFECT_KINDS):
        assert f"`{word}`" in text, word
