#!/usr/bin/env bash
# test-release.sh RELEASE.tar.gz RELEASE.zip IMAGE.tar: what a new user does with a release, in an
# environment with Java and the basic tools only (no Maven, no JAVA_HOME, a fresh HOME): unpack,
# run the samples through bin/tardy (directly, through a link on the PATH, from a read-only
# install), compare with the jar run by hand, and run the image's entry point on its own root.
# Prints the start-up times it measured. Exits non-zero at the first failure.
set -euo pipefail

absolute() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
tgz="$(absolute "$1")" zip="$(absolute "$2")" image="$(absolute "$3")"
jdk="${JAVA_HOME:?JAVA_HOME must name the Java to test with}"
work="$(mktemp -d "${TMPDIR:-/tmp}/tardy-release-test.XXXXXX")"
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "test-release: FAIL: $*" >&2; exit 1; }
pass() { echo "test-release: ok: $*" >&2; }

# the tools a user's shell has, and java; nothing else (in particular no mvn)
tools="$work/tools"
mkdir -p "$tools" "$work/home"
for t in bash env sh mktemp cksum cut awk ln rm mv mkdir readlink cat printf sed head; do
  p="$(command -v "$t" || true)"
  [ -n "$p" ] && [ "${p#/}" != "$p" ] && ln -s "$p" "$tools/$t"
done
ln -s "$jdk/bin/java" "$tools/java"
user() { env -i PATH="$tools" HOME="$work/home" LANG=C.UTF-8 "$@"; }
ms() { local t0 t1; t0="$(date +%s%N)"; "$@" >/dev/null 2>&1 || true; t1="$(date +%s%N)"; echo $(( (t1 - t0) / 1000000 )); }

# --- the archive -----------------------------------------------------------------------------
mkdir "$work/tgz"
tar -xzf "$tgz" -C "$work/tgz"
home="$(echo "$work"/tgz/tardy-*)"
[ -d "$home" ] || fail "the archive has no tardy-VERSION/ directory"
for f in bin/tardy lib/tardy.jar man/man1/tardy.1 completion/tardy.bash README.md LICENSE \
    samples/shop-access.log samples/shop-requirements.yaml; do
  [ -e "$home/$f" ] || fail "the archive lacks $f"
done
[ -x "$home/bin/tardy" ] || fail "bin/tardy is not executable"
pass "the archive holds bin/, lib/, the manual page, the completion, README, LICENSE, samples"

version="$(cd "$home" && user bin/tardy --version)" || fail "--version exited $?"
version="${version%%$'\n'*}"
# "tardy 1.0.0 (commit 1a2b3c4d5e6f)", or "(unknown commit)" when built without git
[ "${version%% (*}" = "tardy ${home##*/tardy-}" ] || fail "--version says '$version'"
[[ "$version" =~ \((commit\ [0-9a-f]{12}(-modified)?|unknown\ commit)\)$ ]] \
  || fail "--version names no commit: '$version'"
pass "bin/tardy --version: $version"

# the same bytes as the jar run by hand
expected="$(cd "$home" && "$jdk/bin/java" -jar lib/tardy.jar report samples/shop-access.log)"
first="$(ms bash -c "cd '$home' && env -i PATH='$tools' HOME='$work/home' bin/tardy report samples/shop-access.log")"
got="$(cd "$home" && user bin/tardy report samples/shop-access.log)" || fail "report exited $?"
[ "$got" = "$expected" ] || fail "bin/tardy report differs from java -jar lib/tardy.jar report"
grep -q 'GET /product/{id}' <<<"$got" || fail "report names no operation"
pass "bin/tardy report samples/shop-access.log (no Maven on the PATH)"

set +e
(cd "$home" && user bin/tardy check samples/shop-access.log --requirements samples/shop-requirements.yaml > "$work/check.txt")
code=$?
set -e
[ "$code" = 1 ] || fail "check exited $code, 1 expected (three budgets fail by design)"
grep -q '^FAIL: 3 of 5 failed' "$work/check.txt" || fail "check's verdict line is missing"
pass "bin/tardy check on the samples exits 1 with its verdict"

# a link on the PATH, run from elsewhere; a relative link to that link
expected_abs="$("$jdk/bin/java" -jar "$home/lib/tardy.jar" report "$home/samples/shop-access.log")"
mkdir -p "$work/links" "$work/elsewhere"
ln -s "$home/bin/tardy" "$work/links/tardy"
ln -s ../links/tardy "$work/elsewhere/tardy-again"
got="$(cd "$work/elsewhere" && env -i PATH="$work/links:$tools" HOME="$work/home" tardy report "$home/samples/shop-access.log")" \
  || fail "tardy through a link exited $?"
