# .NET: the NuGet package Hupai (crates/hupai-c/dotnet): a P/Invoke wrapper with a SafeHandle,
# built by Mono's compiler, and libhupai_c.so under runtimes/linux-x64/native; packed by nuget
# into dist/nuget, a local feed.
dotnet_deb=(mono-devel nuget)

package_dotnet() {
  need mcs "${dotnet_deb[@]}"
  need nuget "${dotnet_deb[@]}"
  need_file /usr/lib/mono/4.5/System.Core.dll "${dotnet_deb[@]}"
  native
  local s=$work/dotnet src=crates/hupai-c/dotnet
  rm -rf "$s" "$dist/nuget" && mkdir -p "$s/stage" "$s/tests" "$dist/nuget"
  mcs -nologo -warnaserror -target:library -langversion:7.2 -out:"$s/stage/Hupai.dll" \
    -doc:"$s/stage/Hupai.xml" $src/src/*.cs
  cp "$work/native/libhupai_c.so" $src/README.md "$s/stage/"
  sed "s|@VERSION@|$version|" $src/Hupai.nuspec >"$s/stage/Hupai.nuspec"
  # The tests, against the staged assembly and library.
  mcs -nologo -warnaserror -langversion:7.2 -r:"$s/stage/Hupai.dll" -out:"$s/tests/EngineTests.exe" $src/tests/EngineTests.cs
  cp "$s/stage/Hupai.dll" "$work/native/libhupai_c.so" "$s/tests/"
  mono "$s/tests/EngineTests.exe" | tail -1 >&2
  # Packed as NuGet's current clients pack (license expression, readme); Debian's nuget (2.8)
  # predates those elements, so the zip is written here, the parts laid out as `dotnet pack`
  # lays them out.
  python3 - "$s/stage" "$dist/nuget/Hupai.$version.nupkg" <<'PY'
import os, re, sys, zipfile
import xml.etree.ElementTree as ET
stage, out = sys.argv[1:]
# What goes where: the nuspec's own <files> list.
ns = "{http://schemas.microsoft.com/packaging/2011/08/nuspec.xsd}"
spec = open(os.path.join(stage, "Hupai.nuspec"), encoding="utf-8").read()
files = {f.get("src"): f.get("target") for f in ET.fromstring(spec).iter(ns + "file")}
types = """<?xml version="1.0" encoding="utf-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml" />
<Default Extension="nuspec" ContentType="application/octet" />
<Default Extension="dll" ContentType="application/octet" />
<Default Extension="xml" ContentType="application/octet" />
<Default Extension="so" ContentType="application/octet" />
<Default Extension="md" ContentType="application/octet" />
</Types>"""
rels = """<?xml version="1.0" encoding="utf-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Type="http://schemas.microsoft.com/packaging/2010/07/manifest" Target="/Hupai.nuspec" Id="R1" />
</Relationships>"""
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("_rels/.rels", rels)
    # The manifest as packed: no comment, no <files> (what is packed is in the zip).
    packed = re.sub(r"\s*<files>.*?</files>", "", re.sub(r"<!--.*?-->\s*", "", spec, flags=re.S), flags=re.S)
    meta = ET.fromstring(packed).find(ns + "metadata")
    assert meta.find(ns + "id").text == "Hupai" and meta.find(ns + "version").text, packed
    z.writestr("Hupai.nuspec", packed)
    for name, target in files.items():
        z.write(os.path.join(stage, name), f"{target}/{name}".lstrip("/"))
    z.writestr("[Content_Types].xml", types)
PY
}

# A project (crates/hupai-c/dotnet/example) restores the package from dist/nuget into its own
# packages folder, is compiled against it, and runs with the package's native asset beside it
# (as the .NET SDK copies runtimes/<rid>/native).
check_dotnet() {
  need nuget "${dotnet_deb[@]}"
  local d=$hands/dotnet start took nupkg=$dist/nuget/Hupai.$version.nupkg
  mkdir -p "$d" && cp crates/hupai-c/dotnet/example/* "$d/"
  sed -i "s|version=\"[^\"]*\" targetFramework|version=\"$version\" targetFramework|" "$d/packages.config"
  start=$(date +%s.%N)
  (cd "$d" && "${clean[@]}" nuget install packages.config -Source "$dist/nuget" -OutputDirectory packages \
    -NonInteractive >/dev/null)
  took=$(since "$start")
  local pkg=$d/packages/Hupai.$version
  (cd "$d" && "${clean[@]}" mcs -nologo -warnaserror -r:"$pkg/lib/net45/Hupai.dll" -out:FirstProgram.exe FirstProgram.cs)
  cp "$pkg/lib/net45/Hupai.dll" "$pkg/runtimes/linux-x64/native/libhupai_c.so" "$d/"
  "${clean[@]}" mono "$d/FirstProgram.exe" "$hands/hands.txt" >"$hands/dotnet.jsonl"
  compare dotnet "$hands/dotnet.jsonl"
  echo "package-check: dotnet: Hupai.$version.nupkg ($(size "$nupkg")) restored from the local feed in $took s; 2,000 answers equal hupai batch"
}
