'use strict';
// The HTTP API as the page uses it: JSON in and out, the bearer token asked for once when a command needs it
// (kept for the browser tab; forgotten when the server refuses it), and refusals as errors that carry the server's
// problem detail.
const api = (() => {
  const TOKEN_KEY = 'orrery.api.token';
  let token = sessionStorage.getItem(TOKEN_KEY);
  let asking = null;

  class ApiError extends Error {
    constructor(status, detail, problem) {
      super(detail);
      this.status = status;
      this.problem = problem;
    }
  }

  function askToken() {
    if (!asking) {
      asking = new Promise(resolve => {
        const bar = document.getElementById('token-bar');
        const form = document.getElementById('token-form');
        const input = document.getElementById('token-input');
        bar.hidden = false;
        input.focus();
        form.onsubmit = e => {
          e.preventDefault();
          token = input.value.trim();
          sessionStorage.setItem(TOKEN_KEY, token);
          bar.hidden = true;
          asking = null;
          resolve(token);
        };
      });
    }
    return asking;
  }

  async function call(method, path, body, retried) {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token && method !== 'GET') headers.Authorization = 'Bearer ' + token;
    const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (r.status === 401 && method !== 'GET') {
      if (!retried) {
        await askToken();
        return call(method, path, body, true);
      }
      token = null; // refused: the next command asks again
      sessionStorage.removeItem(TOKEN_KEY);
    }
    if (!r.ok) {
      let problem = null;
      try { problem = await r.json(); } catch (notJson) { /* a plain error page */ }
      const detail = problem && (problem.detail || problem.title) || (r.status + ' ' + r.statusText);
      throw new ApiError(r.status, detail, problem);
    }
    if (r.status === 204) return null;
    const type = r.headers.get('Content-Type') || '';
    return type.includes('json') ? r.json() : r.text();
  }

  return {
    get: path => call('GET', path),
    post: (path, body) => call('POST', path, body),
    put: (path, body) => call('PUT', path, body),
    del: path => call('DELETE', path),
    ApiError,
  };
})();
