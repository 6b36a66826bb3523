# Lua: hupai-<version>-1.rockspec (the scm rockspec with the release's version) and the binary
# rock LuaRocks packs after `luarocks make` built and installed it (Lua 5.4, skynet's), into
# dist/; the binary rock installs with no compiler.
lua_deb=(luarocks lua5.4 liblua5.4-dev)
lua_rock=hupai-$version-1

package_lua() {
  need luarocks "${lua_deb[@]}"
  need lua5.4 "${lua_deb[@]}"
  need_file /usr/include/lua5.4/lua.h "${lua_deb[@]}"
  local s=$work/lua
  rm -rf "$s" "$dist"/hupai-*.rock "$dist"/hupai-*.rockspec && mkdir -p "$s"
  sed -e "s|^version = .*|version = \"$version-1\"|" \
    -e "s|^source = .*|source = { url = \"git+https://github.com/hupai/hupai\", tag = \"v$version\" }|" \
    crates/hupai-lua/hupai-scm-1.rockspec >"$dist/$lua_rock.rockspec"
  quiet luarocks --lua-version 5.4 make --tree "$s/tree" "$dist/$lua_rock.rockspec"
  (cd "$dist" && luarocks --lua-version 5.4 pack --tree "$s/tree" hupai "$version-1" >/dev/null)
}

# The binary rock installed into a fresh tree; examples/first_program.lua run by lua5.4 with
# the tree's paths.
check_lua() {
  need luarocks "${lua_deb[@]}"
  local d=$hands/lua start took rock
  rock=$(ls "$dist/$lua_rock".linux-*.rock)
  start=$(date +%s.%N)
  quiet "${clean[@]}" luarocks --lua-version 5.4 install --tree "$d" "$rock"
  took=$(since "$start")
  "${clean[@]}" bash -c "eval \"\$(luarocks --lua-version 5.4 path --tree '$d')\" &&
    lua5.4 crates/hupai-lua/examples/first_program.lua '$hands/hands.txt'" >"$hands/lua.jsonl"
  compare lua "$hands/lua.jsonl"
  echo "package-check: lua: $(basename "$rock") ($(size "$rock")) installed by luarocks in $took s; 2,000 answers equal hupai batch"
}
