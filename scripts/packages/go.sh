# Go: the module github.com/hupai/hupai-go (crates/hupai-c/go) with the header and the static
# C library inside, so `go get` needs no other download and no Rust. dist/goproxy is a module
# proxy (GOPROXY=file://…/dist/goproxy): @v/list, .info, .mod and the module zip.
go_module=github.com/hupai/hupai-go
go_env=(GOFLAGS=-mod=mod GOSUMDB=off GOTOOLCHAIN=local)

package_go() {
  need go golang-go
  native
  local tree=$work/go/$go_module@v$version proxy=$dist/goproxy/$go_module/@v
  rm -rf "$work/go" "$dist/goproxy" && mkdir -p "$tree/include" "$tree/lib/linux_amd64" "$proxy"
  cp -r crates/hupai-c/go/. "$tree/"
  cp "$work/native/hupai.h" "$tree/include/"
  cp "$work/native/libhupai_c.a" "$tree/lib/linux_amd64/"
  (cd "$tree" && env "${go_env[@]}" GOCACHE="$work/go-cache" gofmt -l . | { ! grep .; } &&
    env "${go_env[@]}" GOCACHE="$work/go-cache" go vet ./...)
  echo "v$version" >"$proxy/list"
  printf '{"Version":"v%s","Time":"%s"}\n' "$version" "$(git log -1 --format=%cI)" >"$proxy/v$version.info"
  cp "$tree/go.mod" "$proxy/v$version.mod"
  # The module zip: every file under "<module>@<version>/".
  python3 - "$work/go" "$go_module@v$version" "$proxy/v$version.zip" <<'PY'
import os, sys, zipfile
base, top, out = sys.argv[1:]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for d, _, files in sorted(os.walk(os.path.join(base, top))):
        for f in sorted(files):
            path = os.path.join(d, f)
            z.write(path, os.path.relpath(path, base))
PY
}

# A fresh module takes the module from the proxy folder (`go get`), runs the module's own tests
# and `go vet`, and builds and runs examples/first_program.
check_go() {
  need go golang-go
  local d=$hands/go start took
  mkdir -p "$d"
  cp crates/hupai-c/go/examples/first_program/main.go "$d/"
  local go=("${clean[@]}" "${go_env[@]}" "GOPROXY=file://$dist/goproxy" "GOPATH=$hands/gopath" "GOCACHE=$hands/gocache")
  start=$(date +%s.%N)
  (cd "$d" && "${go[@]}" go mod init example.com/firstprogram >/dev/null 2>&1 &&
    "${go[@]}" go get "$go_module@v$version" 2>/dev/null)
  took=$(since "$start")
  (cd "$d" && "${go[@]}" go vet . && "${go[@]}" go build -o first_program . &&
    "${go[@]}" go test -count=1 "$go_module")
  "${clean[@]}" "$d/first_program" "$hands/hands.txt" >"$hands/go.jsonl"
  compare go "$hands/go.jsonl"
  echo "package-check: go: $go_module@v$version (zip $(size "$dist/goproxy/$go_module/@v/v$version.zip")) fetched by go get in $took s; its tests pass; go vet clean; 2,000 answers equal hupai batch (build $(since "$start") s in all)"
}
