"""祝融's skills (林): 巨象 (juxiang) 烈刃 (lieren)."""
