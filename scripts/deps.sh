#!/bin/sh
# Installs nsysql's build and test dependencies from Debian when missing.
set -e
need=""
for p in cmake gcc make pkg-config sqlite3 libsqlite3-dev libpcre2-dev nettle-dev libjansson-dev zlib1g-dev python3 python3-jsonschema python3-venv chromium-headless-shell jq; do
    dpkg -s "$p" >/dev/null 2>&1 || need="$need $p"
done
if [ -n "$need" ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    echo "installing:$need"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >/dev/null
fi
