from datetime import date

concert = date(2027, 5, 14)
print(f"The concert is on a {concert:%A}.")
