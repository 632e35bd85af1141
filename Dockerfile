# syntax=docker/dockerfile:1
# Orrery's container image: built from source in a JDK stage, run from Spring Boot's extracted layers on a
# JRE with a class data sharing archive, as the non-root user 10001 the Helm chart expects. Build from the
# repository root:
#   docker build -t orrery:0.1.0 .

FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
# The wrapper and the POM first, so the dependency download is cached until pom.xml changes.
COPY mvnw pom.xml ./
COPY .mvn/ .mvn/
RUN --mount=type=cache,target=/root/.m2 ./mvnw -B -q dependency:go-offline
COPY src/ src/
# Tests run in CI (./mvnw verify), not in the image build. -Paot adds Spring's AOT-generated bean definitions,
# used only by a start with -Dspring.aot.enabled=true (the chart's default, see aot in its values).
RUN --mount=type=cache,target=/root/.m2 ./mvnw -B -q -Paot package -DskipTests
# One directory per layer (dependencies, spring-boot-loader, snapshot-dependencies, application), so each layer
# becomes its own image layer and a code change leaves the dependencies cached. Each holds part of orrery.jar
# and lib/: the extracted form class data sharing needs (plain jars, not nested ones).
RUN java -Djarmode=tools -jar target/orrery-exec.jar extract --layers --application-filename orrery.jar \
    --destination /extracted

FROM eclipse-temurin:17-jre
RUN groupadd --system --gid 10001 orrery \
    && useradd --system --uid 10001 --gid orrery --home-dir /app --no-create-home --shell /usr/sbin/nologin orrery
WORKDIR /app
# Least to most often changed.
COPY --from=build /extracted/dependencies/ ./
COPY --from=build /extracted/spring-boot-loader/ ./
COPY --from=build /extracted/snapshot-dependencies/ ./
COPY --from=build /extracted/application/ ./
# The working directory holds what `java -jar` finds in a checkout: config/application.yaml and the worlds.
COPY config/ config/
COPY worlds/ worlds/
# Your own systems and plugins (docs/custom-systems.md): the jars in /app/extra are on the class path, after
# Orrery's; the Helm chart's extraJars mounts them there, and so can docker run -v "$PWD/jars:/app/extra:ro".
RUN mkdir extra
# Spring Boot's class data sharing training run: the context is refreshed and the JVM exits, writing the classes
# it loaded to orrery.jsa. It runs here, on this image's JVM, because an archive only maps into the JVM build that
# wrote it; the entrypoint then starts about twice as fast (docs/performance.md). Trained in AOT mode, as the
# chart starts it; a start in the regular mode still maps what the two share. Written as root, readable by all.
RUN java -XX:ArchiveClassesAtExit=orrery.jsa -Dspring.aot.enabled=true -Dspring.context.exit=onRefresh -jar orrery.jar
# Numeric, so the kubelet can check runAsNonRoot without reading /etc/passwd.
USER 10001:10001
EXPOSE 8080
# The regular mode unless told otherwise, so that a separate management port works: the chart adds
# -Dspring.aot.enabled=true through JAVA_TOOL_OPTIONS, and so can `docker run -e JAVA_TOOL_OPTIONS=...`.
# The class path is the trained jar's (its manifest names lib/) with extra/* after it: the archive still maps,
# since a class path that begins with the training run's is accepted (-Xshare:on and -Xlog:class+load show it).
ENTRYPOINT ["java", "-XX:SharedArchiveFile=orrery.jsa", "-cp", "orrery.jar:extra/*", "io.orrery.OrreryApplication"]
