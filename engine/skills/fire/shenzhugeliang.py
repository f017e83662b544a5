"""神诸葛亮's skills (火): 七星 (qixing) 狂风 (kuangfeng) 大雾 (dawu)."""
