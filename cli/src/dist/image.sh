#!/usr/bin/env bash
# image.sh RELEASE.tar.gz IMAGE.tar: an OCI image of tardy (an OCI layout in a tar, which
# `docker load`, `podman load` and `skopeo copy oci-archive:` read), built without a container
# daemon and without a base image: one layer holding a jlink'd Java runtime (only the modules
# tardy uses), the C libraries that runtime links against (taken from this machine), the release,
# and a class-data archive of tardy's classes made inside the new root. Its entry point is tardy:
#   docker run --rm -v /var/log/nginx:/logs tardy:VERSION report /logs/access.log
# Needs a JDK 17+ (JAVA_HOME) with jlink and jdeps, GNU tar, gzip, sha256sum and ldd; the class-data
# archive needs chroot and unshare (root), and is left out, with a word, where they are refused.
set -euo pipefail

release="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
out="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
jdk="${JAVA_HOME:?JAVA_HOME must name a JDK 17 or later}"
name="$(basename "$release" .tar.gz)" # tardy-VERSION
version="${name#tardy-}"
work="$(mktemp -d "${TMPDIR:-/tmp}/tardy-image.XXXXXX")"
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"
home="$root/opt/tardy"
mkdir -p "$root/opt" "$root/tmp" "$root/logs" "$root/etc" "$root/proc" "$root/dev"
chmod 1777 "$root/tmp"
tar -xzf "$release" -C "$root/opt"
mv "$root/opt/$name" "$home"

# the runtime: the modules the jar needs (java.base and the few others jdeps finds), no debug
# symbols, man pages or headers
modules="$("$jdk/bin/jdeps" --ignore-missing-deps --print-module-deps --multi-release 17 "$home/lib/tardy.jar")"
"$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files \
  --compress=2 --output "$home/runtime"

