import glob
import os

for path in glob.glob('logs/*.log.5'):
    os.remove(path)
