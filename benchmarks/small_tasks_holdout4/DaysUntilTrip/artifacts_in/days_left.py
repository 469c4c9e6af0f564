from datetime import date

print((date(2027, 3, 14) - date(2026, 11, 24)).days)
