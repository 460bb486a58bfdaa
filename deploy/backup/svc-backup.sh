#!/bin/sh
# The nightly backup of the Svc database, run by svc-backup.service on the database host:
# a `pg_dump --format=custom` into SVC_BACKUP_DIR, checked readable by pg_restore, copied off the
# host by SVC_BACKUP_COPY_COMMAND, and dumps older than SVC_BACKUP_KEEP_DAYS removed here.
# A dump that stays on the database host is lost with it, so without a copy command the run
# fails (the dump is still made) and `systemctl --failed` shows it.
#
#   SVC_BACKUP_DATABASE      the database: a name on this host, or a postgres:// URL (svc)
#   SVC_BACKUP_DIR           where dumps are kept on this host (/var/backups/svc)
#   SVC_BACKUP_KEEP_DAYS     days of dumps kept on this host (14)
#   SVC_BACKUP_COPY_COMMAND  a shell command run with the dump's path as $1, e.g.
#                            rsync -a "$1" backup@10.0.0.20:/srv/svc-backups/
#                            scp -q "$1" backup@10.0.0.20:/srv/svc-backups/
#                            aws s3 cp "$1" s3://example-backups/svc/
set -eu

database="${SVC_BACKUP_DATABASE:-svc}"
dir="${SVC_BACKUP_DIR:-/var/backups/svc}"
keep_days="${SVC_BACKUP_KEEP_DAYS:-14}"
copy="${SVC_BACKUP_COPY_COMMAND:-}"

mkdir -p "$dir"
file="$dir/svc-$(date -u +%Y%m%dT%H%M%SZ).dump"
# Written under another name first: a dump cut short never looks like a finished one.
pg_dump --format=custom --file="$file.partial" "$database"
pg_restore --list "$file.partial" >/dev/null
mv "$file.partial" "$file"
find "$dir" -name 'svc-*.dump' -mtime +"$keep_days" -delete

if [ -z "$copy" ]; then
  echo "svc-backup: $file stays on this host only; set SVC_BACKUP_COPY_COMMAND" >&2
  exit 1
fi
sh -c "$copy" svc-backup "$file"
echo "svc-backup: $file made and copied off the host"
