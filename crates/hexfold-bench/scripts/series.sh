#!/bin/bash
# A strength series of the expert against three greedy bots, in chunks of 20 games that can be run and summed
# over several sessions.
#
#   crates/hexfold-bench/scripts/series.sh run GAME FIRST LAST [TAG [SELFPLAY-ARGS...]]
#   crates/hexfold-bench/scripts/series.sh summarise
#
# `run` plays the chunks whose seeds start at FIRST, FIRST+20, ... up to LAST (exclusive), one after the other,
# each `selfplay --game GAME --games 20 --seed S --strategies expert,greedy,greedy,greedy SELFPLAY-ARGS` at
# `nice -n 19`, and saves its output to $SERIES/GAME-S.txt, or $SERIES/GAME-TAG-S.txt with a TAG (for another
# budget, e.g. `think200` with `--think-ms 200 --sims 1000000`; `-` for none). A chunk whose file exists is
# skipped, so a series is continued by running the same command again; a chunk is written under a temporary name
# and renamed only once it finished. Twenty games are a multiple of four, so every chunk seats the expert in each
# seat equally often ($CHUNK sets another multiple of four, for budgets whose games are long). The binary is
# $SELFPLAY (default target/release/selfplay; copy it aside, so a rebuild does not change a series under way);
# each chunk's file starts with the command, the start of the binary's SHA-256 and the commit it was built from
# ($SELFPLAY_COMMIT, default the checkout's HEAD), so chunks of different builds are told apart.
#
# `summarise` sums the chunks of each series (GAME or GAME-TAG) in $SERIES: the games, the expert's wins, the
# share and its 95 % Wilson interval, the seeds, the simulations and CPU milliseconds per searched decision
# (averaged over the decisions), and the binaries the chunks came from (SHA-256@commit).
#
# $SERIES defaults to crates/hexfold-bench/series in this checkout, and the chunks are committed there: they are
# the raw figures behind the bench README's table. (They used to live outside the repository, in a folder of the
# project machine, until a machine reset lost the first 400 Elasund games' files and a Catania series under way.)
set -euo pipefail
series=${SERIES:-$(cd "$(dirname "$0")/.." && pwd)/series}
chunk=${CHUNK:-20}

run() {
	local game=$1 first=$2 last=$3 tag=${4:--}
	shift $(($# < 4 ? $# : 4))
	local bin=${SELFPLAY:-target/release/selfplay}
	local name=$game
	[ "$tag" = - ] || name=$game-$tag
	mkdir -p "$series"
	local sum commit
	sum=$(sha256sum "$bin" | cut -c1-16)
	commit=${SELFPLAY_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
	for ((s = first; s < last; s += chunk)); do
		local out=$series/$name-$s.txt
		[ -e "$out" ] && continue
		local cmd=(nice -n 19 "$bin" --game "$game" --games $chunk --seed "$s"
			--strategies expert,greedy,greedy,greedy "$@")
		{
			echo "# command: ${cmd[*]}"
			echo "# binary: $sum commit $commit started $(date -u +%FT%TZ)"
			"${cmd[@]}"
			echo "# finished $(date -u +%FT%TZ)"
		} >"$out.part"
		mv "$out.part" "$out"
	done
}

summarise() {
	shopt -s nullglob
	local files=("$series"/*.txt)
	[ ${#files[@]} -gt 0 ] || {
		echo "no chunks in $series"
		return
	}
	# One line per chunk: series name, first seed, wins, games, searched decisions, simulations and ms each, binary.
	for f in "${files[@]}"; do
		local base=${f##*/}
		base=${base%.txt}
		awk -v name="${base%-*}" -v seed="${base##*-}" '
			/^# binary:/ { bin = $3 "@" $5 }
			/strategy 1 \(expert\) won/ { for (i = 1; i <= NF; i++) if ($i == "won") { w = $(i + 1); n = $(i + 3) } }
			/the expert searched/ {
				for (i = 1; i <= NF; i++) {
					if ($i == "searched") d = $(i + 1)
					if ($i == "simulations") s = $(i - 1)
					if ($i == "ms") ms = $(i - 1)
				}
			}
			END { if (n != "") print name, seed, w, n, d + 0, s + 0, ms + 0, bin }' "$f"
	done | sort -k1,1 -k2,2n | awk '
		function flush() {
			if (name == "") return
			ranges = ranges (ranges == "" ? "" : ",") from "-" (to - 1)
			z = 1.96; p = w / n; den = 1 + z * z / n
			mid = (p + z * z / (2 * n)) / den
			half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
			printf "%-24s %4d of %4d games  %5.1f %%  95 %% %4.1f-%4.1f %%  seeds %s  %4.0f sims, %6.1f ms CPU a decision  %s\n",
				name, w, n, 100 * p, 100 * (mid - half), 100 * (mid + half), ranges, d ? sims / d : 0, d ? ms / d : 0, bins
		}
		$1 != name { flush(); name = $1; w = n = d = sims = ms = 0; ranges = bins = ""; from = to = -1 }
		{
			w += $3; n += $4; d += $5; sims += $5 * $6; ms += $5 * $7
			if (index(" " bins " ", " " $8 " ") == 0) bins = (bins == "" ? "" : bins " ") $8
			if ($2 == to) to = $2 + $4
			else { if (from >= 0) ranges = ranges (ranges == "" ? "" : ",") from "-" (to - 1); from = $2; to = $2 + $4 }
		}
		END { flush() }'
}

case ${1:-} in
run)
	shift
	run "$@"
	;;
summarise)
	summarise
	;;
*)
	sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'
	exit 2
	;;
esac
