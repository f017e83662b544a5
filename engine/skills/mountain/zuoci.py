"""左慈's skills (山): 化身 (huashen) 新生 (xinsheng)."""
