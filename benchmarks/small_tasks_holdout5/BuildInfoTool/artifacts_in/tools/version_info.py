BASE = 67

print(f"build {BASE * BASE} (2026-11-20)")
