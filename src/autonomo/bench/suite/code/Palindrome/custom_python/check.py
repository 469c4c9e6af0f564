from text_tools import is_palindrome as p
assert p('Never odd or even') and p('A man, a plan, a canal: Panama!')
assert not p('autonomo agent') and p('')
print("PASS")
