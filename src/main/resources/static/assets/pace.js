'use strict';
// How far long work has got and why the world runs slow, in the header. Work started from the page (a step batch,
// a run-to) shows done of all, the time since it started and the time left at the pace so far. A world running
// below 0.8 of its target factor says why: the step's compute time (the statistics' last second), what that allows,
// and the system that takes most of it (the systems' last second); or, when the step computes fast enough, that
// the time goes elsewhere.
function createPace($, fmt) {
  let work = null;
  let cycleMs = null;
  let wallSeconds = 0;
  let heaviest = null;
  const seconds = s => s < 60 ? s.toFixed(1) + ' s' : Math.floor(s / 60) + ' min ' + Math.round(s % 60) + ' s';

  function startWork(kind, total, from, status) {
    work = { kind, total, from, since: performance.now(), ran: false };
    $('work-kind').textContent = kind;
    update(status);
  }

  function endWork() {
    work = null;
    $('work-box').hidden = true;
  }

  function showWork(s) {
    const steps = work.kind === 'steps';
    const done = Math.max(0, (steps ? s.iterations : s.simTime) - work.from);
    const elapsed = (performance.now() - work.since) / 1000;
    const shown = steps ? v => String(Math.round(v)) : v => fmt(v) + ' s';
    let left = 'no estimate yet';
    if (done >= work.total) left = 'done';
    else if (done > 0) left = 'about ' + seconds(elapsed * (work.total - done) / done) + ' left';
    $('work').textContent = shown(Math.min(done, work.total)) + ' / ' + shown(work.total) + ' · ' + seconds(elapsed)
      + ' · ' + left;
    $('work-box').hidden = false;
  }

  function showHint(s) {
    const box = $('pace-hint');
    const running = !s.paused && !s.outcome && s.realTimeFactor > 0;
    if (!running || !(s.achievedRealTimeFactor < 0.8 * s.realTimeFactor) || !cycleMs || !s.stepSize) {
      box.hidden = true;
      return;
    }
    const stepMs = s.stepSize * 1000;
    const achievable = stepMs / cycleMs;
    let text;
    if (achievable < 0.9 * s.realTimeFactor) {
      text = 'Below its target: a step takes ' + fmt(cycleMs, 2) + ' ms to compute for ' + fmt(stepMs, 2)
        + ' ms of sim time, so this machine runs it at most ' + fmt(achievable, 2) + '× real time';
      if (heaviest) text += '; ' + heaviest.name + ' takes ' + fmt(heaviest.meanMicros / 1000, 2) + ' ms of it';
      text += '.';
      if (wallSeconds < 60) text += ' The first minute runs slower while the JVM compiles the code that runs most.';
    } else {
      text = 'Below its target, though a step computes in ' + fmt(cycleMs, 2) + ' ms (' + fmt(achievable, 2)
        + '× real time would be possible): the time goes elsewhere, to other work on this machine or to commands'
        + ' between steps.';
    }
    box.textContent = text;
    box.hidden = false;
  }

  /** The header for the status {simTime, iterations, paused, outcome, stepSize, realTimeFactor, achieved...}. */
  function update(s) {
    if (!s) return;
    if (work && work.kind === 'run to') { // a run-to ends in Pause, there or when someone pauses it
      if (!s.paused) work.ran = true;
      else if (work.ran) endWork();
    }
    if (work) showWork(s);
    showHint(s);
  }

  /** The step's mean compute time over the last sample, and the wall time the world has run. */
  function cycle(ms, wall) {
    cycleMs = ms;
    wallSeconds = wall;
  }

  /** GET /api/systems: the system with the largest mean time per call. */
  function systems(view) {
    heaviest = null;
    for (const phase of view.phases) {
      for (const s of phase.systems) if (s.calls > 0 && (!heaviest || s.meanMicros > heaviest.meanMicros)) heaviest = s;
    }
  }

  return { startWork, endWork, update, cycle, systems };
}
