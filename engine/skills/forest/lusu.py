"""鲁肃's skills (林): 好施 (haoshi) 缔盟 (dimeng)."""
