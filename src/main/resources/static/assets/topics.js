'use strict';
// The topics panel: every topic with its type and its latest message laid out as keys and values, stamped with
// the sim time it was published at. Messages come from the event stream (/api/events?events=topic&topic=...), at
// most MAX_RATE a second per topic; laser scans also go to the 3D view, which draws their hit points.
function createTopics(list, view) {
  const MAX_RATE = 5;           // messages a second per topic; a lidar's points move at this rate
  const MAX_TOPICS = 100;       // followed at most (the request names each)
  const SHOW_ARRAY = 6;         // longer arrays of numbers are summarised
  const RENDER_MS = 500;        // the panel is laid out again at most this often
  let names = null;
  let source = null;
  const latest = new Map();     // topic -> {type, message}
  const changed = new Set();
  let renderTimer = null;

  const num = v => Number.isInteger(v) ? String(v) : (Math.abs(v) >= 1e5 || (v !== 0 && Math.abs(v) < 1e-3))
    ? v.toExponential(3) : String(+v.toFixed(4));
  const isNumber = v => typeof v === 'number' || v === 'Infinity' || v === '-Infinity' || v === 'NaN';

  // a vector or quaternion: a few numbers, shown on one line
  const isVector = o => { const v = Object.values(o); return v.length > 0 && v.length <= 4 && v.every(x => typeof x === 'number'); };

  function summary(values) {
    const finite = values.filter(v => typeof v === 'number' && Number.isFinite(v));
    let s = values.length + ' values';
    if (finite.length) s += ', min ' + num(Math.min(...finite)) + ', max ' + num(Math.max(...finite));
    if (finite.length < values.length) s += ', ' + (values.length - finite.length) + ' not finite';
    return s;
  }

  // rows of [depth, key, value text]; nested objects indent, a header becomes the stamp shown beside the name
  function rows(value, depth, key, out) {
    if (value === null || value === undefined) {
      out.push([depth, key, '–']);
    } else if (Array.isArray(value)) {
      if (value.length === 0) out.push([depth, key, '[]']);
      else if (value.every(isNumber)) {
        out.push([depth, key, value.length <= SHOW_ARRAY ? value.map(v => typeof v === 'number' ? num(v) : v).join(', ') : summary(value)]);
      } else {
        out.push([depth, key, value.length + ' items']);
        value.slice(0, 20).forEach((v, i) => rows(v, depth + 1, '[' + i + ']', out));
        if (value.length > 20) out.push([depth + 1, '…', (value.length - 20) + ' more']);
      }
    } else if (typeof value === 'object' && key !== null && isVector(value)) {
      out.push([depth, key, Object.entries(value).map(([k, v]) => k + ' ' + num(v)).join(', ')]);
    } else if (typeof value === 'object') {
      if (key !== null) out.push([depth, key, '']);
      for (const [k, v] of Object.entries(value)) {
        if (k === 'header' && v && v.stamp) continue;
        rows(v, key === null ? depth : depth + 1, k, out);
      }
    } else {
      out.push([depth, key, typeof value === 'number' ? num(value) : String(value)]);
    }
    return out;
  }

  // protobuf's JSON writes 64-bit integers (a stamp's sec) as strings
  function stamp(message) {
    const s = message && message.header && message.header.stamp;
    return s ? 't = ' + (Number(s.sec || 0) + Number(s.nsec || 0) / 1e9).toFixed(3) + ' s' : '';
  }

  // which way gz-transport carries the topic: a gz publisher drives it (in), a gz subscriber listens (out)
  function gz(t) {
    const ways = [];
    if ((t.publishers || []).includes('gz-transport')) ways.push('in');
    if ((t.subscribers || []).includes('gz-transport')) ways.push('out');
    return ways.length ? 'gz ' + ways.join('+') : '';
  }

  function item(name, type, gzWays) {
    const li = document.createElement('li');
    li.dataset.topic = name;
    const details = document.createElement('details');
    details.open = true;
    const head = document.createElement('summary');
    head.innerHTML = '<span class="topic-name"></span> <span class="dim topic-type"></span> <span class="badge topic-gz" data-testid="topic-gz"></span> <span class="topic-stamp" data-testid="topic-stamp"></span>';
    head.querySelector('.topic-name').textContent = name;
    head.querySelector('.topic-type').textContent = type;
    const badge = head.querySelector('.topic-gz');
    badge.textContent = gzWays;
    badge.title = 'carried by gz-transport: in = a gz publisher drives it, out = a gz subscriber listens';
    badge.hidden = !gzWays;
    const table = document.createElement('table');
    table.className = 'msg';
    table.dataset.testid = 'topic-message';
    table.innerHTML = '<tbody><tr><td class="dim">no message yet</td></tr></tbody>';
    details.append(head, table);
    li.append(details);
    return li;
  }

  function render() {
    renderTimer = null;
    for (const name of changed) {
      const li = list.querySelector('li[data-topic="' + CSS.escape(name) + '"]');
      const m = latest.get(name);
      if (!li || !m) continue;
      li.querySelector('.topic-stamp').textContent = stamp(m.message);
      li.querySelector('tbody').replaceChildren(...rows(m.message, 0, null, []).map(([depth, k, v]) => {
        const tr = document.createElement('tr');
        const th = document.createElement('th');
        th.textContent = k;
        th.style.paddingLeft = (4 + depth * 12) + 'px';
        const td = document.createElement('td');
        td.textContent = v;
        tr.append(th, td);
        return tr;
      }));
    }
    changed.clear();
  }

  function follow(topics) {
    const shown = topics.slice(0, MAX_TOPICS);
    const key = shown.map(t => t.name + ' ' + t.type + ' ' + gz(t)).join('\n');
    if (key === names) return;
    names = key;
    if (source) source.close();
    for (const name of latest.keys()) if (!shown.some(t => t.name === name)) view.setScan(name, null);
    latest.clear();
    list.replaceChildren(...shown.map(t => item(t.name, t.type, gz(t))));
    if (!shown.length) {
      const none = document.createElement('li');
      none.className = 'dim';
      none.textContent = 'no topics in this world';
      list.append(none);
      return;
    }
    const query = shown.map(t => 'topic=' + encodeURIComponent(t.name)).join('&');
    source = new EventSource('api/events?events=topic&maxRate=' + MAX_RATE + '&' + query);
    source.addEventListener('topic', e => {
      const t = JSON.parse(e.data);
      latest.set(t.topic, t);
      if (t.type === 'gz.msgs.LaserScan') view.setScan(t.topic, t.message);
      changed.add(t.topic);
      if (!renderTimer) renderTimer = setTimeout(render, RENDER_MS);
    });
  }

  return { follow };
}
