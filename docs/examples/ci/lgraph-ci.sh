#!/bin/sh
# lgraph-ci.sh: bring the lgraph index of the checked-out commit up to date
# in a CI job or a scheduled run. The CI system restores $LGRAPH_STORE
# from its cache before this script and saves it after (see
# docs/examples/github-actions/lgraph.yml); a job then pays only for what
# changed since the commit the restored store indexed.
#
# Environment:
#   LGRAPH_STORE    the store directory the CI cache restores and saves (required)
#   LGRAPH          the lgraph binary (default: lgraph on PATH)
#   LGRAPH_REPO     the checkout (default: the current directory)
#   LGRAPH_SUMMARY  where the run summary (update --json) is written
#                   (default: lgraph-run.json)
#   LGRAPH_GC       1 (default): lgraph gc after the update, so the cached
#                   store keeps a bounded size; 0: skip
#   LGRAPH_VERIFY   1: also rebuild and compare (lgraph verify), e.g. on a
#                   schedule; drift fails the job. Default 0.
#   LGRAPH_FAIL_ON_BUDGET  1: a run stopped by llm.budget_tokens fails the
#                   job. Default 0: it passes with a warning, since what it
#                   paid for is in the store and the next run continues.
#
# Exit status: 0 when the index is published or up to date (or stopped on
# its budget, unless LGRAPH_FAIL_ON_BUDGET=1); otherwise lgraph's own code:
# 1 error, 2 usage (a bad flag or config), 4 drift found by verify,
# 5 another writer holds the store.
set -u

lgraph=${LGRAPH:-lgraph}
store=${LGRAPH_STORE:?set LGRAPH_STORE to the directory your CI cache restores and saves}
repo=${LGRAPH_REPO:-.}
summary=${LGRAPH_SUMMARY:-lgraph-run.json}

field() { # field NAME FILE: the first "NAME": "value" of a JSON file
	sed -n "s/^ *\"$1\": \"\\(.*\\)\",\\{0,1\\}\$/\\1/p" "$2" | head -n 1
}

mkdir -p "$store" || exit 1
"$lgraph" update --json --quiet --repo "$repo" --store "$store" >"$summary"
code=$?
outcome=$(field outcome "$summary")
case $code in
0)
	echo "lgraph: update ${outcome:-done} (summary in $summary)"
	;;
5)
	echo "lgraph: another lgraph writer holds $store (exit 5): give each job its own store" >&2
	exit 5
	;;
*)
	if [ "$outcome" = budget_stopped ] && [ "${LGRAPH_FAIL_ON_BUDGET:-0}" != 1 ]; then
		echo "::warning::lgraph: update stopped on its token budget; the next run continues where it stopped"
	else
		why=$(field message "$summary") # the error of a command that failed
		[ -n "$why" ] || why=$(field error "$summary") # the error of a run that failed
		echo "lgraph: update failed (exit $code, outcome ${outcome:-none}): $why" >&2
		exit "$code"
	fi
	;;
esac

if [ "${LGRAPH_VERIFY:-0}" = 1 ]; then
	"$lgraph" verify --quiet --repo "$repo" --store "$store" || {
		code=$?
		echo "lgraph: verify failed (exit $code; 4: the index differs from a rebuild)" >&2
		exit "$code"
	}
fi

if [ "${LGRAPH_GC:-1}" = 1 ]; then
	"$lgraph" gc --quiet --repo "$repo" --store "$store" || {
		code=$?
		echo "lgraph: gc failed (exit $code)" >&2
		exit "$code"
	}
fi
exit 0
