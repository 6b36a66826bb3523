# Java: the Maven artifact dev.hupai:hupai (crates/hupai-c/java), a jar with the native library
# under linux-x86-64/ (JNA loads it at first use), built and tested (JUnit) by Maven offline
# with the plugins Debian packages; dist/maven is a Maven repository holding it.
java_deb=(default-jdk-headless maven libjna-java junit4 libsurefire-java libmaven-compiler-plugin-java
  libmaven-jar-plugin-java libmaven-resources-plugin-java libmaven-install-plugin-java)
mvn_flags=(-o -B -Dstyle.color=never)

# A local Maven repository seeded with Debian's (the plugins, JNA, JUnit): links, not copies.
java_repo() {
  need javac "${java_deb[@]}"
  need mvn "${java_deb[@]}"
  local f
  for f in org/apache/maven/plugins/maven-{compiler-plugin/3.10.1,jar-plugin/3.3.0,resources-plugin/3.3.0} \
    org/apache/maven/plugins/maven-{install-plugin/3.1.0,surefire-plugin/2.22.3} \
    org/apache/maven/surefire/surefire-junit4/2.22.3 junit/junit/4.13.2 net/java/dev/jna/jna/5.13.0; do
    need_file "/usr/share/maven-repo/$f" "${java_deb[@]}"
  done
  rm -rf "$1" && mkdir -p "$1" && cp -rs /usr/share/maven-repo/. "$1/"
}

package_java() {
  native
  local src=$work/java/src
  java_repo "$work/java/m2"
  rm -rf "$src" "$dist/maven" && mkdir -p "$src" && cp -r crates/hupai-c/java/. "$src/"
  sed -i "0,/<version>[^<]*<\/version>/s//<version>$version<\/version>/" "$src/pom.xml"
  (cd "$src" && quiet mvn "${mvn_flags[@]}" -Dmaven.repo.local="$work/java/m2" -Dhupai.native="$work/native" package &&
    quiet mvn "${mvn_flags[@]}" -Dmaven.repo.local="$work/java/m2" install:install-file \
      -Dfile="target/hupai-$version.jar" -DpomFile=pom.xml -DlocalRepositoryPath="$dist/maven")
  grep -h "Tests run" "$src"/target/surefire-reports/*.txt >&2
}

# A Maven project (crates/hupai-c/java/example) takes the jar from dist/maven as a file
# repository, in a fresh local repository; its first program runs on the jar and JNA alone.
check_java() {
  local d=$hands/java m2=$hands/java-m2 start took
  java_repo "$m2"
  mkdir -p "$d" && cp -r crates/hupai-c/java/example/. "$d/"
  sed -i "s|<version>0.1.0</version>|<version>$version</version>|" "$d/pom.xml"
  start=$(date +%s.%N)
  (cd "$d" && quiet "${clean[@]}" mvn "${mvn_flags[@]}" -Dmaven.repo.local="$m2" -Dhupai.repo="$dist/maven" \
    -Daether.offline.protocols=file package)
  took=$(since "$start")
  local jar=$m2/dev/hupai/hupai/$version/hupai-$version.jar
  "${clean[@]}" java -cp "$d/target/classes:$jar:$m2/net/java/dev/jna/jna/5.13.0/jna-5.13.0.jar" FirstProgram \
    "$hands/hands.txt" >"$hands/java.jsonl"
  compare java "$hands/java.jsonl"
  echo "package-check: java: dev.hupai:hupai:$version (jar $(size "$jar")) resolved from dist/maven and the project built in $took s; 2,000 answers equal hupai batch"
}
