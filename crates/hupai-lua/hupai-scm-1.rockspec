-- LuaRocks: `luarocks make crates/hupai-lua/hupai-scm-1.rockspec` from the repository's root
-- builds the module with cargo (Rust 1.85 or later) and installs hupai.so for Lua 5.4. (CI
-- installs by copying the .so: crates/hupai-lua/run-tests.) For LuaJIT or Lua 5.1, change
-- the feature in build_command to `--no-default-features --features luajit` (or lua51).
rockspec_format = "3.0"
package = "hupai"
version = "scm-1"
source = { url = "git+file://." }
description = {
  summary = "Mahjong hand evaluation from tables: win checks with wildcards, shanten, waits, ukeire",
  detailed = [[
    require "hupai": engines for seven rule presets (riichi, chinese, nanchang, sichuan,
    hongzhong, changsha, guobiao) or switches of your own; hands as MPSZ text or 34 counts;
    answers in tens of nanoseconds; batch calls over tables of hands.
  ]],
  license = "MIT",
}
dependencies = { "lua >= 5.1" }
build = {
  type = "command",
  build_command = "cargo build --release --manifest-path crates/hupai-lua/Cargo.toml",
  install_command = "mkdir -p $(LIBDIR) && cp crates/hupai-lua/target/release/libhupai_lua.so $(LIBDIR)/hupai.so",
}
