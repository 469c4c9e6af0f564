alias gs='git status'
alias ..='cd ..'
