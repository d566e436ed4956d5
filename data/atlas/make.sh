#!/bin/sh
# Sweeps the atlas shipped in this folder (issue 19) into FILE (default atlas.sqlite here):
#   every subtraction set in {1..24} of 1 to 3 moves, with 0, 1 and 2 passes (both pass
#   conventions), in normal and misere play; every octal code of 1 to 3 digits; 3-pile d-FTS
#   Nim for d = 2..64, the chocolate bars of F = (a*x+b*z)/m (a, b <= 3, m <= 4) and the
#   (a,b)-leapers (a < b <= 8), each with 0 and 1 pass.
# A rerun goes on where the last one stopped. GRUNDY names the binary (default: grundy).
set -e
grundy=${GRUNDY:-grundy}
db=${1:-$(dirname "$0")/atlas.sqlite}
"$grundy" atlas run subtraction --max 24 --sizes 3 --passes 0,1,2 --misere --db "$db"
"$grundy" atlas run octal --digits 3 --db "$db"
"$grundy" atlas run fts --piles 3 --d-max 64 --passes 0,1 --db "$db"
"$grundy" atlas run chocolate --coefficients 3 --divisors 4 --passes 0,1 --db "$db"
"$grundy" atlas run leaper --max 8 --passes 0,1 --db "$db"
