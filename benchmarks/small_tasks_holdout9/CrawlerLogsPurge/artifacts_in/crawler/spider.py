START = '/index'
