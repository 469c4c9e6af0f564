print(len('quartermaster'))
