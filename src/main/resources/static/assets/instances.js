'use strict';
// Every collision shape as a copy of a unit primitive (box, sphere, cylinder, cone), drawn with one call per
// primitive and level of detail, placed by a small shader from per-vertex pose attributes. Before each
// render the instances are sorted into what the camera sees: outside the view frustum not at all, a shape under a
// few pixels across as one point, a small one with few triangles, a near one in full. Software WebGL pays for
// every triangle it sets up, visible or a fraction of a pixel, so this is what keeps thousands of shapes fast.
function createInstances() {
  const POINT_RADIUS_PX = 2;   // below this projected radius a shape is a point
  const COARSE_RADIUS_PX = 16; // below this, the coarse primitive
  const FINE_CAPACITY = 512;   // near shapes drawn in full at most; more (they would fill the view many times) are coarse
  const SELECTED = [1.0, 0.95, 0.3];
  const PRIMS = ['box', 'sphere', 'cylinder', 'cone'];
  const unit = {
    fine: [
      new THREE.BoxBufferGeometry(1, 1, 1),
      new THREE.SphereBufferGeometry(1, 16, 12),
      new THREE.CylinderBufferGeometry(1, 1, 1, 20).rotateX(Math.PI / 2), // axes along Z as in SDF
      new THREE.ConeBufferGeometry(1, 1, 20).rotateX(Math.PI / 2),
    ],
    coarse: [
      new THREE.BoxBufferGeometry(1, 1, 1),
      new THREE.SphereBufferGeometry(1, 8, 6),
      new THREE.CylinderBufferGeometry(1, 1, 1, 8).rotateX(Math.PI / 2),
      new THREE.ConeBufferGeometry(1, 1, 8).rotateX(Math.PI / 2),
    ],
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
      '  float d = max(dot(normalize(vNormal), normalize(vec3(0.4, -0.3, 0.85))), 0.0);',
      '  gl_FragColor = vec4(vColor * (0.38 + 0.62 * d), 1.0);',
      '}'].join('\n'),
  });
  const pointMaterial = new THREE.ShaderMaterial({
    vertexShader: 'attribute vec3 icolor; attribute float psize; varying vec3 vColor;\n'
      + 'void main() { vColor = icolor; gl_PointSize = psize;'
      + ' gl_Position = projectionMatrix * viewMatrix * vec4(position, 1.0); }',
    fragmentShader: 'varying vec3 vColor; void main() { gl_FragColor = vec4(vColor * 0.85, 1.0); }',
  });

  const group = new THREE.Group();
  let n = 0;
  let prim, model, pos, quat, scale, color, radius, local; // per instance, flat
  let batches = [];  // [level][prim] -> {mesh, attrs, count}
  let points = null; // {mesh, attrs, count}
  let selectedModel = -1;
  let drawn = { fine: 0, coarse: 0, points: 0, culled: 0 };

  function dispose() {
    for (const o of group.children.slice()) {
      group.remove(o);
      o.geometry.dispose();
    }
  }

  // A batch holds up to `capacity` copies of one unit primitive in one vertex buffer, each vertex carrying its
  // copy's pose, scale and colour: one draw call, however many are visible (SwiftShader draws an instanced call
  // instance by instance, each at the cost of a draw call).
  function batch(base, capacity) {
    const v = base.attributes.position.count, index = base.index.array, ni = index.length;
    const g = new THREE.BufferGeometry();
    const big = capacity * v > 65535;
    const indices = big ? new Uint32Array(capacity * ni) : new Uint16Array(capacity * ni);
    const position = new Float32Array(capacity * v * 3), normal = new Float32Array(capacity * v * 3);
    for (let c = 0; c < capacity; c++) {
      position.set(base.attributes.position.array, c * v * 3);
      normal.set(base.attributes.normal.array, c * v * 3);
      for (let i = 0; i < ni; i++) indices[c * ni + i] = index[i] + c * v;
    }
    g.setIndex(new THREE.BufferAttribute(indices, 1));
    g.addAttribute('position', new THREE.BufferAttribute(position, 3));
    g.addAttribute('normal', new THREE.BufferAttribute(normal, 3));
    const attrs = {
      offset: new THREE.BufferAttribute(new Float32Array(capacity * v * 3), 3),
      orientation: new THREE.BufferAttribute(new Float32Array(capacity * v * 4), 4),
      iscale: new THREE.BufferAttribute(new Float32Array(capacity * v * 3), 3),
      icolor: new THREE.BufferAttribute(new Float32Array(capacity * v * 3), 3),
    };
    for (const [k, a] of Object.entries(attrs)) { a.setDynamic(true); g.addAttribute(k, a); }
    g.setDrawRange(0, 0);
    const mesh = new THREE.Mesh(g, material);
    mesh.frustumCulled = false;
    mesh.visible = false;
    group.add(mesh);
    return { mesh, attrs, count: 0, capacity, vertices: v, indices: ni };
  }

  /** list: [{prim: 'box'|'sphere'|'cylinder'|'cone', model: int, local: {p, q}, scale: [3], color: [3], radius}] */
  function build(list) {
    dispose();
    n = list.length;
    prim = new Uint8Array(n); model = new Int32Array(n); radius = new Float32Array(n);
    pos = new Float32Array(n * 3); quat = new Float32Array(n * 4); scale = new Float32Array(n * 3);
    color = new Float32Array(n * 3); local = new Array(n);
    const per = [0, 0, 0, 0];
    list.forEach((s, k) => {
      prim[k] = PRIMS.indexOf(s.prim);
      per[prim[k]]++;
      model[k] = s.model;
      radius[k] = s.radius;
      scale.set(s.scale, k * 3);
      color.set(s.color, k * 3);
      local[k] = s.local;
      quat[k * 4 + 3] = 1;
    });
    batches = ['fine', 'coarse'].map(level => unit[level].map((base, p) =>
      per[p] ? batch(base, level === 'fine' ? Math.min(per[p], FINE_CAPACITY) : per[p]) : null));
    const g = new THREE.BufferGeometry();
    const attrs = {
      position: new THREE.BufferAttribute(new Float32Array(n * 3), 3),
      icolor: new THREE.BufferAttribute(new Float32Array(n * 3), 3),
      psize: new THREE.BufferAttribute(new Float32Array(n), 1),
    };
    for (const [k, a] of Object.entries(attrs)) { a.setDynamic(true); g.addAttribute(k, a); }
    g.setDrawRange(0, 0);
    const mesh = new THREE.Points(g, pointMaterial);
    mesh.frustumCulled = false;
    group.add(mesh);
    points = { mesh, attrs, count: 0 };
  }

  const tmpP = new THREE.Vector3(), tmpQ = new THREE.Quaternion();
  /** Instance k in the world, its link at (linkP, linkQ). */
  function place(k, linkP, linkQ) {
    const l = local[k];
    tmpP.copy(l.p).applyQuaternion(linkQ).add(linkP);
    tmpQ.copy(linkQ).multiply(l.q);
    pos[k * 3] = tmpP.x; pos[k * 3 + 1] = tmpP.y; pos[k * 3 + 2] = tmpP.z;
    quat[k * 4] = tmpQ.x; quat[k * 4 + 1] = tmpQ.y; quat[k * 4 + 2] = tmpQ.z; quat[k * 4 + 3] = tmpQ.w;
  }

  function push(b, k) {
    const c = b.count++, a = b.attrs, v = b.vertices;
    const col = model[k] === selectedModel ? SELECTED : color.subarray(k * 3, k * 3 + 3);
    const o = a.offset.array, r = a.orientation.array, s = a.iscale.array, h = a.icolor.array;
    const x = pos[k * 3], y = pos[k * 3 + 1], z = pos[k * 3 + 2];
    const qx = quat[k * 4], qy = quat[k * 4 + 1], qz = quat[k * 4 + 2], qw = quat[k * 4 + 3];
    const sx = scale[k * 3], sy = scale[k * 3 + 1], sz = scale[k * 3 + 2];
    for (let i = c * v, end = i + v; i < end; i++) {
      o[i * 3] = x; o[i * 3 + 1] = y; o[i * 3 + 2] = z;
      r[i * 4] = qx; r[i * 4 + 1] = qy; r[i * 4 + 2] = qz; r[i * 4 + 3] = qw;
      s[i * 3] = sx; s[i * 3 + 1] = sy; s[i * 3 + 2] = sz;
      h[i * 3] = col[0]; h[i * 3 + 1] = col[1]; h[i * 3 + 2] = col[2];
    }
  }

  function upload(attrs, count) {
    for (const a of Object.values(attrs)) {
      if (count === 0) continue; // r88 refuses an update of nothing
      a.updateRange.offset = 0;
      a.updateRange.count = count * a.itemSize;
      a.needsUpdate = true;
    }
  }

  const frustum = new THREE.Frustum(), viewProjection = new THREE.Matrix4();
  /** Sorts the instances for this camera and a view heightPx tall: culled, points, coarse or fine. */
  function prepare(camera, heightPx) {
    if (!points) return; // no scene yet
    camera.updateMatrixWorld();
    viewProjection.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
    frustum.setFromMatrix(viewProjection);
    const planes = frustum.planes;
    const focal = heightPx / (2 * Math.tan(camera.fov * Math.PI / 360));
    const cx = camera.position.x, cy = camera.position.y, cz = camera.position.z;
    for (const level of batches) for (const b of level) if (b) b.count = 0;
    points.count = 0;
    let culled = 0;
    const pa = points.attrs;
    outer:
    for (let k = 0; k < n; k++) {
      const x = pos[k * 3], y = pos[k * 3 + 1], z = pos[k * 3 + 2], r = radius[k];
      for (let i = 0; i < 6; i++) {
        const pl = planes[i];
        if (pl.normal.x * x + pl.normal.y * y + pl.normal.z * z + pl.constant < -r) { culled++; continue outer; }
      }
      const dist = Math.max(1e-6, Math.hypot(x - cx, y - cy, z - cz) - r);
      const px = r * focal / dist;
      if (px < POINT_RADIUS_PX) {
        const c = points.count++;
        const col = model[k] === selectedModel ? SELECTED : null;
        for (let j = 0; j < 3; j++) {
          pa.position.array[c * 3 + j] = pos[k * 3 + j];
          pa.icolor.array[c * 3 + j] = col ? col[j] : color[k * 3 + j];
        }
        pa.psize.array[c] = Math.max(1.5, 2 * px);
      } else {
        const fine = batches[0][prim[k]];
        push(px >= COARSE_RADIUS_PX && fine.count < fine.capacity ? fine : batches[1][prim[k]], k);
      }
    }
    drawn = { fine: 0, coarse: 0, points: points.count, culled };
    batches.forEach((level, l) => level.forEach(b => {
      if (!b) return;
      b.mesh.geometry.setDrawRange(0, b.count * b.indices);
      b.mesh.visible = b.count > 0;
      upload(b.attrs, b.count * b.vertices);
      drawn[l === 0 ? 'fine' : 'coarse'] += b.count;
    }));
    points.mesh.geometry.setDrawRange(0, points.count);
    points.mesh.visible = points.count > 0;
    upload(pa, points.count);
  }

  /** The model whose shape the ray meets first (bounding spheres), or -1. */
  function pick(ray) {
    let best = -1, bestT = Infinity;
    const sphere = new THREE.Sphere(), hit = new THREE.Vector3();
    for (let k = 0; k < n; k++) {
      sphere.center.set(pos[k * 3], pos[k * 3 + 1], pos[k * 3 + 2]);
      sphere.radius = radius[k];
      if (ray.intersectSphere(sphere, hit)) {
        const t = hit.distanceTo(ray.origin);
        if (t < bestT) { bestT = t; best = model[k]; }
      }
    }
    return best;
  }

  return {
    group, build, place, prepare, pick,
    select: m => { selectedModel = m; },
    count: () => n,
    drawn: () => drawn,
    /** The centre of model m's first shape, or null. */
    centreOf: m => { const k = model ? model.indexOf(m) : -1; return k < 0 ? null : [pos[k * 3], pos[k * 3 + 1], pos[k * 3 + 2]]; },
  };
}
