'use strict';
// An orbit camera for a Z-up world: a target, a distance and two angles; drag to orbit, right-drag or
// shift-drag to pan, wheel to zoom. A press released without moving is a click.
function createOrbit(canvas, camera, changed) {
  const target = new THREE.Vector3(0, 0, 0.5);
  let distance = 10, azimuth = Math.PI / 4, elevation = 0.45;
  let click = () => {};

  function apply() {
    elevation = Math.max(-1.55, Math.min(1.55, elevation));
    distance = Math.max(0.2, Math.min(5000, distance));
    const c = Math.cos(elevation);
    camera.position.set(target.x + distance * c * Math.cos(azimuth), target.y + distance * c * Math.sin(azimuth),
      target.z + distance * Math.sin(elevation));
    camera.lookAt(target);
    camera.updateMatrixWorld();
    changed();
  }

  let drag = null;
  canvas.addEventListener('contextmenu', e => e.preventDefault());
  canvas.addEventListener('mousedown', e => { drag = { x: e.clientX, y: e.clientY, button: e.button, shift: e.shiftKey, moved: 0 }; });
  window.addEventListener('mouseup', e => {
    if (drag && drag.moved < 4 && e.target === canvas) click(e);
    drag = null;
  });
  window.addEventListener('mousemove', e => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    drag.moved += Math.abs(dx) + Math.abs(dy);
    drag.x = e.clientX; drag.y = e.clientY;
    if (drag.button === 2 || drag.shift) {
      const s = distance * 0.0015;
      const right = new THREE.Vector3().setFromMatrixColumn(camera.matrix, 0);
      const up = new THREE.Vector3().setFromMatrixColumn(camera.matrix, 1);
      target.addScaledVector(right, -dx * s).addScaledVector(up, dy * s);
    } else {
      azimuth -= dx * 0.008;
      elevation += dy * 0.008;
    }
    apply();
  });
  canvas.addEventListener('wheel', e => { e.preventDefault(); distance *= Math.exp(e.deltaY * 0.001); apply(); }, { passive: false });
  apply();

  return {
    distance: () => distance,
    rotate: (da, de) => { azimuth += da; elevation += de; apply(); },
    lookAt: (t, d) => { target.copy(t); distance = d; apply(); },
    /** The camera at pos looking at t. */
    lookFrom: (pos, t) => {
      target.copy(t);
      const d = pos.clone().sub(t);
      distance = d.length();
      azimuth = Math.atan2(d.y, d.x);
      elevation = Math.asin(d.z / distance);
      apply();
    },
    onClick: f => { click = f; },
  };
}
