"""周泰's skills (风): 不屈 (buqu)."""
