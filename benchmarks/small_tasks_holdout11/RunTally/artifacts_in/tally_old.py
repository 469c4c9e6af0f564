print(11)
