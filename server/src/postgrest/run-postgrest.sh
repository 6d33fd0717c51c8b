#!/bin/sh
# Runs PostgREST ($1) for the node server, and stops it when the server goes, even by SIGKILL:
# the server holds our stdin open, so its end is the signal. The server stops PostgREST the
# same way, by closing our stdin. PostgREST runs at the lowest priority (nice 19): on a busy
# machine the game server's moves go first and leaderboard reads wait.
exec 3<&0 # a background job's stdin would be /dev/null: keep the server's pipe as fd 3
nice -n 19 "$1" </dev/null 3<&- &
pid=$!
echo "postgrest pid $pid"
( while read -r _ <&3; do :; done; kill "$pid" 2>/dev/null ) &
exec 3<&-
wait "$pid"
