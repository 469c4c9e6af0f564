print('-'.join(['north', 'star']))
