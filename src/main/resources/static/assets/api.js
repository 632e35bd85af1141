'use strict';
// The HTTP API as the page uses it: JSON in and out, and refusals as errors that carry the server's problem detail.
// With orrery.api.token set, the first call the server refuses for want of it (a command; with protect-reads any
// read) asks for the token once and trades it for a cookie (POST api/session): HttpOnly, so no script here ever
// holds the token, and sent by the browser with every fetch and event stream that follows. A refused token is
// shown; a command fails with it, a read asks again, since the page can show nothing without its reads.
const api = (() => {
  let asking = null;
  let refusalShown = false;

  class ApiError extends Error {
    constructor(status, detail, problem) {
      super(detail);
      this.status = status;
      this.problem = problem;
    }
  }

  async function errorOf(r) {
    let problem = null;
    try { problem = await r.json(); } catch (notJson) { /* a plain error page */ }
    const detail = problem && (problem.detail || problem.title) || (r.status + ' ' + r.statusText);
    return new ApiError(r.status, detail, problem);
  }

  // One question at a time, however many calls were refused: they all wait for the same answer.
  function login() {
    if (!asking) {
      asking = new Promise((resolve, reject) => {
        const bar = document.getElementById('token-bar');
        const form = document.getElementById('token-form');
        const input = document.getElementById('token-input');
        bar.hidden = false;
        input.focus();
        form.onsubmit = async e => {
          e.preventDefault();
          const token = input.value.trim();
          input.value = '';
          bar.hidden = true;
          asking = null;
          const r = await fetch('api/session', { method: 'POST', headers: { Authorization: 'Bearer ' + token } });
          if (!r.ok) { reject(await errorOf(r)); return; }
          if (refusalShown) { refusalShown = false; document.getElementById('problem').hidden = true; }
          resolve();
        };
      });
    }
    return asking;
  }

  async function call(method, path, body, retried) {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (r.status === 401 && !retried) {
      while (true) {
        try {
          await login();
          break;
        } catch (refused) {
          if (method !== 'GET') throw refused;
          showRefusal(refused);
        }
      }
      return call(method, path, body, true);
    }
    if (!r.ok) throw await errorOf(r);
    if (r.status === 204) return null;
    const type = r.headers.get('Content-Type') || '';
    return type.includes('json') ? r.json() : r.text();
  }

  // A read's refused token: shown where the page shows refusals, while the bar asks again.
  function showRefusal(e) {
    const box = document.getElementById('problem');
    box.hidden = false;
    box.textContent = e.status + ': ' + e.message;
    refusalShown = true;
  }

  return {
    get: path => call('GET', path),
    post: (path, body) => call('POST', path, body),
    put: (path, body) => call('PUT', path, body),
    del: path => call('DELETE', path),
    ApiError,
  };
})();
