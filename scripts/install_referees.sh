#!/usr/bin/env bash
# Installs the independent programs that tests/test_referees.py runs on what paifu writes, each in its own
# environment under .referees/ (gitignored), outside the package's venv, so their pins never meet ours:
# kobalab's @kobalab/majiang-core and @kobalab/tenhou-log from npm, the mjai package (its bundled libriichi
# validator) and riichienv from PyPI. Idempotent: a referee already installed at its pin is kept.
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=.referees
mkdir -p "$DIR"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    SUDO=""
    if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nodejs npm
fi
if [ ! -f "$DIR/node/node_modules/@kobalab/majiang-core/package.json" ] \
    || [ ! -f "$DIR/node/node_modules/@kobalab/tenhou-log/package.json" ]; then
    mkdir -p "$DIR/node"
    (cd "$DIR/node" && [ -f package.json ] || echo '{"private": true}' >package.json)
    npm install --prefix "$DIR/node" --no-save --silent @kobalab/majiang-core@1.4.1 @kobalab/tenhou-log@1.3.0
fi
for ref in mjai==0.2.1 riichienv==0.4.11; do
    name=${ref%%==*}
    if [ ! -x "$DIR/$name/bin/python" ] || ! "$DIR/$name/bin/python" -c "import $name" 2>/dev/null; then
        python3 -m venv "$DIR/$name"
        "$DIR/$name/bin/python" -m pip install --quiet "$ref"
    fi
done
echo "referees installed in $DIR"
