#!/bin/sh
# Restores a dump of svc-backup.sh into an empty database, in one transaction: either all of it
# is there or nothing is. Then start the API on it; its migrations bring an older dump's schema
# up to date.
#
#   svc-restore <dump> <database>    the database: a name on this host, or a postgres:// URL
set -eu

if [ "$#" -ne 2 ]; then
  echo "usage: svc-restore <dump> <database>" >&2
  exit 2
fi
pg_restore --single-transaction --exit-on-error --no-owner --dbname="$2" "$1"
echo "svc-restore: $1 restored into $2"
