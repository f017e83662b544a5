"""庞统's skills (火): 连环 (lianhuan) 涅槃 (niepan)."""
