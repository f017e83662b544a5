"""张昭张纮's skills (山): 直谏 (zhijian) 固政 (guzheng)."""
