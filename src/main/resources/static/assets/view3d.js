'use strict';
// The 3D view: collision shapes drawn with one instanced draw call per primitive (three.js r88's
// InstancedBufferGeometry and a small shader), so thousands of models stay cheap; planes as plain meshes; an orbit
// camera written here (r88's WebJar has no OrbitControls); picking by ray against each shape's bounding sphere.
// It renders only when something changed (poses, camera, size), unless continuous rendering is asked for.
function createView(canvas, onPick) {
  const STATIC = [0.55, 0.58, 0.62];
  const DYNAMIC = { box: [0.91, 0.51, 0.23], sphere: [0.31, 0.64, 0.95], cylinder: [0.45, 0.78, 0.42],
    capsule: [0.75, 0.5, 0.9], cone: [0.95, 0.8, 0.3], ellipsoid: [0.4, 0.85, 0.8], other: [0.9, 0.3, 0.6] };
  const SELECTED = [1.0, 0.95, 0.3];

  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
  renderer.setClearColor(0x2b3038);
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(50, 1, 0.05, 2000);
  camera.up.set(0, 0, 1);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x444444, 0.8));
  const sun = new THREE.DirectionalLight(0xffffff, 0.6);
  sun.position.set(4, -3, 8.5);
  scene.add(sun);
  const grid = new THREE.GridHelper(40, 40, 0x5a6470, 0x3a414b);
  grid.rotation.x = Math.PI / 2; // three's grid lies in XZ; SDF is Z up
  scene.add(grid);
  scene.add(new THREE.AxisHelper(1));

  // unit primitives, axes along Z as in SDF
  const base = {
    box: new THREE.BoxBufferGeometry(1, 1, 1),
    sphere: new THREE.SphereBufferGeometry(1, 16, 12),
    cylinder: new THREE.CylinderBufferGeometry(1, 1, 1, 20).rotateX(Math.PI / 2),
    cone: new THREE.ConeBufferGeometry(1, 1, 20).rotateX(Math.PI / 2),
  };
  const material = new THREE.ShaderMaterial({
    vertexShader: [
      'attribute vec3 offset; attribute vec4 orientation; attribute vec3 iscale; attribute vec3 icolor;',
      'varying vec3 vColor; varying vec3 vNormal;',
      'vec3 rot(vec4 q, vec3 v) { return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v); }',
      'void main() {',
      '  vColor = icolor;',
      '  vNormal = rot(orientation, normal / max(iscale, vec3(1e-6)));',
      '  gl_Position = projectionMatrix * viewMatrix * vec4(rot(orientation, position * iscale) + offset, 1.0);',
      '}'].join('\n'),
    fragmentShader: [
      'varying vec3 vColor; varying vec3 vNormal;',
      'void main() {',
      '  vec3 n = normalize(vNormal);',
      '  float d = max(dot(n, normalize(vec3(0.4, -0.3, 0.85))), 0.0);',
      '  gl_FragColor = vec4(vColor * (0.38 + 0.62 * d), 1.0);',
      '}'].join('\n'),
  });

  let content = new THREE.Group();
  scene.add(content);
  let groups = {};        // primitive -> {mesh, attrs, instances: [...]}
  let links = [];         // index -> {model, instances: [[group, i]], planes: [Object3D]}
  let pose = new Float64Array(0);
  let dirty = new Set();
  let selected = null;
  let needsRender = true;
  let continuous = false;
  let frames = 0, fps = 0, fpsFrames = 0, fpsStart = performance.now();
  let fitted = false;
  const fpsLabel = document.getElementById('fps');

  function clear() {
    scene.remove(content);
    content.traverse(o => { if (o.geometry && !Object.values(base).includes(o.geometry)) o.geometry.dispose(); });
    content = new THREE.Group();
    scene.add(content);
    groups = {};
    links = [];
  }

  // One instance: a unit primitive scaled, placed in the link frame.
  function addInstance(list, prim, link, model, local, scale, color, radius) {
    (list[prim] = list[prim] || []).push({ link, model, local, scale, color, radius });
  }

  function setScene(s) {
    clear();
    const wanted = {};
    const planes = [];
    let count = 0;
    for (const m of s.models) {
      for (const l of m.links) {
        links[l.index] = { model: m.name, instances: [], planes: [] };
        count = Math.max(count, l.index + 1);
        for (const sh of l.shapes) {
          const p = sh.pose, z = sh.size;
          const local = { p: new THREE.Vector3(p[0], p[1], p[2]), q: new THREE.Quaternion(p[3], p[4], p[5], p[6]) };
          const color = m.static ? STATIC : (DYNAMIC[sh.type] || DYNAMIC.other);
          const along = dz => ({ p: local.p.clone().add(new THREE.Vector3(0, 0, dz).applyQuaternion(local.q)), q: local.q });
          switch (sh.type) {
            case 'box': addInstance(wanted, 'box', l.index, m.name, local, [z[0], z[1], z[2]], color, Math.hypot(z[0], z[1], z[2]) / 2); break;
            case 'sphere': addInstance(wanted, 'sphere', l.index, m.name, local, [z[0], z[0], z[0]], color, z[0]); break;
            case 'ellipsoid': addInstance(wanted, 'sphere', l.index, m.name, local, [z[0], z[1], z[2]], color, Math.max(z[0], z[1], z[2])); break;
            case 'cylinder': addInstance(wanted, 'cylinder', l.index, m.name, local, [z[0], z[0], z[1]], color, Math.hypot(z[0], z[1] / 2)); break;
            case 'cone': addInstance(wanted, 'cone', l.index, m.name, local, [z[0], z[0], z[1]], color, Math.hypot(z[0], z[1] / 2)); break;
            case 'capsule':
              addInstance(wanted, 'cylinder', l.index, m.name, local, [z[0], z[0], z[1]], color, z[0] + z[1] / 2);
              addInstance(wanted, 'sphere', l.index, m.name, along(z[1] / 2), [z[0], z[0], z[0]], color, z[0]);
              addInstance(wanted, 'sphere', l.index, m.name, along(-z[1] / 2), [z[0], z[0], z[0]], color, z[0]);
              break;
            case 'plane': planes.push({ link: l.index, local, size: z, model: m.name }); break;
            default: // mesh, heightmap ...: Orrery does not read the file, so a marker box of 0.3 m stands for it
              addInstance(wanted, 'box', l.index, m.name, local, [0.3, 0.3, 0.3], DYNAMIC.other, 0.26);
          }
        }
      }
    }
    pose = new Float64Array(count * 7);
    for (let i = 0; i < count; i++) { pose[i * 7 + 6] = 1; if (!links[i]) links[i] = { model: null, instances: [], planes: [] }; }
    for (const [prim, list] of Object.entries(wanted)) {
      const n = list.length;
      const g = new THREE.InstancedBufferGeometry();
      g.setIndex(base[prim].index);
      g.addAttribute('position', base[prim].attributes.position);
      g.addAttribute('normal', base[prim].attributes.normal);
      const attrs = {
        offset: new THREE.InstancedBufferAttribute(new Float32Array(n * 3), 3, 1),
        orientation: new THREE.InstancedBufferAttribute(new Float32Array(n * 4), 4, 1),
        iscale: new THREE.InstancedBufferAttribute(new Float32Array(n * 3), 3, 1),
        icolor: new THREE.InstancedBufferAttribute(new Float32Array(n * 3), 3, 1),
      };
      for (const [k, a] of Object.entries(attrs)) { a.setDynamic(true); g.addAttribute(k, a); }
      list.forEach((inst, i) => {
        attrs.iscale.array.set(inst.scale, i * 3);
        attrs.icolor.array.set(inst.color, i * 3);
        links[inst.link].instances.push([prim, i]);
      });
      g.maxInstancedCount = n;
      const mesh = new THREE.Mesh(g, material);
      mesh.frustumCulled = false;
      content.add(mesh);
      groups[prim] = { mesh, attrs, instances: list };
    }
    for (const pl of planes) {
      const n = new THREE.Vector3(pl.size[0], pl.size[1], pl.size[2]).normalize();
      const sx = pl.size[3] || 100, sy = pl.size[4] || 100;
      const geom = new THREE.PlaneBufferGeometry(Math.min(sx, 400), Math.min(sy, 400));
      const mesh = new THREE.Mesh(geom, new THREE.MeshLambertMaterial({ color: 0x59606b, transparent: true,
        opacity: 0.55, side: THREE.DoubleSide, depthWrite: false }));
      mesh.userData = { local: pl.local, normal: new THREE.Quaternion().setFromUnitVectors(new THREE.Vector3(0, 0, 1), n), model: pl.model };
      mesh.renderOrder = -1;
      content.add(mesh);
      links[pl.link].planes.push(mesh);
    }
    if (selected) highlight(selected, true);
    for (let i = 0; i < count; i++) dirty.add(i);
    if (s.camera && !fitted) { placeCamera(s.camera); fitted = true; }
    needsRender = true;
  }

  const tmpQ = new THREE.Quaternion(), tmpP = new THREE.Vector3(), linkQ = new THREE.Quaternion(), linkP = new THREE.Vector3();
  function update() {
    const touched = new Set();
    for (const i of dirty) {
      const o = i * 7;
      linkP.set(pose[o], pose[o + 1], pose[o + 2]);
      linkQ.set(pose[o + 3], pose[o + 4], pose[o + 5], pose[o + 6]);
      const link = links[i];
      if (!link) continue;
      for (const [prim, k] of link.instances) {
        const gr = groups[prim], inst = gr.instances[k];
        tmpP.copy(inst.local.p).applyQuaternion(linkQ).add(linkP);
        tmpQ.copy(linkQ).multiply(inst.local.q);
        gr.attrs.offset.array[k * 3] = tmpP.x; gr.attrs.offset.array[k * 3 + 1] = tmpP.y; gr.attrs.offset.array[k * 3 + 2] = tmpP.z;
        const a = gr.attrs.orientation.array;
        a[k * 4] = tmpQ.x; a[k * 4 + 1] = tmpQ.y; a[k * 4 + 2] = tmpQ.z; a[k * 4 + 3] = tmpQ.w;
        inst.world = tmpP.clone();
        touched.add(prim);
      }
      for (const mesh of link.planes) {
        mesh.position.copy(mesh.userData.local.p).applyQuaternion(linkQ).add(linkP);
        mesh.quaternion.copy(linkQ).multiply(mesh.userData.local.q).multiply(mesh.userData.normal);
      }
    }
    dirty.clear();
    for (const prim of touched) { groups[prim].attrs.offset.needsUpdate = true; groups[prim].attrs.orientation.needsUpdate = true; }
  }

  // A pose-stream frame: [index, x mm, y mm, z mm, qx, qy, qz, qw (times 10^4)] ...
  function applyPoses(p) {
    for (let j = 0; j + 7 < p.length; j += 8) {
      const i = p[j];
      if (i * 7 >= pose.length) continue;
      const o = i * 7;
      pose[o] = p[j + 1] / 1000; pose[o + 1] = p[j + 2] / 1000; pose[o + 2] = p[j + 3] / 1000;
      const qx = p[j + 4], qy = p[j + 5], qz = p[j + 6], qw = p[j + 7];
      const norm = Math.hypot(qx, qy, qz, qw) || 1;
      pose[o + 3] = qx / norm; pose[o + 4] = qy / norm; pose[o + 5] = qz / norm; pose[o + 6] = qw / norm;
      dirty.add(i);
    }
    if (!fitted && pose.length) { fit(); fitted = true; }
    needsRender = true;
  }

  function highlight(model, on) {
    for (const gr of Object.values(groups)) {
      gr.instances.forEach((inst, k) => {
        if (inst.model === model) gr.attrs.icolor.array.set(on ? SELECTED : inst.color, k * 3);
      });
      gr.attrs.icolor.needsUpdate = true;
    }
    needsRender = true;
  }

  function select(model) {
    if (selected) highlight(selected, false);
    selected = model;
    if (model) highlight(model, true);
  }

  // the orbit camera: a target, a distance and two angles
  const orbit = { target: new THREE.Vector3(0, 0, 0.5), distance: 10, azimuth: -Math.PI / 4 * 3 + Math.PI, elevation: 0.45 };
  function applyOrbit() {
    orbit.elevation = Math.max(-1.55, Math.min(1.55, orbit.elevation));
    orbit.distance = Math.max(0.2, Math.min(1500, orbit.distance));
    const c = Math.cos(orbit.elevation);
    camera.position.set(orbit.target.x + orbit.distance * c * Math.cos(orbit.azimuth),
      orbit.target.y + orbit.distance * c * Math.sin(orbit.azimuth), orbit.target.z + orbit.distance * Math.sin(orbit.elevation));
    camera.lookAt(orbit.target);
    needsRender = true;
  }
  // a Gazebo GUI camera pose: it looks along its +X; the target is where that ray meets the ground, or 5 m ahead
  function placeCamera(c) {
    const pos = new THREE.Vector3(c[0], c[1], c[2]);
    const fwd = new THREE.Vector3(1, 0, 0).applyQuaternion(new THREE.Quaternion(c[3], c[4], c[5], c[6]));
    const t = fwd.z < -0.05 ? -pos.z / fwd.z : 5;
    orbit.target.copy(pos).addScaledVector(fwd, Math.min(t, 50));
    const d = pos.clone().sub(orbit.target);
    orbit.distance = d.length();
    orbit.azimuth = Math.atan2(d.y, d.x);
    orbit.elevation = Math.asin(d.z / orbit.distance);
    applyOrbit();
  }
  // no GUI camera: frame every link that is not a plane
  function fit() {
    const box = new THREE.Box3();
    links.forEach((l, i) => { if (l.instances.length) box.expandByPoint(new THREE.Vector3(pose[i * 7], pose[i * 7 + 1], pose[i * 7 + 2])); });
    if (box.isEmpty()) return;
    box.getCenter(orbit.target);
    orbit.distance = Math.max(4, box.getSize().length() * 1.1);
    applyOrbit();
  }
  applyOrbit();

  let drag = null;
  canvas.addEventListener('contextmenu', e => e.preventDefault());
  canvas.addEventListener('mousedown', e => { drag = { x: e.clientX, y: e.clientY, button: e.button, shift: e.shiftKey, moved: 0 }; });
  window.addEventListener('mouseup', e => {
    if (drag && drag.moved < 4 && e.target === canvas) pick(e);
    drag = null;
  });
  window.addEventListener('mousemove', e => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    drag.moved += Math.abs(dx) + Math.abs(dy);
    drag.x = e.clientX; drag.y = e.clientY;
    if (drag.button === 2 || drag.shift) {
      const s = orbit.distance * 0.0015;
      const right = new THREE.Vector3().setFromMatrixColumn(camera.matrix, 0);
      const up = new THREE.Vector3().setFromMatrixColumn(camera.matrix, 1);
      orbit.target.addScaledVector(right, -dx * s).addScaledVector(up, dy * s);
    } else {
      orbit.azimuth -= dx * 0.008;
      orbit.elevation += dy * 0.008;
    }
    applyOrbit();
  });
  canvas.addEventListener('wheel', e => { e.preventDefault(); orbit.distance *= Math.exp(e.deltaY * 0.001); applyOrbit(); }, { passive: false });

  const raycaster = new THREE.Raycaster();
  function pick(e) {
    const r = canvas.getBoundingClientRect();
    raycaster.setFromCamera(new THREE.Vector2((e.clientX - r.left) / r.width * 2 - 1, -(e.clientY - r.top) / r.height * 2 + 1), camera);
    const ray = raycaster.ray;
    let best = null, bestT = Infinity;
    const sphere = new THREE.Sphere(), hit = new THREE.Vector3();
    for (const gr of Object.values(groups)) {
      for (const inst of gr.instances) {
        if (!inst.world) continue;
        sphere.set(inst.world, inst.radius);
        if (ray.intersectSphere(sphere, hit)) {
          const t = hit.distanceTo(ray.origin);
          if (t < bestT) { bestT = t; best = inst.model; }
        }
      }
    }
    if (best) onPick(best);
  }

  function resize() {
    const w = canvas.clientWidth, h = canvas.clientHeight;
    if (w && h && (canvas.width !== Math.floor(w * devicePixelRatio) || canvas.height !== Math.floor(h * devicePixelRatio))) {
      renderer.setPixelRatio(devicePixelRatio);
      renderer.setSize(w, h, false);
      camera.aspect = w / h;
      camera.updateProjectionMatrix();
      needsRender = true;
    }
  }

  function loop() {
    requestAnimationFrame(loop);
    resize();
    if (!needsRender && !continuous) return;
    needsRender = false;
    if (dirty.size) update();
    renderer.render(scene, camera);
    frames++; fpsFrames++;
    if (fpsFrames === 1) fpsLabel.textContent = fps ? fps.toFixed(0) + " fps" : "";
    const now = performance.now();
    if (now - fpsStart >= 1000) { fps = fpsFrames * 1000 / (now - fpsStart); fpsFrames = 0; fpsStart = now; }
  }
  requestAnimationFrame(loop);

  return {
    setScene, applyPoses, select,
    // for the benchmark and tests: rendered frames, and continuous rendering on demand
    stats: () => ({ frames, fps, instances: Object.values(groups).reduce((n, g) => n + g.instances.length, 0) }),
    setContinuous: on => { continuous = on; },
    linkPose: i => Array.from(pose.slice(i * 7, i * 7 + 7)),
  };
}
