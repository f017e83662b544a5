"""张郃's skills (山): 巧变 (qiaobian)."""
