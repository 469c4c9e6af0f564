hours = {'mon': 8, 'tue': 7.5, 'wed': 8, 'thu': 6, 'fri': 8}
print(f"total: {sum(hours.values())} hours")
