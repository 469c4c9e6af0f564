import datetime
print(datetime.date(2024, 2, 29).strftime('%A'))
