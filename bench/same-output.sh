#!/usr/bin/env bash
# Same output, old jar and new: `report --format json` with --threads 1 and 2 over every log of
# the shared corpus (access and JVM, INDEX.tsv), the samples and any extra files given, each jar
# in one JVM; then the two jars' outputs compared, and each jar's --threads 1 against --threads 2.
# FORMATS="json table html csv" compares those formats too (default json).
# Usage: [FORMATS=...] bench/same-output.sh OLD.jar NEW.jar [EXTRA_LOG...]   (exit 0: byte-identical)
set -euo pipefail
old="$1" new="$2"
shift 2
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
corpus="${CORPUS:-/work/shared/corpus}"
work="$(mktemp -d "${TMPDIR:-/tmp}/tardy-same.XXXXXX")"
{
  for kind in access jvm; do
    [ -f "$corpus/$kind/INDEX.tsv" ] || continue
    tail -n +2 "$corpus/$kind/INDEX.tsv" | cut -f1 | while read -r f; do
      [ -f "$corpus/$kind/$f" ] && printf '%s\n' "$corpus/$kind/$f"
    done
  done
  find "$here/../samples" -type f \( -name '*.log' -o -name '*.log.gz' \) | sort
  for f in "$@"; do printf '%s\n' "$f"; done
} > "$work/files"
echo "$(wc -l < "$work/files") logs, two thread counts, two jars: outputs in $work" >&2
java -Xmx512m -cp "$old" "$here/same-output/SameOutput.java" "$work/old" < "$work/files"
java -Xmx512m -cp "$new" "$here/same-output/SameOutput.java" "$work/new" < "$work/files"
status=0
diff -r "$work/old" "$work/new" > "$work/old-new.diff" || status=1
for f in "$work/new"/*-t1.txt; do # each format's --threads 1 against its --threads 2
  cmp -s "$f" "${f%-t1.txt}-t2.txt" || { echo "threads differ: $(head -1 "$f")" >&2; status=1; }
done
if [ "$status" -eq 0 ]; then
  echo "byte-identical: $(ls "$work/new" | wc -l) outputs" >&2
else
  echo "DIFFERENT: $work/old-new.diff" >&2
  head -40 "$work/old-new.diff" >&2
fi
exit "$status"
