with open('story.txt') as fh:
    words = fh.read().split()
print('longest:', max(words, key=len))
