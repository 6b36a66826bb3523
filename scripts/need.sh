# Sourced: `need CMD PACKAGE...` installs Debian packages when CMD is missing (as root, or
# with sudo); apt-get update runs once per script. `need_file FILE PACKAGE...` does the same for
# a file (a jar, a library).
need() {
  local cmd=$1
  shift
  command -v "$cmd" >/dev/null 2>&1 && return 0
  _need_install "$cmd" "$@"
}
need_file() {
  local file=$1
  shift
  [ -e "$file" ] && return 0
  _need_install "$file" "$@"
}
_need_install() {
  local what=$1
  shift
  local sudo=
  [ "$(id -u)" = 0 ] || sudo=sudo
  echo "installing $* (for $what)" >&2
  if [ -z "${apt_updated:-}" ]; then
    $sudo apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
