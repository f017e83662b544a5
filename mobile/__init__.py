"""The Kivy table app. No rules here: every number shown comes from assistant/ and engine/."""
