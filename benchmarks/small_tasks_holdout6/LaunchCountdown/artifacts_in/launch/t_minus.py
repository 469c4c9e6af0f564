for n in range(5, 0, -2):
    print(f"T-{n}")
print("liftoff")
