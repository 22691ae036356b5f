#!/bin/sh
# Writes real Tomcat 9 and Tomcat 10 access logs (common and combined + %D) into tomcat-logs/,
# from Debian's libtomcat9-java and libtomcat10-java: apt-get install libtomcat9-java libtomcat10-java.
# The servlet sleeps as long as each request's X-Sleep-Millis header says, so the logged %D can be
# checked against the sleep: Tomcat 9 writes it in milliseconds, Tomcat 10 in microseconds.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../resources/tomcat-logs"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for version in 9 10; do
  servlet=javax.servlet
  [ "$version" = 10 ] && servlet=jakarta.servlet
  cp=""
  for jar in catalina coyote util util-scan juli api servlet-api jni annotations-api jaspic-api; do
    cp="$cp:/usr/share/java/tomcat$version-$jar.jar"
  done
  src="$work/src$version"
  mkdir -p "$src" "$work/classes$version" "$work/run$version"
  cp "$here/SleepingTomcat.java" "$src/"
  sed "s/SERVLET/$servlet/" "$here/SleepServlet.java" > "$src/SleepServlet.java"
  javac -d "$work/classes$version" -cp "$cp" "$src"/*.java
  java -cp "$work/classes$version$cp" SleepingTomcat "$work/run$version" $((18080 + version)) 2> "$work/tomcat$version.err"
  mkdir -p "$out"
  cp "$work/run$version/common-d.log" "$out/tomcat$version-common-d.log"
  cp "$work/run$version/combined-d.log" "$out/tomcat$version-combined-d.log"
done
