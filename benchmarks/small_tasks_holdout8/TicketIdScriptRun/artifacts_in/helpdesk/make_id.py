"""Prints the id for the next support ticket."""
import hashlib

print("TKT-" + hashlib.sha1(b"ticket 3381").hexdigest()[:8].upper())
