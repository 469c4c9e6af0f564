import hashlib

print(hashlib.sha256(b"bluefin-7").hexdigest()[:16])
