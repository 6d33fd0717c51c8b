#!/bin/sh
# Runs PostgreSQL ("$@": postgres and its arguments, behind nice and, as root, setpriv) for the
# node server, and stops it when the server goes, even by SIGKILL: the server holds our stdin
# open, so its end is the signal. The server stops PostgreSQL the same way, by closing our stdin:
# SIGINT is PostgreSQL's fast shutdown (sessions ended, a checkpoint, exit).
exec 3<&0 # a background job's stdin would be /dev/null: keep the server's pipe as fd 3
"$@" </dev/null 3<&- &
pid=$!
echo "postgres pid $pid"
( while read -r _ <&3; do :; done; kill -INT "$pid" 2>/dev/null ) &
exec 3<&-
wait "$pid"
