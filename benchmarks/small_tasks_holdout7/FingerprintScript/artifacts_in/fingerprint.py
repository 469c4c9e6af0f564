import hashlib

print(hashlib.sha256(b"lighthouse-keeper-1897").hexdigest()[:16])
