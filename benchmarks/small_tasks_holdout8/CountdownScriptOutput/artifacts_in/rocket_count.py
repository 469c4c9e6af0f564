for i in range(10, 0, -3):
    print(i)
print("go!")
