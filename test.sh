#!/usr/bin/env bash
# Sets up a Debian or Ubuntu machine for Orrery's tests and runs every one of them: installs what is missing with
# apt (sudo when not root), then runs ./mvnw -B verify. Anywhere else it names what to install and stops. On a
# machine that has everything, ./mvnw verify alone does the same. Arguments go on to Maven.
set -euo pipefail
cd "$(dirname "$0")"

# What the tests need from the system, one per line: the Debian package and the file or command that shows it is
# there. The browser tests use these exact paths (src/test/java/io/orrery/web/Chromium.java); the gz-transport
# tests run Gazebo's own tools (ign-transport 11) inside a network namespace made with unshare, nsenter and ip; the
# docs' curl commands run with the real curl (DocsCommandsTests); the Python controller example runs with python3's
# standard library, the Python client with NumPy; the MCAP files Orrery writes are read by Foxglove's reference readers from npm (@mcap/core) under
# Node.js (McapReferenceReaderTests, which runs npm ci itself), and the Foxglove server by Foxglove's own client from npm
# (FoxgloveNodeClientTests, likewise); the rendering tests (io.orrery.render) draw headless through EGL with Mesa
# (glvnd's libEGL, Mesa's EGL vendor library and its DRI drivers, llvmpipe among them). A check with a / is a file (a
# glob may stand for the architecture's directory); without, a command. A JDK 17 or newer is checked apart, below.
REQUIRED=(
  "chromium /usr/bin/chromium"
  "chromium-driver /usr/bin/chromedriver"
  "ignition-transport-cli /usr/libexec/ignition/transport11/ign-transport-topic"
  "util-linux nsenter"
  "iproute2 ip"
  "curl curl"
  "python3 python3"
  "nodejs node"
  "npm npm"
  "libegl1 /usr/lib/*/libEGL.so.1"
  "libegl-mesa0 /usr/share/glvnd/egl_vendor.d/50_mesa.json"
  "libgl1-mesa-dri /usr/lib/*/dri/swrast_dri.so"
)
# The JDK packages to try, first found first: Debian 13 has no openjdk-17, and Java 21 builds the same classes
# (the compiler targets 17 through maven.compiler.release).
JDK_PACKAGES=(openjdk-17-jdk-headless openjdk-21-jdk-headless)

say() { printf 'test.sh: %s\n' "$*" >&2; }

# The major version of the javac that ./mvnw will use (JAVA_HOME's, else the PATH's), or 0.
javac_major() {
  local javac=javac
  if [ -n "${JAVA_HOME:-}" ]; then javac="$JAVA_HOME/bin/javac"; fi
  local version
  version=$("$javac" -version 2>&1 | sed -n 's/^javac \([0-9][0-9]*\).*/\1/p' | head -n 1) || true
  echo "${version:-0}"
}

missing=()
if [ "$(javac_major)" -lt 17 ]; then
  missing+=("jdk")
fi
# Whether what shows a package is there: a file (glob) when the check holds a /, else a command.
present() {
  case "$1" in
    */*) compgen -G "$1" >/dev/null ;;
    *) command -v "$1" >/dev/null 2>&1 ;;
  esac
}

for entry in "${REQUIRED[@]}"; do
  read -r package check <<<"$entry"
  if ! present "$check"; then
    missing+=("$package")
  fi
done
# The Python client (clients/python, PythonClientTests) needs NumPy beside python3: Debian's python3-numpy.
if ! python3 -c 'import numpy' >/dev/null 2>&1; then
  missing+=("python3-numpy")
fi

if [ "${#missing[@]}" -gt 0 ]; then
  if ! command -v apt-get >/dev/null 2>&1 || [ ! -f /etc/debian_version ]; then
    say "this is not Debian or Ubuntu (no apt-get), so nothing was installed. Install, then run ./test.sh again:"
    for m in "${missing[@]}"; do
      case "$m" in
        jdk) say "  a JDK 17 or newer (javac on the PATH, or JAVA_HOME set to it)" ;;
        chromium) say "  Chromium, as /usr/bin/chromium" ;;
        chromium-driver) say "  Chromium's chromedriver, as /usr/bin/chromedriver" ;;
        *) say "  $m (Debian's package of that name)" ;;
      esac
    done
    exit 1
  fi
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      say "not root and no sudo: install ${missing[*]} as root (apt-get install), then run ./test.sh again"
      exit 1
    fi
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  say "installing what is missing: ${missing[*]}"
  "${sudo[@]}" apt-get update -q
  packages=()
  for m in "${missing[@]}"; do
    if [ "$m" = jdk ]; then
      found=""
      for jdk in "${JDK_PACKAGES[@]}"; do
        if apt-cache show "$jdk" >/dev/null 2>&1; then found="$jdk"; break; fi
      done
      if [ -z "$found" ]; then
        say "apt has none of ${JDK_PACKAGES[*]}: install a JDK 17 or newer, then run ./test.sh again"
        exit 1
      fi
      packages+=("$found")
    elif apt-cache show "$m" >/dev/null 2>&1; then
      packages+=("$m")
    else
      # Ubuntu, for one, ships Chromium only as a snap, without these packages.
      say "apt has no package '$m' here: install what it provides (see REQUIRED in test.sh), then run again"
      exit 1
    fi
  done
  "${sudo[@]}" apt-get install -y -q "${packages[@]}"
  # A JDK older than 17 may still come first on the PATH: point the build at the one just installed.
  if [ "$(javac_major)" -lt 17 ]; then
    for home in /usr/lib/jvm/java-17-openjdk-* /usr/lib/jvm/java-21-openjdk-*; do
      if [ -x "$home/bin/javac" ]; then export JAVA_HOME="$home"; break; fi
    done
  fi
fi

java -version 2>&1 | head -n 1 >&2
exec ./mvnw -B verify "$@"
