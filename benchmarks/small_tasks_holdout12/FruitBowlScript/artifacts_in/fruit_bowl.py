bowl = {'apples': 5, 'pears': 3, 'plums': 9}
# 12 grapes were eaten
print(sum(bowl.values()))
