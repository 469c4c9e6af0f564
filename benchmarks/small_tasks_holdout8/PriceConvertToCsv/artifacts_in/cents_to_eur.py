PRICES_CENTS = {"A-12": 465, "B-07": 1350, "C-33": 95}

print("sku,price_eur")
for sku, cents in PRICES_CENTS.items():
    print(f"{sku},{cents / 100:.2f}")
