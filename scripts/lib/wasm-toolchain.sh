# Finds a way to build engine-rs for wasm32-unknown-unknown on this machine.
# Sourced by scripts/setup and scripts/build-wasm. Sets WASM_ROUTE to
#   rustup  - rustup's cargo with the wasm32 target installed, or
#   debian  - Debian's rustc-web with its std sources (offline, RUSTC_BOOTSTRAP),
# or leaves it empty when neither is ready.

# The Debian packages of the offline route; rust-lld also needs its LLVM's lld (setup adds it).
DEBIAN_WASM_PACKAGES="rustc-web cargo-web rust-web-src rust-web-llvm binaryen"

debian_std_vendor() {
  # Debian's rust-web-src ships the standard library's own vendored crates here.
  ls -d /usr/src/rustc-*/library/vendor 2>/dev/null | sort -V | tail -n 1
}

debian_route_ready() {
  [ -x /usr/bin/cargo ] && [ -x /usr/bin/rustc ] && [ -e /usr/bin/rust-lld ] &&
    [ -n "$(debian_std_vendor)" ] && /usr/bin/rust-lld -flavor wasm --version >/dev/null 2>&1
}

rustup_route_ready() {
  command -v rustup >/dev/null 2>&1 &&
    rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown
}

find_wasm_route() {
  WASM_ROUTE=""
  if rustup_route_ready; then
    WASM_ROUTE=rustup
  elif debian_route_ready; then
    WASM_ROUTE=debian
  fi
}
