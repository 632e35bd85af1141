'use strict';
// A small time-series plot on a 2D canvas: factors on the left axis, cycle time (ms) on the right, last 60 s.
function createPlot(canvas) {
  const WINDOW_MS = 60000;
  const series = {
    target: { color: '#8a96a3', points: [], axis: 'left', label: 'target factor', dash: [5, 4] },
    achieved: { color: '#f0b429', points: [], axis: 'left', label: 'achieved factor' },
    cycle: { color: '#4fc3f7', points: [], axis: 'right', label: 'step cycle (ms)' },
  };
  let pending = false;

  function add(name, value) {
    if (!Number.isFinite(value)) return;
    const s = series[name];
    const now = performance.now();
    s.points.push([now, value]);
    while (s.points.length && s.points[0][0] < now - WINDOW_MS) s.points.shift();
    schedule();
  }

  function schedule() {
    if (!pending) {
      pending = true;
      requestAnimationFrame(() => { pending = false; draw(); });
    }
  }

  function max(axis) {
    let m = 0;
    for (const s of Object.values(series)) {
      if (s.axis === axis) for (const p of s.points) m = Math.max(m, p[1]);
    }
    if (m <= 0) return 1;
    const mag = Math.pow(10, Math.floor(Math.log10(m)));
    return Math.ceil(m / mag * 1.1) * mag; // a round number above the data
  }

  function draw() {
    const dpr = window.devicePixelRatio || 1;
    const w = canvas.clientWidth, h = canvas.clientHeight;
    if (canvas.width !== w * dpr || canvas.height !== h * dpr) { canvas.width = w * dpr; canvas.height = h * dpr; }
    const g = canvas.getContext('2d');
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, w, h);
    const left = 40, right = 48, top = 16, bottom = 16;
    const pw = w - left - right, ph = h - top - bottom;
    const now = performance.now();
    const scale = { left: max('left'), right: max('right') };
    g.font = '11px sans-serif';
    g.strokeStyle = '#333a44';
    g.fillStyle = '#8a96a3';
    for (let i = 0; i <= 4; i++) {
      const y = top + ph * i / 4;
      g.beginPath(); g.moveTo(left, y); g.lineTo(left + pw, y); g.stroke();
      g.textAlign = 'right'; g.fillText(+(scale.left * (1 - i / 4)).toPrecision(3), left - 4, y + 4);
      g.textAlign = 'left'; g.fillText(+(scale.right * (1 - i / 4)).toPrecision(3), left + pw + 4, y + 4);
    }
    g.textAlign = 'center';
    g.fillText('−60 s', left, h - 3); g.fillText('now', left + pw, h - 3);
    let lx = left + 4;
    for (const s of Object.values(series)) {
      g.strokeStyle = s.color;
      g.setLineDash(s.dash || []);
      g.beginPath();
      s.points.forEach(([t, v], i) => {
        const x = left + pw * (1 - (now - t) / WINDOW_MS);
        const y = top + ph * (1 - v / scale[s.axis]);
        if (i === 0) g.moveTo(x, y); else g.lineTo(x, y);
      });
      g.stroke();
      g.setLineDash([]);
      g.fillStyle = s.color; g.textAlign = 'left';
      g.fillText(s.label, lx, 11);
      lx += g.measureText(s.label).width + 14;
    }
  }

  window.addEventListener('resize', schedule);
  return { add, draw: schedule };
}