[ "$got" = "$expected_abs" ] || fail "tardy through a link differs"
got="$(cd "$work/elsewhere" && user ./tardy-again report "$home/samples/shop-access.log")" \
  || fail "tardy through a link to a link exited $?"
[ "$got" = "$expected_abs" ] || fail "tardy through a link to a link differs"
pass "a link to bin/tardy on the PATH, and a relative link to that link"

# installed read-only (as root would into /opt) and run by another user: the class-data archive
# goes to that user's cache (root may write anywhere, so the run is another user's where root
# can become one)
cp -R "$home" "$work/ro"
rm -f "$work/ro/lib/"tardy-*.jsa "$work/ro/lib/"tardy-*.java
chmod -R a-w "$work/ro"
chmod a+rx "$work" "$work/ro"
as_user=()
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
  as_user=("$(command -v setpriv)" --reuid=65534 --regid=65534 --clear-groups)
  mkdir -p "$work/nobody"
  chmod 777 "$work/nobody"
fi
ro_home="$work/home"
[ ${#as_user[@]} -gt 0 ] && ro_home="$work/nobody"
got="$(cd "$work/ro" && env -i PATH="$tools" HOME="$ro_home" ${as_user[@]+"${as_user[@]}"} \
  "$work/ro/bin/tardy" report samples/shop-access.log)" || fail "read-only install exited $?"
[ "$got" = "$expected" ] || fail "read-only install differs"
if [ ${#as_user[@]} -gt 0 ]; then
  ls "$ro_home/.cache/tardy/"*/tardy-*.jsa >/dev/null 2>&1 ||
    fail "no class-data archive in the user's cache"
  pass "a read-only install runs for another user (class-data archive in ~/.cache/tardy)"
else
  pass "a read-only install runs (not as another user: root or setpriv missing)"
fi

# without Java: a clear word, exit 3
mkdir "$work/nojava"
for t in "$tools"/*; do [ "${t##*/}" = java ] || ln -s "$(readlink "$t")" "$work/nojava/${t##*/}"; done
set +e
err="$(env -i PATH="$work/nojava" HOME="$work/home" "$home/bin/tardy" --version 2>&1 >/dev/null)"
code=$?
set -e
[ "$code" = 3 ] || fail "without java: exit $code, 3 expected"
grep -q 'needs Java 17' <<<"$err" || fail "without java: '$err'"
pass "without Java: exit 3 and '$err'"

# the manual page and the completion
grep -q '^\.SH EXAMPLES' "$home/man/man1/tardy.1" || fail "the manual page has no EXAMPLES"
grep -q '^\.SH REQUIREMENTS' "$home/man/man1/tardy.1" || fail "the manual page has no REQUIREMENTS"
user bash -c "source '$home/completion/tardy.bash' && complete -p tardy" >/dev/null ||
  fail "the completion script defines no completion for tardy"
pass "the manual page has EXAMPLES and REQUIREMENTS; the completion loads in bash"

warm="$(ms bash -c "cd '$home' && env -i PATH='$tools' HOME='$work/home' bin/tardy report samples/shop-access.log")"
plain="$(ms "$jdk/bin/java" -Xmx256m -XX:+UseParallelGC -XX:-UsePerfData -jar "$home/lib/tardy.jar" report "$home/samples/shop-access.log")"

# --- the zip: the same files, the launcher still executable -------------------------------------
mkdir "$work/zip"
(cd "$work/zip" && unzip -q "$zip")
(cd "$work/tgz" && find . -path '*/lib/tardy-*' -prune -o -type f -print | sort) > "$work/tgz.list"
(cd "$work/zip" && find . -type f | sort) > "$work/zip.list"
diff "$work/tgz.list" "$work/zip.list" >&2 || fail "the zip and the tar.gz hold different files"
got="$(cd "$work/zip"/tardy-* && user bin/tardy report samples/shop-access.log)" || fail "zip: report exited $?"
[ "$got" = "$expected" ] || fail "zip: report differs"
pass "the zip holds the same files and runs the same"

# --- the image ----------------------------------------------------------------------------------
mkdir -p "$work/image" "$work/image-root"
tar -xf "$image" -C "$work/image"
[ -f "$work/image/oci-layout" ] && [ -f "$work/image/index.json" ] && [ -f "$work/image/manifest.json" ] ||
  fail "the image lacks oci-layout, index.json or manifest.json"
blob() { echo "$work/image/blobs/sha256/${1#sha256:}"; }
field() { sed -n "s/.*\"$2\":\"\\([^\"]*\\)\".*/\\1/p" <<<"$1" | head -n 1; }
for f in "$work/image/blobs/sha256/"*; do
  [ "$(sha256sum < "$f" | cut -d' ' -f1)" = "${f##*/}" ] || fail "blob ${f##*/} does not match its digest"
done
manifest="$(cat "$(blob "$(field "$(cat "$work/image/index.json")" digest)")")"
layer="$(sed -n 's/.*"layers":\[{[^}]*"digest":"\([^"]*\)".*/\1/p' <<<"$manifest")"
config="$(cat "$(blob "$(sed -n 's/.*"config":{[^}]*"digest":"\([^"]*\)".*/\1/p' <<<"$manifest")")")"
tar -xzf "$(blob "$layer")" -C "$work/image-root"
pass "the image is an OCI layout whose blobs match their digests"
if command -v skopeo >/dev/null 2>&1; then
  skopeo inspect "oci-archive:$image" >/dev/null || fail "skopeo cannot read the image"
  pass "skopeo reads the image"
fi
if command -v umoci >/dev/null 2>&1; then
  tag="$(field "$(cat "$work/image/index.json")" org.opencontainers.image.ref.name)"
  umoci unpack --image "$work/image:$tag" "$work/bundle" >/dev/null || fail "umoci cannot unpack the image"
  [ -x "$work/bundle/rootfs/opt/tardy/runtime/bin/java" ] || fail "umoci's rootfs has no runtime"
  pass "umoci unpacks the image into a runtime bundle"
fi
# the entry point, as a container runtime would start it: in the image's root, nothing else
entry=()
while IFS= read -r a; do entry+=("$a"); done < <(
  sed -n 's/.*"Entrypoint":\[\([^]]*\)\].*/\1/p' <<<"$config" | tr ',' '\n' | sed 's/^"//; s/"$//')
[ "${entry[0]}" = /opt/tardy/runtime/bin/java ] || fail "the entry point is '${entry[*]}'"
cp "$home/samples/shop-access.log" "$work/image-root/logs/access.log"
# as a container runtime starts it: in the image's root with a /proc of its own, an empty
# environment but the image's, the working directory the image names
inroot() {
  unshare -m sh -c 'mount -t proc proc "$1/proc" && shift && exec env -i PATH=/opt/tardy/runtime/bin "$@"' \
    sh "$work/image-root" "$(command -v chroot)" "$work/image-root" "$@"
}
if inroot /opt/tardy/runtime/bin/java -version >/dev/null 2>&1; then
  got="$(inroot "${entry[@]}" report /logs/access.log)" || fail "image: report exited $?"
  [ "$got" = "${expected//samples\/shop-access.log/\/logs\/access.log}" ] ||
    fail "image: report differs from the archive's"
  pass "the image's entry point, run in its own root: report /logs/access.log as the archive"
  if grep -q 'SharedArchiveFile' <<<"${entry[*]}"; then
    # -Xshare:on: an archive the JVM cannot map (a jar changed since) is an error, not a slower run
    inroot "${entry[@]/-Xlog:cds=off/-Xshare:on}" --version >/dev/null ||
      fail "the image's class-data archive cannot be mapped"
    pass "the image maps its class-data archive"
  fi
  image_ms="$(ms inroot "${entry[@]}" report /logs/access.log)"
  image_plain_ms="$(ms inroot /opt/tardy/runtime/bin/java -Xmx256m -XX:+UseParallelGC -XX:-UsePerfData -jar /opt/tardy/lib/tardy.jar report /logs/access.log)"
  echo "test-release: image entry point in its root: ${image_ms} ms (without its class-data archive ${image_plain_ms} ms)" >&2
else
  echo "test-release: note: chroot or unshare refused here: the image's entry point was not run" >&2
fi
echo "test-release: start-up (report on the 2,000-line sample): ${first} ms (the class-data archive" \
  "written by the run before), then ${warm} ms; java -jar without the archive ${plain} ms" >&2
echo "test-release: sizes: $(du -k "$tgz" | cut -f1) KiB tar.gz, $(du -k "$zip" | cut -f1) KiB zip," \
  "$(du -k "$image" | cut -f1) KiB image" >&2
echo "test-release: all passed" >&2
