"""The app's settings file, and the language the app starts in.

The settings are a small JSON object in the user's config folder
(``platformdirs``: ``~/.config/sgs-table/settings.json`` on Linux, the app's
own files on Android), or in the file ``$SGS_TABLE_SETTINGS`` names. For now
it holds one setting, ``language``: the language chosen on the home screen.
A missing or unreadable file is no settings at all; keys this version does
not know are kept when a setting is saved.

Importing this module does not import Kivy.

>>> start_language(None, {}, None)
'zh_CN'
>>> start_language(None, {}, "ja"), start_language(None, {"SGS_TABLE_LANG": "C"}, "ja")
('ja', 'C')
>>> start_language("en", {"SGS_TABLE_LANG": "C"}, "ja")
'en'
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import platformdirs

from assistant.i18n import DEFAULT_LANGUAGE, LANGUAGES, SOURCE, normalize

__all__ = [
    "LANGUAGE_KEY",
    "SETTINGS_ENV",
    "load_settings",
    "save_setting",
    "settings_path",
    "start_language",
]

SETTINGS_ENV: Final = "SGS_TABLE_SETTINGS"
"""An environment variable naming the settings file to use instead of the user's."""
SETTINGS_FILE: Final = "settings.json"
LANGUAGE_KEY: Final = "language"


def settings_path(environ: Mapping[str, str] | None = None) -> Path:
    """``$SGS_TABLE_SETTINGS``, else ``settings.json`` in the user's config folder."""
    env = os.environ if environ is None else environ
    chosen = env.get(SETTINGS_ENV)
    if chosen:
        return Path(chosen).expanduser()
    return platformdirs.user_config_path("sgs-table", appauthor=False) / SETTINGS_FILE


def load_settings(path: Path) -> dict[str, Any]:
    """The settings in ``path``; empty when there is no such file or it does not read as JSON."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_setting(path: Path, key: str, value: object) -> None:
    """Keep ``key = value`` in the settings file (the other settings stay as they are).

    Written beside the file and moved into place, so a crash never leaves half a file.
    Raises OSError when the folder cannot be written.
    """
    settings = load_settings(path)
    settings[key] = value
    path.parent.mkdir(parents=True, exist_ok=True)
    hidden = path.with_name(f".{path.name}.new")
    hidden.write_text(json.dumps(settings, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(hidden, path)


def start_language(explicit: str | None, environ: Mapping[str, str], saved: object) -> str:
    """The language the app starts in (a code for `assistant.i18n.set_language`).

    ``explicit`` (``sgs-table app --lang``) first; then ``SGS_TABLE_LANG``
    (which the tests set, ``C`` included); then ``saved``, the setting; then
    Simplified Chinese. The app does not follow ``LANG``: a phone has none.
    """
    if explicit:
        return explicit
    asked = environ.get("SGS_TABLE_LANG", "").strip()
    if asked == SOURCE:
        return SOURCE
    if asked and (found := normalize(asked)) is not None:
        return found
    if isinstance(saved, str) and saved in LANGUAGES:
        return saved
    return DEFAULT_LANGUAGE
