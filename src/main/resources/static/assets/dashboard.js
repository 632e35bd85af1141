'use strict';
// The dashboard: the header and panels follow the event stream (/api/events: state, steps, plugins, reset,
// trigger, stats), the 3D view follows /dashboard/poses; commands go through the HTTP API and a refusal shows its
// detail.
(() => {
  const $ = id => document.getElementById(id);
  const fmt = (v, d = 3) => (v === null || v === undefined || !Number.isFinite(v)) ? '–' : v.toFixed(d);
  const MAX_LOG = 200;

  const plot = createPlot($('rtf-plot'));
  const pace = createPace($, fmt);
  const view = createView($('view3d'), name => selectModel(name));
  window.orreryDashboard = { view, plot };

  let status = null;
  let scene = null;
  let sceneKey = null;
  let pendingFrames = [];
  let loadingScene = null;
  let selected = null;
  let knownFailures = new Set();
  let factorEdited = false;

  // ---- event log -----------------------------------------------------------------------------------------------
  function log(text, kind) {
    const li = document.createElement('li');
    li.textContent = new Date().toLocaleTimeString() + '  ' + text;
    if (kind) li.className = kind;
    const ul = $('event-log');
    ul.prepend(li);
    while (ul.children.length > MAX_LOG) ul.lastChild.remove();
  }

  function showProblem(e) {
    const box = $('problem');
    if (!e) { box.hidden = true; box.textContent = ''; return; }
    box.hidden = false;
    box.textContent = (e.status ? e.status + ': ' : '') + e.message;
  }

  async function command(fn) {
    try {
      const r = await fn();
      showProblem(null);
      if (r && r.state) showStatus(r);
      return r;
    } catch (e) {
      showProblem(e);
      return null;
    }
  }

  // ---- header --------------------------------------------------------------------------------------------------
  function showStatus(s) {
    status = s;
    refreshUnsupported();
    $('world-name').textContent = s.world && s.world.name || '(no world)';
    $('world-file').textContent = s.world && s.world.file || '';
    $('state').textContent = s.paused && s.state !== 'PAUSE' ? s.state + ' (paused)' : s.state;
    $('phase').textContent = s.phase;
    $('controller-box').hidden = !s.controller;
    $('controller').textContent = s.controller || '';
    $('outcome-box').hidden = !s.outcome;
    $('outcome').textContent = s.outcome ? s.outcome + (s.message ? ': ' + s.message : '') : '';
    showProgress(s.simTime, s.iterations, s.realTimeFactor, s.achievedRealTimeFactor);
    pace.update(s);
    const allowed = new Set(s.allowedCommands || []);
    document.querySelectorAll('[data-command]').forEach(b => b.classList.toggle('not-allowed', !allowed.has(b.dataset.command)));
    // Not over what the user is typing, nor into a field they are in.
    if (!factorEdited && document.activeElement !== $('rtf-input')) $('rtf-input').value = s.realTimeFactor;
    if (document.activeElement !== $('rtf-slider')) $('rtf-slider').value = Math.min(4, s.realTimeFactor);
  }

  function showProgress(simTime, iterations, target, achieved) {
    $('sim-time').textContent = fmt(simTime) + ' s';
    $('iterations').textContent = iterations;
    $('rtf-target').textContent = target === 0 ? '0 (max)' : fmt(target, 2);
    $('rtf-achieved').textContent = fmt(achieved, 2);
  }

  let statusTimer = null;
  function refreshStatus() { // at most 4 times a second, however many transitions come
    if (statusTimer) return;
    statusTimer = setTimeout(async () => {
      statusTimer = null;
      try { showStatus(await api.get('api/simulation')); } catch (e) { /* the next event tries again */ }
    }, 250);
  }

  // ---- controls ------------------------------------------------------------------------------------------------
  $('btn-pause').onclick = () => command(() => api.post('api/simulation/pause'));
  $('btn-resume').onclick = () => command(() => api.post('api/simulation/resume'));
  $('btn-reset').onclick = () => command(() => api.post('api/simulation/reset'));
  $('btn-reload').onclick = () => command(() => api.post('api/simulation/reload'));
  // A batch or a run-to shows its progress until its answer comes (a run-to answers 202 if it takes long: it goes on
  // until the world pauses there).
  $('btn-step').onclick = async () => {
    const count = Number($('step-count').value || 1);
    if (status) pace.startWork('steps', count, status.iterations, status);
    await command(() => api.post('api/simulation/step?count=' + encodeURIComponent($('step-count').value || 1)));
    pace.endWork();
  };
  $('btn-run-to').onclick = async () => {
    const target = Number($('run-to').value);
    if (status && target > status.simTime) pace.startWork('run to', target - status.simTime, status.simTime, status);
    const r = await command(() => api.post('api/simulation/run-to?simTime=' + encodeURIComponent($('run-to').value)));
    if (!r || r.paused) pace.endWork();
  };
  const setFactor = v => { factorEdited = false; return command(() => api.put('api/simulation/real-time-factor', { value: Number(v) })); };
  $('rtf-input').oninput = () => { factorEdited = true; };
  $('rtf-input').onchange = () => { factorEdited = true; };
  $('btn-rtf').onclick = () => setFactor($('rtf-input').value);
  $('rtf-input').onkeydown = e => { if (e.key === 'Enter') setFactor($('rtf-input').value); };
  $('rtf-slider').oninput = () => { $('rtf-input').value = $('rtf-slider').value; };
  $('rtf-slider').onchange = () => setFactor($('rtf-slider').value);

  // ---- plugins and probes --------------------------------------------------------------------------------------
  function showPluginProgress(p) {
    $('plugins-progress').textContent = p.allStarted ? 'all ' + p.total + ' started' : p.started + ' of ' + p.total + ' started';
  }

  async function refreshPlugins() {
    let list;
    try { list = await api.get('api/plugins'); } catch (e) { return; }
    const body = $('plugins').tBodies[0];
    body.replaceChildren(...list.map(p => {
      const tr = document.createElement('tr');
      tr.className = p.state;
      tr.dataset.testid = 'plugin-' + p.name;
      for (const v of [p.name, p.state]) {
        const td = document.createElement('td');
        td.textContent = v;
        tr.append(td);
      }
      // its type and owner under its name: four columns do not fit a side column
      const from = document.createElement('div');
      from.className = 'dim';
      from.textContent = p.filename + ' · ' + p.owner;
      tr.cells[0].append(from);
      if (p.error) {
        const err = document.createElement('div');
        err.className = 'error';
        err.dataset.testid = 'plugin-error';
        err.textContent = p.error;
        tr.cells[0].append(err);
        if (!knownFailures.has(p.name + p.error)) {
          knownFailures.add(p.name + p.error);
          log('plugin ' + p.name + ' failed: ' + p.error, 'error');
        }
      }
      return tr;
    }));
  }

  // ---- systems: what runs, in order, and what it costs (GET /api/systems, the runner's published report) --------
  async function refreshSystems() {
    let view;
    try { view = await api.get('api/systems'); } catch (e) { return; }
    $('systems-window').textContent = view.windowSeconds > 0 ? 'over ' + fmt(view.windowSeconds, 1) + ' s' : '';
    const rows = [];
    pace.systems(view);
    for (const phase of view.phases) {
      if (phase.systems.length === 0) continue;
      const head = document.createElement('tr');
      head.className = 'phase';
      const th = document.createElement('th');
      th.colSpan = 6;
      th.textContent = phase.phase;
      head.append(th);
      rows.push(head);
      for (const s of phase.systems) {
        const tr = document.createElement('tr');
        tr.dataset.testid = 'system-' + phase.phase + '-' + s.order;
        tr.title = s.origin.description;
        const timed = s.calls > 0;
        for (const v of [s.order, s.name, s.priority, s.prioritySource,
          timed ? fmt(s.meanMicros, 1) : '–', timed ? fmt(s.p99Micros, 1) : '–']) {
          const td = document.createElement('td');
          td.textContent = v;
          tr.append(td);
        }
        const origin = document.createElement('div');
        origin.className = 'dim';
        origin.textContent = s.origin.description;
        tr.cells[1].append(origin);
        rows.push(tr);
      }
    }
    $('systems').tBodies[0].replaceChildren(...rows);
  }

  // What the loaded world holds that Orrery does not simulate (GET /api/world), each with its file and line.
  // Asked once per load, when the status first shows a loaded world: while one loads, GET /api/world answers 409.
  let unsupportedAsked = false;
  function worldLoaded(s) { return s && s.state && s.state !== 'CONNECT' && s.state !== 'DISCONNECT'; }
  // A long list (a world's friction details) starts folded: it would push the panels below it off the screen.
  const UNSUPPORTED_OPEN = 3;
  function showUnsupported(open) {
    $('unsupported-body').hidden = !open;
    $('unsupported-toggle').textContent = open ? 'hide' : 'show';
    $('unsupported-toggle').setAttribute('aria-expanded', String(open));
  }
  $('unsupported-toggle').onclick = () => showUnsupported($('unsupported-body').hidden);
  async function refreshUnsupported() {
    if (unsupportedAsked || !worldLoaded(status)) return;
    unsupportedAsked = true;
    let world;
    try { world = await api.get('api/world'); } catch (e) { unsupportedAsked = false; return; }
    const list = world.unsupported || [];
    $('unsupported-panel').hidden = list.length === 0;
    showUnsupported(list.length <= UNSUPPORTED_OPEN);
    $('unsupported-count').textContent = String(list.length);
    $('unsupported').tBodies[0].replaceChildren(...list.map(u => {
      const tr = document.createElement('tr');
      tr.title = u.file + ':' + u.line;
      for (const v of ['<' + u.element + '>', u.where, u.line]) {
        const td = document.createElement('td');
        td.textContent = v;
        tr.append(td);
      }
      return tr;
    }));
  }

  async function refreshProbes() {
    try {
      const p = await api.get('dashboard/probes');
      $('liveness').textContent = p.liveness;
      $('readiness').textContent = p.readiness;
    } catch (e) { $('liveness').textContent = $('readiness').textContent = 'unreachable'; }
  }

  // ---- models, scene and poses ---------------------------------------------------------------------------------
  async function loadScene() {
    if (!loadingScene) {
      loadingScene = (async () => {
        try {
          scene = await api.get('dashboard/scene');
          sceneKey = scene.key;
          view.setScene(scene);
          showModels();
          for (const f of pendingFrames) if (f.k === sceneKey) view.applyPoses(f);
          // a frame of another scene was dropped: changes after it would not add up, so start again from a full one
          const dropped = pendingFrames.some(f => f.k !== sceneKey);
          pendingFrames = [];
          if (dropped && poseSource) connectPoses();
          if (selected && !scene.models.some(m => m.name === selected)) selectModel(null);
        } finally {
          loadingScene = null;
        }
      })();
    }
    return loadingScene;
  }

  function showModels() {
    if (!scene) return;
    const filter = $('model-filter').value.trim().toLowerCase();
    const shown = scene.models.filter(m => !filter || m.name.toLowerCase().includes(filter));
    const LIMIT = 300; // thousands of list items would make the page slow for no one's benefit
    $('model-count').textContent = scene.models.length + (shown.length > LIMIT ? ' (first ' + LIMIT + ' shown: filter to narrow)' : '');
    $('models').replaceChildren(...shown.slice(0, LIMIT).map(m => {
      const li = document.createElement('li');
      li.textContent = m.name + (m.static ? '  (static)' : '');
      li.dataset.model = m.name;
      if (m.static) li.classList.add('static');
      if (m.name === selected) li.classList.add('selected');
      li.onclick = () => selectModel(m.name);
      return li;
    }));
  }
  $('model-filter').oninput = showModels;

  // Each connection starts with a full frame; then only changes (see PoseEncoder), so a lost connection is a new
  // one, not a resumed one.
  let poseSource = null;
  function connectPoses() {
    if (poseSource) poseSource.close();
    const source = poseSource = new EventSource('dashboard/poses');
    source.onerror = () => { if (source === poseSource) setTimeout(connectPoses, 1000); };
    source.addEventListener('poses', e => {
      const f = JSON.parse(e.data);
      if (f.k !== sceneKey) {
        if (f.full) pendingFrames = [f]; else pendingFrames.push(f);
        loadScene();
      } else {
        view.applyPoses(f);
      }
    });
  }

  // ---- the selected model --------------------------------------------------------------------------------------
  let modelTimer = null;
  function selectModel(name) {
    selected = name;
    view.select(name);
    document.querySelectorAll('#models li').forEach(li => li.classList.toggle('selected', li.dataset.model === name));
    $('model-panel').hidden = !name;
    clearInterval(modelTimer);
    if (!name) return;
    $('model-name').textContent = name;
    refreshModel(true);
    modelTimer = setInterval(() => refreshModel(false), 500);
  }

  const vec = v => '(' + fmt(v.x) + ', ' + fmt(v.y) + ', ' + fmt(v.z) + ')';
  async function refreshModel(fillForm) {
    const name = selected;
    let m;
    try { m = await api.get('api/models/' + encodeURIComponent(name)); } catch (e) {
      if (e.status === 404 && name === selected) selectModel(null);
      return;
    }
    if (name !== selected) return;
    const p = m.pose;
    $('model-pose').textContent = 'xyz (' + fmt(p.x) + ', ' + fmt(p.y) + ', ' + fmt(p.z) + ') rpy (' + fmt(p.roll) + ', ' + fmt(p.pitch) + ', ' + fmt(p.yaw) + ')';
    $('model-velocity').textContent = 'linear ' + vec(m.velocity.linear) + ' angular ' + vec(m.velocity.angular);
    $('model-static').textContent = m.static ? 'yes' : 'no';
    $('btn-static').textContent = m.static ? 'Make dynamic' : 'Make static';
    $('btn-static').dataset.static = m.static;
    const joints = $('model-joints');
    joints.hidden = !Array.isArray(m.joints) || m.joints.length === 0;
    if (!joints.hidden) {
      joints.tBodies[0].replaceChildren(...m.joints.map(j => {
        const tr = document.createElement('tr');
        tr.dataset.joint = j.name;
        // a joint with a second axis (universal, revolute2, gearbox) shows both: first / second
        const both = (a, b) => j.axis2 ? fmt(a) + ' / ' + fmt(b) : fmt(a);
        for (const v of [j.name, j.type, both(j.position, j.axis2 && j.axis2.position),
            both(j.velocity, j.axis2 && j.axis2.velocity)]) {
          const td = document.createElement('td');
          td.textContent = v;
          tr.append(td);
        }
        return tr;
      }));
    }
    // what each collision became in the physics engine: a mesh's hull or decomposition parts, triangles
    const shapes = $('model-shapes');
    const rows = (m.links || []).flatMap(l => (l.shapes || []).map(sh => ({ link: l.name, ...sh })));
    shapes.hidden = rows.length === 0;
    if (!shapes.hidden && fillForm) {
      shapes.tBodies[0].replaceChildren(...rows.map(r => {
        const tr = document.createElement('tr');
        tr.dataset.collision = r.link + '/' + r.collision;
        for (const v of [r.link + '/' + r.collision, r.shape, r.hulls, r.vertices, r.triangles]) {
          const td = document.createElement('td');
          td.textContent = v;
          tr.append(td);
        }
        return tr;
      }));
    }
    if (fillForm) {
      for (const k of ['x', 'y', 'z', 'roll', 'pitch', 'yaw']) $('teleport').elements[k].value = +p[k].toFixed(4);
    }
  }

  $('teleport').onsubmit = async e => {
    e.preventDefault();
    const f = e.target.elements, pose = {};
    for (const k of ['x', 'y', 'z', 'roll', 'pitch', 'yaw']) pose[k] = Number(f[k].value);
    const name = selected;
    if (await command(() => api.put('api/models/' + encodeURIComponent(name) + '/pose', pose))) {
      log('teleported ' + name);
      refreshModel(false);
    }
  };
  $('btn-static').onclick = async () => {
    const name = selected, value = $('btn-static').dataset.static !== 'true';
    if (await command(() => api.put('api/models/' + encodeURIComponent(name) + '/static', { value }))) refreshModel(false);
  };
  $('btn-remove').onclick = async () => {
    const name = selected;
    if (name && confirm('Remove ' + name + ' from the world?')) {
      if ((await command(() => api.del('api/models/' + encodeURIComponent(name)))) !== undefined) {
        log('removed ' + name);
        selectModel(null);
      }
    }
  };

  // ---- triggers and topics -------------------------------------------------------------------------------------
  function addTrigger(t, first) {
    const li = document.createElement('li');
    li.textContent = fmt(t.simTime) + ' s  ' + (t.label ? t.label + ': ' : '') + t.event + ' → ' + t.action;
    const ul = $('trigger-history');
    if (first) ul.prepend(li); else ul.append(li);
  }

  async function loadTopics() {
    const features = await api.get('dashboard/features');
    $('topics-panel').hidden = !features.topics;
    if (!features.topics) return;
    const topics = createTopics($('topics'), view);
    const refresh = async () => {
      try {
        const list = await api.get('api/topics');
        $('topic-count').textContent = list.length || '';
        topics.follow(list);
      } catch (e) { /* shown again at the next refresh */ }
    };
    refresh();
    setInterval(refresh, 3000);
  }

  // ---- the cameras' thumbnails, fetched again at each stats event (the world moved on) -------------------------
  const cameras = createCameras($('cameras'), $('camera-count'), $('cameras-panel'));
  async function loadCameras() {
    try { cameras.follow(await api.get('api/cameras')); } catch (e) { /* tried again at the next load */ }
  }

  // ---- the plot: factors from the stats events, the cycle time from the statistics' running mean --------------
  let lastCycle = null;
  async function sampleCycle() {
    try {
      const s = await api.get('api/statistics');
      const c = s.cycleSeconds;
      if (lastCycle && c.count > lastCycle.count) {
        const mean = (c.mean * c.count - lastCycle.mean * lastCycle.count) / (c.count - lastCycle.count);
        plot.add('cycle', mean * 1000);
        pace.cycle(mean * 1000, s.wallSeconds);
      }
      lastCycle = c;
      pace.update(status);
    } catch (e) { /* next second */ }
  }

  // ---- the event stream ----------------------------------------------------------------------------------------
  function connectEvents() {
    const events = new EventSource('api/events?events=state,steps,plugins,reset,trigger,stats');
    events.addEventListener('state', e => {
      const s = JSON.parse(e.data);
      if (!s.from.startsWith('STEP_') || !s.to.startsWith('STEP_')) log('state ' + s.from + ' → ' + s.to + ' (' + s.event + ') at ' + fmt(s.simTime) + ' s');
      if (s.to === 'CONNECT' || s.to === 'START') { refreshPlugins(); loadScene(); loadCameras(); }
      if (s.to === 'CONNECT') { unsupportedAsked = false; pace.endWork(); } // a load or reload: ask again once loaded
      refreshStatus();
    });
    events.addEventListener('steps', e => { // a step batch: the machine stays in Pause, the span tells it
      const s = JSON.parse(e.data);
      if (s.at === 'STEP_END') { log(s.steps + ' steps to ' + fmt(s.simTime) + ' s'); refreshStatus(); }
    });
    events.addEventListener('plugins', e => { showPluginProgress(JSON.parse(e.data)); refreshPlugins(); });
    events.addEventListener('reset', e => {
      pace.endWork();
      log('reset of ' + JSON.parse(e.data).world + ' at ' + fmt(JSON.parse(e.data).simTime) + ' s');
    });
    events.addEventListener('trigger', e => {
      const t = JSON.parse(e.data);
      addTrigger(t, true);
      log('trigger ' + (t.label || t.event) + ' fired: ' + t.action);
    });
    events.addEventListener('stats', e => {
      const s = JSON.parse(e.data);
      showProgress(s.simTime, s.iterations, s.realTimeFactor, s.achievedRealTimeFactor);
      if (status && (status.paused !== s.paused || (status.controller || null) !== (s.controller || null))) refreshStatus();
      if (status) Object.assign(status, { simTime: s.simTime, iterations: s.iterations, paused: s.paused,
        achievedRealTimeFactor: s.achievedRealTimeFactor, realTimeFactor: s.realTimeFactor });
      pace.update(status);
      plot.add('target', s.realTimeFactor);
      plot.add('achieved', s.achievedRealTimeFactor);
      cameras.refresh();
    });
    events.onerror = () => { $('state').textContent = 'disconnected'; };
    events.onopen = () => refreshStatus();
  }

  async function start() {
    try { showStatus(await api.get('api/simulation')); } catch (e) { showProblem(e); }
    connectEvents();
    refreshPlugins();
    refreshProbes();
    refreshSystems();
    setInterval(refreshProbes, 2000);
    setInterval(refreshSystems, 1000);
    setInterval(sampleCycle, 1000);
    api.get('api/triggers/history').then(h => h.forEach(t => addTrigger(t, true))).catch(() => {});
    loadTopics().catch(() => {});
    loadCameras();
    await loadScene().catch(e => showProblem(e));
    connectPoses();
  }
  start();
})();
