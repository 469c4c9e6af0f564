import hashlib

data = "lighthouse-keeper-ledger".encode()
print(hashlib.sha1(data).hexdigest()[:12])
