{{/*
The chart name, or nameOverride.
*/}}
{{- define "orrery.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
The prefix of every object name: fullnameOverride, or the release name with the chart name unless the
release name already contains it. Kept to 50 characters so suffixes such as "-scenarios" still fit in 63.
*/}}
{{- define "orrery.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 50 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 50 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 50 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/*
The helm.sh/chart label value.
*/}}
{{- define "orrery.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
The recommended labels, on every object.
*/}}
{{- define "orrery.labels" -}}
helm.sh/chart: {{ include "orrery.chart" . }}
{{ include "orrery.selectorLabels" . }}
app.kubernetes.io/version: {{ .Values.image.tag | default .Chart.AppVersion | trunc 63 | trimSuffix "-" | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/component: {{ .Values.mode }}
{{- end }}

{{/*
Selector labels: name and instance only, because selectors are immutable and must not change when the
version does.
*/}}
{{- define "orrery.selectorLabels" -}}
app.kubernetes.io/name: {{ include "orrery.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{/*
The image reference.
*/}}
{{- define "orrery.image" -}}
{{- printf "%s:%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion) }}
{{- end }}

{{/*
The absolute worlds directory: orrery.worlds-dir, taken from the working directory /app when relative.
*/}}
{{- define "orrery.worldsDir" -}}
{{- $dir := index .Values.orrery "worlds-dir" | default "worlds" }}
{{- if hasPrefix "/" $dir }}{{ clean $dir }}{{ else }}{{ clean (printf "/app/%s" $dir) }}{{ end }}
{{- end }}

{{/*
The name of the port serving the actuator: its own port when separated, else the HTTP port.
*/}}
{{- define "orrery.actuatorPortName" -}}
{{- if .Values.management.separatePort }}management{{ else }}http{{ end }}
{{- end }}

{{/*
Deep merge of two maps given as (dict "base" B "over" O): O's keys win, maps merge key by key, lists and
scalars are replaced. Written out because sprig's mergeOverwrite skips false, 0 and "" in the overriding
map, and a scenario must be able to set real-time-factor 0 or start-paused false. Returns YAML.
*/}}
{{- define "orrery.deepMerge" -}}
{{- $out := deepCopy (.base | default dict) }}
{{- range $key, $value := (.over | default dict) }}
{{- $current := get $out $key }}
{{- if and (kindIs "map" $value) (kindIs "map" $current) }}
{{- $_ := set $out $key (include "orrery.deepMerge" (dict "base" $current "over" $value) | fromYaml) }}
{{- else }}
{{- $_ := set $out $key $value }}
{{- end }}
{{- end }}
{{- toYaml $out }}
{{- end }}

{{/*
The orrery block of one sweep scenario, given (dict "root" $ "index" I "scenario" S): the base orrery block,
then sweep.orrery, then the scenario's own overrides, then what a sweep needs (its world, exit on stop,
the report under /results/<index>/). Returns YAML.
*/}}
{{- define "orrery.scenarioConfig" -}}
{{- $root := .root }}
{{- $merged := include "orrery.deepMerge" (dict "base" $root.Values.orrery "over" $root.Values.sweep.orrery) | fromYaml }}
{{- $merged = include "orrery.deepMerge" (dict "base" $merged "over" (.scenario.orrery | default dict)) | fromYaml }}
{{- $forced := dict "exit-on-stop" true "report" (printf "/results/%d/result.json" (int .index)) }}
{{- with .scenario.world }}
{{- $_ := set $forced "world" . }}
{{- end }}
{{- $merged = include "orrery.deepMerge" (dict "base" $merged "over" $forced) | fromYaml }}
{{- if not (or (get $merged "stop-at") (get $merged "stop-after-steps") (get $merged "triggers")) }}
{{- fail (printf "sweep.scenarios[%d] (%s) never stops: set stop-at, stop-after-steps or triggers in the scenario's orrery block, in sweep.orrery or in orrery" (int .index) .scenario.name) }}
{{- end }}
{{- toYaml $merged }}
{{- end }}

{{/*
The pod security context: a non-root user, the runtime's default seccomp profile, and a group that owns
mounted volumes.
*/}}
{{- define "orrery.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
fsGroup: 10001
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{/*
The container security context of the restricted Pod Security Standard, with a read-only root filesystem.
*/}}
{{- define "orrery.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop:
    - ALL
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{/*
Environment common to both modes.
*/}}
{{- define "orrery.commonEnv" -}}
- name: SERVER_PORT
  value: {{ .Values.server.port | int | quote }}
{{- if .Values.management.separatePort }}
- name: MANAGEMENT_SERVER_PORT
  value: {{ .Values.management.port | int | quote }}
{{- end }}
- name: MANAGEMENT_ENDPOINT_HEALTH_PROBES_ENABLED
  value: "true"
- name: ORRERY_TRANSPORT_ENABLED
  value: {{ and .Values.gzTransport.enabled (eq .Values.mode "server") | quote }}
{{- if and .Values.gzTransport.enabled (eq .Values.mode "server") }}
{{- /* Orrery keeps gz-transport on loopback unless told; peers outside the pod reach it at the pod's IP. */}}
- name: GZ_IP
  valueFrom:
    fieldRef:
      fieldPath: status.podIP
{{- end }}
{{- with .Values.gzTransport.relays }}
- name: GZ_RELAY
  value: {{ join ":" . | quote }}
{{- end }}
{{- with .Values.gzTransport.partition }}
- name: GZ_PARTITION
  value: {{ . | quote }}
{{- end }}
{{- $javaOpts := .Values.javaOpts | default "" }}
{{- if and .Values.aot (not .Values.management.separatePort) (not (include "orrery.extraJars" .)) }}
{{- $javaOpts = trim (printf "%s -Dspring.aot.enabled=true" $javaOpts) }}
{{- end }}
{{- with $javaOpts }}
- name: JAVA_TOOL_OPTIONS
  value: {{ . | quote }}
{{- end }}
{{- with .Values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/*
Container ports: http, and management when separated.
*/}}
{{- define "orrery.containerPorts" -}}
- name: http
  containerPort: {{ .Values.server.port | int }}
  protocol: TCP
{{- if .Values.management.separatePort }}
- name: management
  containerPort: {{ .Values.management.port | int }}
  protocol: TCP
{{- end }}
{{- end }}

{{/*
Mounts of the worlds directory, /tmp and, given (dict "root" $ "readOnlyClaim" B), the worlds claim.
*/}}
{{- define "orrery.worldsMounts" -}}
{{- $root := .root }}
{{- $dir := include "orrery.worldsDir" $root -}}
- name: worlds
  mountPath: {{ $dir }}
  {{- if and $root.Values.worlds.existingClaim .readOnlyClaim }}
  readOnly: true
  {{- end }}
{{- range $file, $_ := $root.Values.worlds.inline }}
- name: inline-worlds
  mountPath: {{ printf "%s/%s" $dir $file }}
  subPath: {{ $file }}
  readOnly: true
{{- end }}
- name: tmp
  mountPath: /tmp
{{- end }}

{{/*
Volumes for the worlds directory, the inline worlds and /tmp.
*/}}
{{- define "orrery.worldsVolumes" -}}
- name: worlds
  {{- if .Values.worlds.existingClaim }}
  persistentVolumeClaim:
    claimName: {{ .Values.worlds.existingClaim }}
  {{- else }}
  emptyDir: {}
  {{- end }}
{{- if .Values.worlds.inline }}
- name: inline-worlds
  configMap:
    name: {{ include "orrery.fullname" . }}-worlds
{{- end }}
- name: tmp
  emptyDir: {}
{{- end }}

{{/*
Pod-level settings common to both modes.
*/}}
{{- define "orrery.podCommon" -}}
automountServiceAccountToken: false
{{- with .Values.serviceAccountName }}
serviceAccountName: {{ . }}
{{- end }}
# Service links would put variables such as ORRERY_PORT in the environment, which Spring Boot would
# read as orrery.* properties.
enableServiceLinks: false
terminationGracePeriodSeconds: {{ .Values.terminationGracePeriodSeconds | int }}
securityContext:
  {{- include "orrery.podSecurityContext" . | nindent 2 }}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/*
"true" when the release brings jars of its own (extraJars), else empty. Fails when both forms are given.
*/}}
{{- define "orrery.extraJars" -}}
{{- if and .Values.extraJars.image .Values.extraJars.existingClaim }}
{{- fail "extraJars: give image or existingClaim, not both" }}
{{- end }}
{{- if or .Values.extraJars.image .Values.extraJars.existingClaim }}true{{ end }}
{{- end }}

{{/*
The init container copying the jars of extraJars.image into the extra-jars volume, as the restricted user.
*/}}
{{- define "orrery.extraJarsInit" -}}
{{- if .Values.extraJars.image }}
initContainers:
  - name: extra-jars
    image: {{ .Values.extraJars.image | quote }}
    imagePullPolicy: {{ .Values.extraJars.pullPolicy }}
    command: ["sh", "-c", "cp -v \"$0\"/*.jar /app/extra/", {{ .Values.extraJars.path | quote }}]
    securityContext:
      {{- include "orrery.containerSecurityContext" . | nindent 6 }}
    volumeMounts:
      - name: extra-jars
        mountPath: /app/extra
{{- end }}
{{- end }}

{{/*
The mount of the extra jars at /app/extra, where the image's entrypoint puts extra/* on the class path.
*/}}
{{- define "orrery.extraJarsMounts" -}}
{{- if include "orrery.extraJars" . }}
- name: extra-jars
  mountPath: /app/extra
  readOnly: true
{{- end }}
{{- end }}

{{/*
The extra jars' volume: an emptyDir the init container fills, or the claim.
*/}}
{{- define "orrery.extraJarsVolumes" -}}
{{- if .Values.extraJars.existingClaim }}
- name: extra-jars
  persistentVolumeClaim:
    claimName: {{ .Values.extraJars.existingClaim }}
    readOnly: true
{{- else if .Values.extraJars.image }}
- name: extra-jars
  emptyDir: {}
{{- end }}
{{- end }}
