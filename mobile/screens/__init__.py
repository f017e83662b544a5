"""One module and one .kv layout per screen. Importing a screen imports Kivy."""
