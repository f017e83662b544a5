"""邓艾's skills (山): 屯田 (tuntian) 凿险 (zaoxian) 急袭 (jixi)."""
