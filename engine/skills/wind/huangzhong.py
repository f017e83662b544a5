"""黄忠's skills (风): 烈弓 (liegong)."""
