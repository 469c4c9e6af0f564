BUILD = sum(range(1, 95))
print(f"Hello from build {BUILD}-b")