# the C libraries the runtime links against, at the same paths, with the dynamic loader
copy() {
  local lib="$1" real
  case "$lib" in "$root"/*) return 0 ;; esac # the runtime's own
  [ -e "$root$lib" ] && return 0
  mkdir -p "$root$(dirname "$lib")"
  real="$(readlink -f "$lib")"
  cp "$real" "$root$lib"
}
while read -r lib; do copy "$lib"; done < <(
  find "$home/runtime" -type f \( -name '*.so' -o -path '*/bin/*' \) -exec ldd {} \; 2>/dev/null |
    grep -oE '(/[^ ]+\.so[^ ]*)' | sort -u)
# the user and group a process needs a name for, and the zone data Java carries itself
printf 'root:x:0:0:root:/:/sbin/nologin\nnobody:x:65534:65534:nobody:/:/sbin/nologin\n' > "$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' > "$root/etc/group"

# -XX:-UsePerfData: no statistics file to write in /tmp; the options of bin/tardy otherwise
java=/opt/tardy/runtime/bin/java
jar=/opt/tardy/lib/tardy.jar
opts=(-XX:+DisplayVMOutputToStderr -Xmx256m -XX:+UseParallelGC -XX:-UsePerfData
  -XX:FreqInlineSize=60)
# every file's time is the layer's (0): the class-data archive records the jar's time and size,
# and refuses a jar whose time changed since, as tar's --mtime below would change it
find "$root" -exec touch -h -d @0 {} +
cds=()
# A command run in the image's root as a container runtime runs it: a /proc of its own (the
# loader finds the runtime's libraries through /proc/self/exe), an empty environment.
inroot() {
  unshare -m sh -c 'mount -t proc proc "$1/proc" && shift && exec env -i "$@"' sh "$root" \
    "$(command -v chroot)" "$root" "$@"
}
# class-data sharing, as bin/tardy trains it, but inside the image's root: the archive records the
# jar's path, which must be the path the container sees
if inroot "$java" -version >/dev/null 2>&1; then
  printf '%s\n' '127.0.0.1 - - [01/Jan/2026:00:00:00 +0000] "GET /a/1 HTTP/1.1" 200 1 "-" "-" 0.001' \
    > "$root/tmp/access.log"
  printf '%s\n' '[2026-01-01T00:00:00.100+0000][0.100s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.456ms' \
    '[0.200s][info][safepoint] Safepoint "Cleanup", Time since last: 1000 ns, Reaching safepoint: 1000 ns, At safepoint: 2000 ns, Total: 3000 ns' \
    > "$root/tmp/jvm.log"
  inroot "$java" "${opts[@]}" -XX:DumpLoadedClassList=/tmp/classes -jar "$jar" \
    report /tmp/access.log /tmp/jvm.log >/dev/null 2>&1 || true
  inroot "$java" "${opts[@]}" -XX:DumpLoadedClassList=/tmp/hlog-classes -jar "$jar" \
    hlog -o /tmp/out.hlog /tmp/jvm.log >/dev/null 2>&1 || true
  awk '/^@cp / || / source: / { next } { sub(/ id: [0-9]+$/, "") } !seen[$0]++' \
    "$root/tmp/classes" "$root/tmp/hlog-classes" > "$root/tmp/joined"
  if inroot "$java" "${opts[@]}" -Xshare:dump -XX:SharedClassListFile=/tmp/joined \
      -XX:SharedArchiveFile=/opt/tardy/lib/tardy.jsa -Xlog:cds=off -cp "$jar" >/dev/null 2>&1; then
    cds=(-XX:SharedArchiveFile=/opt/tardy/lib/tardy.jsa -Xlog:cds=off)
  fi
  rm -rf "$root/tmp/"* "$root/tmp/".[!.]* 2>/dev/null || true
else
  echo "image.sh: chroot (with a mount namespace) refused here: the image has no class-data" \
    "archive (start-up is slower)" >&2
fi

# one layer, the same bytes for the same inputs: sorted names, no owners, a fixed time
layer="$work/layer.tar"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -C "$root" -cf "$layer" .
gzip -n -9 -c "$layer" > "$layer.gz"
diff_id="$(sha256sum < "$layer" | cut -d' ' -f1)"
layer_digest="$(sha256sum < "$layer.gz" | cut -d' ' -f1)"
layer_size="$(stat -c %s "$layer.gz")"

json_array() { local s= a; for a in "$@"; do s="$s${s:+,}\"$a\""; done; printf '[%s]' "$s"; }
entrypoint="$(json_array "$java" "${opts[@]}" ${cds[@]+"${cds[@]}"} -jar "$jar")"

oci="$work/oci"
mkdir -p "$oci/blobs/sha256"
mv "$layer.gz" "$oci/blobs/sha256/$layer_digest"
config="{\"architecture\":\"amd64\",\"os\":\"linux\",\"created\":\"1970-01-01T00:00:00Z\",\
\"config\":{\"Entrypoint\":$entrypoint,\"Cmd\":[\"--help\"],\"WorkingDir\":\"/logs\",\
\"Env\":[\"PATH=/opt/tardy/runtime/bin\",\"LANG=C.UTF-8\"],\
\"Labels\":{\"org.opencontainers.image.title\":\"tardy\",\"org.opencontainers.image.version\":\"$version\"}},\
\"rootfs\":{\"type\":\"layers\",\"diff_ids\":[\"sha256:$diff_id\"]},\
\"history\":[{\"created\":\"1970-01-01T00:00:00Z\",\"created_by\":\"image.sh: jlink runtime, C libraries, tardy $version\"}]}"
config_digest="$(printf '%s' "$config" | sha256sum | cut -d' ' -f1)"
printf '%s' "$config" > "$oci/blobs/sha256/$config_digest"
manifest="{\"schemaVersion\":2,\"mediaType\":\"application/vnd.oci.image.manifest.v1+json\",\
\"config\":{\"mediaType\":\"application/vnd.oci.image.config.v1+json\",\"digest\":\"sha256:$config_digest\",\"size\":${#config}},\
\"layers\":[{\"mediaType\":\"application/vnd.oci.image.layer.v1.tar+gzip\",\"digest\":\"sha256:$layer_digest\",\"size\":$layer_size}]}"
manifest_digest="$(printf '%s' "$manifest" | sha256sum | cut -d' ' -f1)"
printf '%s' "$manifest" > "$oci/blobs/sha256/$manifest_digest"
printf '{"schemaVersion":2,"manifests":[{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"sha256:%s","size":%d,"annotations":{"org.opencontainers.image.ref.name":"%s","io.containerd.image.name":"docker.io/library/tardy:%s"}}]}' \
  "$manifest_digest" "${#manifest}" "$version" "$version" > "$oci/index.json"
printf '{"imageLayoutVersion":"1.0.0"}' > "$oci/oci-layout"
# what `docker load` reads in a tar, beside the layout (Docker before 25 reads only this)
printf '[{"Config":"blobs/sha256/%s","RepoTags":["tardy:%s"],"Layers":["blobs/sha256/%s"]}]' \
  "$config_digest" "$version" "$layer_digest" > "$oci/manifest.json"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -C "$oci" -cf "$out.$$" .
mv -f "$out.$$" "$out"
echo "image.sh: $out: tardy:$version, $(( $(stat -c %s "$out") / 1024 / 1024 )) MiB (layer $(( layer_size / 1024 / 1024 )) MiB gzip)" >&2
