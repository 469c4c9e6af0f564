values = [10, 12, 20]
print(f"total={sum(values)}"
