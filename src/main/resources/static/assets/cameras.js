'use strict';
// A live thumbnail per camera: each camera's latest colour image (GET api/cameras/<name>/image, a PNG), fetched
// again whenever the event stream says the world moved on and the last fetch is done, so a slow link or a busy
// server gets fewer frames, never a queue of them. A camera with no frame yet (204) keeps what it showed.
function createCameras(container, badge, panel) {
  const shown = new Map(); // camera name -> { img, caption, busy, url }

  function add(camera) {
    const figure = document.createElement('figure');
    figure.dataset.camera = camera.name;
    figure.dataset.testid = 'camera';
    const img = document.createElement('img');
    img.alt = camera.name;
    img.dataset.testid = 'camera-thumb';
    const caption = document.createElement('figcaption');
    caption.textContent = camera.name;
    caption.dataset.testid = 'camera-caption';
    figure.append(img, caption);
    container.append(figure);
    shown.set(camera.name, { img, caption, busy: false, url: null });
  }

  async function fetchFrame(name) {
    const c = shown.get(name);
    if (!c || c.busy) return;
    c.busy = true;
    try {
      const r = await fetch('api/cameras/' + encodeURIComponent(name) + '/image', { cache: 'no-store' });
      if (r.status !== 200) return;
      const time = r.headers.get('X-Orrery-Sim-Time');
      const url = URL.createObjectURL(await r.blob());
      await new Promise((resolve, reject) => { c.img.onload = resolve; c.img.onerror = reject; c.img.src = url; });
      if (c.url) URL.revokeObjectURL(c.url);
      c.url = url;
      c.img.dataset.simTime = time;
      c.caption.textContent = name + '  t = ' + Number(time).toFixed(3) + ' s';
    } catch (e) {
      /* the next refresh tries again */
    } finally {
      c.busy = false;
    }
  }

  return {
    // The cameras as the API lists them; only those with a colour image get a thumbnail.
    follow(list) {
      const colour = list.filter(c => c.color);
      const names = new Set(colour.map(c => c.name));
      for (const [name, c] of shown) {
        if (!names.has(name)) {
          c.img.parentElement.remove();
          if (c.url) URL.revokeObjectURL(c.url);
          shown.delete(name);
        }
      }
      colour.forEach(c => { if (!shown.has(c.name)) add(c); });
      badge.textContent = colour.length || '';
      panel.hidden = colour.length === 0;
      this.refresh();
    },
    // Fetches each camera's latest frame, unless its last fetch is still under way.
    refresh() {
      for (const name of shown.keys()) fetchFrame(name);
    }
  };
}
