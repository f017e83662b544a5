"""曹仁's skills (风): 据守 (jushou)."""
