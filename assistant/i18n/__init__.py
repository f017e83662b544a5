"""The table's languages: gettext message catalogs, Simplified Chinese first.

Every string a person reads goes through here: ``_`` and its kin for the
assistant's and the app's own words, `tr` for what the engine says (its
`~engine.text.Text` sentences and its game objects), and the names of
cards, generals, skills, kingdoms, phases and roles. The catalogs live in
``assistant/locale`` (see ``scripts/i18n.py`` and docs/translations.md).
"""

from assistant.i18n.languages import (
    DEFAULT_LANGUAGE,
    LANGUAGE_NAMES,
    LANGUAGES,
    SOURCE,
    from_environment,
    language,
    normalize,
    set_language,
    speaking,
)
from assistant.i18n.words import (
    N_,
    _,
    card_name,
    card_text,
    colour_name,
    element_name,
    gender_name,
    general_name,
    gettext,
    join_list,
    kingdom_name,
    mode_name,
    ngettext,
    npgettext,
    package_name,
    pgettext,
    phase_name,
    point_name,
    role_name,
    skill_name,
    skill_text,
    subtype_name,
    tr,
    type_name,
    variant_name,
)

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "SOURCE",
    "_",
    "card_name",
    "card_text",
    "colour_name",
    "element_name",
    "from_environment",
    "gender_name",
    "general_name",
    "gettext",
    "join_list",
    "kingdom_name",
    "language",
    "mode_name",
    "ngettext",
    "normalize",
    "npgettext",
    "package_name",
    "pgettext",
    "phase_name",
    "point_name",
    "role_name",
    "set_language",
    "skill_name",
    "skill_text",
    "speaking",
    "subtype_name",
    "tr",
    "type_name",
    "variant_name",
]
