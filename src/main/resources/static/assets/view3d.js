'use strict';
// The 3D view: the collision shapes as instances (instances.js), planes as plain meshes, lidar scans as points, a
// grid, and an orbit camera written here (r88's WebJar has no OrbitControls). It renders only when something
// changed (poses, scans, camera, size, selection) and counts the frames it actually rendered.
function createView(canvas, onPick) {
  const STATIC = [0.55, 0.58, 0.62];
  const DYNAMIC = { box: [0.91, 0.51, 0.23], sphere: [0.31, 0.64, 0.95], cylinder: [0.45, 0.78, 0.42],
    capsule: [0.75, 0.5, 0.9], cone: [0.95, 0.8, 0.3], ellipsoid: [0.4, 0.85, 0.8], other: [0.9, 0.3, 0.6] };
  const LIDAR = 0xff3b30;

  // No antialiasing and one pixel per CSS pixel: software WebGL pays for every sample.
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: false });
  renderer.setPixelRatio(1);
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

  const shapes = createInstances();
  scene.add(shapes.group);
  let planes = new THREE.Group();
  scene.add(planes);
  const scans = new THREE.Group();
  scene.add(scans);
  let models = [];        // model index -> name
  let links = [];         // link index -> {instances: [k], planes: [Mesh]}
  let pose = new Float64Array(0);  // per link: x, y, z, qx, qy, qz, qw in metres and unit quaternions
  let ints = new Int32Array(0);    // the same as the stream sends them
  let sceneKey = null;
  let dirty = new Set();
  let needsRender = true;
  let frames = 0, poseFrames = 0, fpsFrames = 0, fpsStart = performance.now();
  let fitted = false;
  let meshCount = 0, meshTriangles = 0;   // meshes and heightmaps drawn as triangles, and their triangles
  const fpsLabel = document.getElementById('fps');
  const lidarLabel = document.getElementById('lidar-points');

  function setScene(s) {
    const list = [];
    scene.remove(planes);
    planes.traverse(o => { if (o.geometry) o.geometry.dispose(); });
    planes = new THREE.Group();
    scene.add(planes);
    models = s.models.map(m => m.name);
    links = [];
    meshCount = 0;
    meshTriangles = 0;
    let count = 0;
    s.models.forEach((m, mi) => {
      for (const l of m.links) {
        links[l.index] = { instances: [], planes: [] };
        count = Math.max(count, l.index + 1);
        const add = (prim, local, scale, color, radius) => {
          links[l.index].instances.push(list.length);
          list.push({ prim, model: mi, local, scale, color, radius });
        };
        for (const sh of l.shapes) {
          const p = sh.pose, z = sh.size;
          const local = { p: new THREE.Vector3(p[0], p[1], p[2]), q: new THREE.Quaternion(p[3], p[4], p[5], p[6]) };
          const color = m.static ? STATIC : (DYNAMIC[sh.type] || DYNAMIC.other);
          const along = dz => ({ p: local.p.clone().add(new THREE.Vector3(0, 0, dz).applyQuaternion(local.q)), q: local.q });
          switch (sh.type) {
            case 'box': add('box', local, [z[0], z[1], z[2]], color, Math.hypot(z[0], z[1], z[2]) / 2); break;
            case 'sphere': add('sphere', local, [z[0], z[0], z[0]], color, z[0]); break;
            case 'ellipsoid': add('sphere', local, [z[0], z[1], z[2]], color, Math.max(z[0], z[1], z[2])); break;
            case 'cylinder': add('cylinder', local, [z[0], z[0], z[1]], color, Math.hypot(z[0], z[1] / 2)); break;
            case 'cone': add('cone', local, [z[0], z[0], z[1]], color, Math.hypot(z[0], z[1] / 2)); break;
            case 'capsule':
              add('cylinder', local, [z[0], z[0], z[1]], color, Math.hypot(z[0], z[1] / 2));
              add('sphere', along(z[1] / 2), [z[0], z[0], z[0]], color, z[0]);
              add('sphere', along(-z[1] / 2), [z[0], z[0], z[0]], color, z[0]);
              break;
            case 'plane': addPlane(l.index, local, z); break;
            case 'mesh': case 'heightmap': addMesh(l.index, local, sh, m.static ? STATIC : DYNAMIC.other); break;
            default: // polyline, image: Orrery does not simulate them, so a marker box of 0.3 m stands for it
              add('box', local, [0.3, 0.3, 0.3], DYNAMIC.other, 0.26);
          }
        }
      }
    });
    shapes.build(list);
    // the same scene again (a reset, a reload of the same world) keeps the poses: the stream sends only changes
    const same = s.key === sceneKey && ints.length === count * 7;
    sceneKey = s.key;
    if (!same) {
      pose = new Float64Array(count * 7);
      ints = new Int32Array(count * 7);
      for (let i = 0; i < count; i++) { pose[i * 7 + 6] = 1; ints[i * 7 + 6] = 10000; }
    }
    for (let i = 0; i < count; i++) { if (!links[i]) links[i] = { instances: [], planes: [] }; dirty.add(i); }
    if (s.camera && !fitted) { placeCamera(s.camera); fitted = true; }
    needsRender = true;
  }

  function addPlane(link, local, size) {
    const n = new THREE.Vector3(size[0], size[1], size[2]).normalize();
    const geom = new THREE.PlaneBufferGeometry(Math.min(size[3] || 100, 400), Math.min(size[4] || 100, 400));
    const mesh = new THREE.Mesh(geom, new THREE.MeshLambertMaterial({ color: 0x59606b, transparent: true,
      opacity: 0.55, side: THREE.DoubleSide, depthWrite: false }));
    mesh.userData = { local, normal: new THREE.Quaternion().setFromUnitVectors(new THREE.Vector3(0, 0, 1), n) };
    mesh.renderOrder = -1;
    planes.add(mesh);
    links[link].planes.push(mesh);
  }

  // A mesh or heightmap as its triangles (the server sends a coarser copy of a large one), flat shaded. It moves
  // with its link like a plane does.
  function addMesh(link, local, sh, color) {
    const indexed = new THREE.BufferGeometry();
    indexed.addAttribute('position', new THREE.BufferAttribute(new Float32Array(sh.vertices), 3));
    indexed.setIndex(new THREE.BufferAttribute(new Uint32Array(sh.triangles), 1));
    const geom = indexed.toNonIndexed();
    indexed.dispose();
    geom.computeVertexNormals();
    const mesh = new THREE.Mesh(geom, new THREE.MeshLambertMaterial({
      color: new THREE.Color(color[0], color[1], color[2]), side: THREE.DoubleSide }));
    mesh.userData = { local, normal: new THREE.Quaternion(), triangles: sh.triangles.length / 3 };
    meshCount++;
    meshTriangles += sh.triangles.length / 3;
    planes.add(mesh);
    links[link].planes.push(mesh);
  }

  const linkQ = new THREE.Quaternion(), linkP = new THREE.Vector3();
  function update() {
    for (const i of dirty) {
      const link = links[i];
      if (!link) continue;
      const o = i * 7;
      linkP.set(pose[o], pose[o + 1], pose[o + 2]);
      linkQ.set(pose[o + 3], pose[o + 4], pose[o + 5], pose[o + 6]);
      for (const k of link.instances) shapes.place(k, linkP, linkQ);
      for (const mesh of link.planes) {
        mesh.position.copy(mesh.userData.local.p).applyQuaternion(linkQ).add(linkP);
        mesh.quaternion.copy(linkQ).multiply(mesh.userData.local.q).multiply(mesh.userData.normal);
      }
    }
    dirty.clear();
  }

  // A pose-stream frame (PoseEncoder): a full one holds [x mm, y mm, z mm, qx, qy, qz, qw (times 10^4)] for every
  // link in order; any other [index gap, and the seven values' differences] for each link that changed.
  function applyPoses(f) {
    const p = f.p;
    if (f.full) {
      if (p.length !== ints.length) return;
      ints.set(p);
      for (let i = 0; i * 7 < ints.length; i++) setPose(i);
    } else {
      for (let j = 0, i = -1; j + 7 < p.length; j += 8) {
        i += p[j] + 1;
        if (i * 7 >= ints.length) break;
        for (let k = 0; k < 7; k++) ints[i * 7 + k] += p[j + 1 + k];
        setPose(i);
      }
    }
    poseFrames++;
    if (!fitted && pose.length) { update(); fit(); fitted = true; }
    needsRender = true;
  }

  function setPose(i) {
    const o = i * 7;
    pose[o] = ints[o] / 1000; pose[o + 1] = ints[o + 1] / 1000; pose[o + 2] = ints[o + 2] / 1000;
    const qx = ints[o + 3], qy = ints[o + 4], qz = ints[o + 5], qw = ints[o + 6];
    const norm = Math.hypot(qx, qy, qz, qw) || 1;
    pose[o + 3] = qx / norm; pose[o + 4] = qy / norm; pose[o + 5] = qz / norm; pose[o + 6] = qw / norm;
    dirty.add(i);
  }

  // A gz.msgs.LaserScan as points where its rays hit, and the rays themselves faintly (rays that meet nothing read
  // Infinity: not drawn). A point sits 1 cm short of the surface it hit, so the surface does not hide it.
  const scanByTopic = new Map();
  function setScan(topic, scan) {
    let s = scanByTopic.get(topic);
    if (s && (!scan || s.capacity < (scan.ranges || []).length)) {
      scans.remove(s.points, s.rays);
      s.points.geometry.dispose();
      s.rays.geometry.dispose();
      scanByTopic.delete(topic);
      s = null;
    }
    needsRender = true;
    if (!scan) { showLidarCount(); return; }
    const ranges = scan.ranges || [];
    if (!s) {
      const capacity = ranges.length;
      const pg = new THREE.BufferGeometry();
      pg.addAttribute('position', new THREE.BufferAttribute(new Float32Array(capacity * 3), 3).setDynamic(true));
      const rg = new THREE.BufferGeometry();
      rg.addAttribute('position', new THREE.BufferAttribute(new Float32Array(capacity * 6), 3).setDynamic(true));
      s = { capacity, hits: 0,
        points: new THREE.Points(pg, new THREE.PointsMaterial({ color: LIDAR, size: 4, sizeAttenuation: false })),
        rays: new THREE.LineSegments(rg, new THREE.LineBasicMaterial({ color: LIDAR, transparent: true, opacity: 0.25 })) };
      s.points.frustumCulled = s.rays.frustumCulled = false;
      scans.add(s.points, s.rays);
      scanByTopic.set(topic, s);
    }
    const wp = scan.worldPose || {}, p = wp.position || {}, q = wp.orientation || {};
    const origin = new THREE.Vector3(p.x || 0, p.y || 0, p.z || 0);
    const rot = new THREE.Quaternion(q.x || 0, q.y || 0, q.z || 0, q.w === undefined ? 1 : q.w);
    const h = Math.max(1, scan.count || ranges.length);
    const xyz = s.points.geometry.attributes.position.array, rays = s.rays.geometry.attributes.position.array;
    const d = new THREE.Vector3();
    let hits = 0;
    for (let i = 0; i < ranges.length; i++) {
      const r = ranges[i];
      if (typeof r !== 'number' || !Number.isFinite(r)) continue;
      const yaw = scan.angleMin + (i % h) * (scan.angleStep || 0);
      const pitch = (scan.verticalAngleMin || 0) + Math.floor(i / h) * (scan.verticalAngleStep || 0);
      d.set(Math.cos(pitch) * Math.cos(yaw), Math.cos(pitch) * Math.sin(yaw), Math.sin(pitch)).applyQuaternion(rot)
        .multiplyScalar(Math.max(0, r - 0.01)).add(origin);
      xyz[hits * 3] = d.x; xyz[hits * 3 + 1] = d.y; xyz[hits * 3 + 2] = d.z;
      rays.set([origin.x, origin.y, origin.z, d.x, d.y, d.z], hits * 6);
      hits++;
    }
    s.hits = hits;
    s.points.geometry.attributes.position.needsUpdate = true;
    s.rays.geometry.attributes.position.needsUpdate = true;
    s.points.geometry.setDrawRange(0, hits);
    s.rays.geometry.setDrawRange(0, hits * 2);
    showLidarCount();
  }

  function lidarPoints() {
    let n = 0;
    for (const s of scanByTopic.values()) n += s.hits;
    return n;
  }

  function showLidarCount() {
    if (lidarLabel) lidarLabel.textContent = scanByTopic.size ? lidarPoints() + ' lidar points · ' : '';
  }

  function select(name) {
    shapes.select(models.indexOf(name));
    needsRender = true;
  }

  const orbit = createOrbit(canvas, camera, () => { needsRender = true; });
  // a Gazebo GUI camera pose: it looks along its +X; the target is where that ray meets the ground, or 5 m ahead
  function placeCamera(c) {
    const pos = new THREE.Vector3(c[0], c[1], c[2]);
    const fwd = new THREE.Vector3(1, 0, 0).applyQuaternion(new THREE.Quaternion(c[3], c[4], c[5], c[6]));
    const t = fwd.z < -0.05 ? -pos.z / fwd.z : 5;
    orbit.lookFrom(pos, pos.clone().addScaledVector(fwd, Math.min(t, 50)));
  }
  // no GUI camera: frame every link that is not a plane
  function fit() {
    const box = new THREE.Box3();
    links.forEach((l, i) => { if (l.instances.length) box.expandByPoint(new THREE.Vector3(pose[i * 7], pose[i * 7 + 1], pose[i * 7 + 2])); });
    if (!box.isEmpty()) orbit.lookAt(box.getCenter(), Math.max(4, box.getSize().length() * 1.1));
  }

  const raycaster = new THREE.Raycaster();
  orbit.onClick(e => {
    const r = canvas.getBoundingClientRect();
    raycaster.setFromCamera(new THREE.Vector2((e.clientX - r.left) / r.width * 2 - 1, -(e.clientY - r.top) / r.height * 2 + 1), camera);
    const m = shapes.pick(raycaster.ray);
    if (m >= 0) onPick(models[m]);
  });

  function resize() {
    const w = canvas.clientWidth, h = canvas.clientHeight;
    if (w && h && (canvas.width !== w || canvas.height !== h)) {
      renderer.setSize(w, h, false);
      camera.aspect = w / h;
      camera.updateProjectionMatrix();
      needsRender = true;
    }
  }

  function render() {
    if (dirty.size) update();
    camera.far = Math.max(2000, orbit.distance() * 3);
    camera.updateProjectionMatrix();
    shapes.prepare(camera, canvas.height);
    renderer.render(scene, camera);
    frames++;
  }

  function loop() {
    requestAnimationFrame(loop);
    resize();
    const now = performance.now();
    if (now - fpsStart >= 1000) { // frames rendered in the last second; none when nothing changed
      if (fpsLabel) fpsLabel.textContent = fpsFrames ? (fpsFrames * 1000 / (now - fpsStart)).toFixed(0) + ' fps' : 'idle';
      fpsFrames = 0;
      fpsStart = now;
    }
    if (!needsRender) return;
    needsRender = false;
    render();
    fpsFrames++;
  }
  requestAnimationFrame(loop);

  return {
    setScene, applyPoses, setScan, select,
    // for the benchmark, tests and users' own automation
    stats: () => Object.assign({ frames, poseFrames, instances: shapes.count(), lidarPoints: lidarPoints(), meshes: meshCount,
      meshTriangles }, shapes.drawn()),
    linkPose: i => Array.from(pose.slice(i * 7, i * 7 + 7)),
    lookAt: (target, distance) => orbit.lookAt(new THREE.Vector3(target[0], target[1], target[2]), distance),
    orbitBy: (azimuth, elevation) => orbit.rotate(azimuth, elevation),
    // where a model's first shape is on the canvas, in CSS pixels from its top left corner (null when not shown)
    screenOf: name => {
      const c = shapes.centreOf(models.indexOf(name));
      if (!c) return null;
      const v = new THREE.Vector3(c[0], c[1], c[2]).project(camera);
      return [(v.x + 1) / 2 * canvas.clientWidth, (1 - v.y) / 2 * canvas.clientHeight];
    },
    // the view as a PNG, rendered now (the drawing buffer is not kept after the page shows it)
    snapshot: () => { resize(); render(); return canvas.toDataURL('image/png'); },
  };
}
