// grundy explorer: plain JavaScript over the JSON API of `grundy serve` (see README, "The browser
// explorer"). No build step.
'use strict';

// The words the CLI adds to a game's name in every heading (io::evaluation_title).
const EVALUATION_SUFFIX = {'grundy': '', 'normal-outcome': ', outcomes (P/N)', 'misere-outcome': ', misere play (P/N)'};

const $ = (id) => document.getElementById(id);
const state = {
  families: [],
  table: null,
  spec: '',
  misere: false,
  view: {scale: 1, x: 0, y: 0},
  play: null,
  selected: null,
  pOnly: false,
  loading: null,
  movesCache: new Map()
};

// Same colours as the PNG/SVG heatmaps (src/io/heatmap.cpp): P black, 1..12 categorical, else a scale.
const CATEGORICAL = [[31,119,180],[255,127,14],[44,160,44],[214,39,40],[148,103,189],[140,86,75],[227,119,194],[127,127,127],[188,189,34],[23,190,207],[174,199,232],[255,187,120]];
const SCALE = [[49,54,149],[69,117,180],[116,173,209],[171,217,233],[254,224,144],[253,174,97],[244,109,67],[215,48,39],[165,0,38]];
function scaleColour(t) {
  t = Math.max(0, Math.min(1, t)) * (SCALE.length - 1);
  const i = Math.min(Math.floor(t), SCALE.length - 2), f = t - i;
  return SCALE[i].map((a, k) => Math.round(a + (SCALE[i + 1][k] - a) * f));
}
function colour(v, maxv, grundy) {
  if (v === null) return [225, 225, 225];
  if (v === 0 || v === 'P') return [0, 0, 0];
  if (!grundy) return [250, 200, 120];
  if (maxv <= CATEGORICAL.length) return CATEGORICAL[v - 1];
  return scaleColour(maxv <= 1 ? 0 : (v - 1) / (maxv - 1));
}

async function api(path, params, signal) {
  const url = path + '?' + new URLSearchParams(params).toString();
  const res = await fetch(url, {signal});
  const body = await res.json();
  if (!res.ok) throw Object.assign(new Error(body.error || res.statusText), {status: res.status});
  return body;
}

function quote(s) { return /[\s'"]/.test(s) ? "'" + s.replace(/'/g, '') + "'" : s; }

// The GAME spec as the CLI writes it: "nim -p heaps=2 --pass".
function currentSpec() {
  const fam = $('family').value;
  let spec = fam;
  for (const input of document.querySelectorAll('#params input')) {
    if (input.value.trim() !== '') spec += ' -p ' + quote(input.name + '=' + input.value.trim());
  }
  const passes = parseInt($('passes').value || '0', 10);
  if (passes === 1) spec += ' --pass';
  else if (passes > 1) spec += ' --passes ' + passes;
  if ($('pass-from-terminal').checked) spec += ' --pass-from-terminal';
  const forbid = $('forbid').value.trim();
  if (forbid) spec += ' --forbid ' + quote(forbid);
  return spec;
}

function showError(msg) { $('error').textContent = msg || ''; }

function renderParams() {
  const fam = state.families.find((f) => f.name === $('family').value);
  $('family-summary').textContent = fam ? fam.summary + '  (e.g. ' + fam.example + ')' : '';
  // A board, a graph or a bar is played from its start rather than from a cell of a table.
  $('play-start').hidden = !(fam && fam.starts);
  const box = $('params');
  box.innerHTML = '';
  for (const p of (fam ? fam.params : [])) {
    const label = document.createElement('label');
    label.textContent = p.name + ' ';
    const input = document.createElement('input');
    input.type = 'text';
    input.name = p.name;
    input.id = 'param-' + p.name;
    input.value = p.default;
    input.placeholder = p.default === '' ? 'required' : p.default;
    input.title = p.help;
    label.appendChild(input);
    box.appendChild(label);
  }
  // The example's parameters fill required fields.
  if (fam) {
    const m = fam.example.matchAll(/-p\s+(?:'([^']*)'|(\S+))/g);
    for (const x of m) {
      const kv = x[1] || x[2], eq = kv.indexOf('=');
      const input = $('param-' + kv.slice(0, eq));
      if (input && input.value === '') input.value = kv.slice(eq + 1);
    }
  }
}

// What the form asks for: the game, its evaluation and the box.
function formRequest() {
  return {spec: currentSpec(), misere: $('misere').checked, size: $('size').value, fix: $('fix').value.trim()};
}

function tableParams(req, extra) {
  const p = {game: req.spec, size: req.size};
  if (req.fix) p.fix = req.fix;
  if (req.misere) p.misere = '1';
  return Object.assign(p, extra || {});
}

// Computes the table the form asks for. While it computes, the old table stays, marked stale,
// and the loading line counts the seconds; Cancel drops the request (the browser closes it and
// the server stops computing it). `restore`: a view, selected cell and game in play from the URL.
async function showTable(restore) {
  showError('');
  const req = formRequest();
  cancelLoading();
  const controller = new AbortController(), started = performance.now();
  const job = 'j' + Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
  const loading = {controller, started, job};
  state.loading = loading;
  $('loading').hidden = false;
  $('loading-text').textContent = 'computing… 0.0 s';
  $('heatmap').classList.add('stale');
  const timer = setInterval(() => {
    $('loading-text').textContent = 'computing… ' + ((performance.now() - started) / 1000).toFixed(1) + ' s';
  }, 100);
  try {
    const t = await api('/api/table', tableParams(req, {job}), controller.signal);
    // Another game (or evaluation): what was played belongs to the old one.
    if (req.spec !== state.spec || req.misere !== state.misere) resetPlay();
    state.spec = req.spec;
    state.misere = req.misere;
    state.request = req;
    state.movesCache.clear();
    state.table = t;
    state.selected = null;
    buildImage();
    for (const fmt of ['csv', 'latex', 'png', 'svg', 'pdf', 'tikz'])
      $('export-' + fmt).href =
          '/api/table?' + new URLSearchParams(tableParams(req, {format: fmt, download: '1'})).toString();
    const fixed = Object.entries(t.fixed).map(([k, v]) => k + ' = ' + v).join(', ');
    $('caption').textContent = t.game + EVALUATION_SUFFIX[t.evaluation] + (fixed ? ' at ' + fixed : '') + ': rows ' + t.rows + (t.cols ? ', columns ' + t.cols : '');
    if (restore) {
      await applyRestore(restore);
    } else {
      fitView();
      draw();
      writeUrl(true);
    }
  } catch (e) {
    showError(e.name === 'AbortError' ? 'cancelled: the table shown is the one before' : e.message);
  } finally {
    clearInterval(timer);
    if (state.loading === loading) {
      state.loading = null;
      $('loading').hidden = true;
      $('heatmap').classList.remove('stale');
    }
  }
}

// The zoom, the selected cell and the game in play of a URL, on the table shown.
async function applyRestore(restore) {
  fitView();
  if (restore.view) {
    const [scale, x, y] = restore.view.split(',').map(Number);
    if ([scale, x, y].every(Number.isFinite) && scale > 0) state.view = {scale, x, y};
  }
  state.selected = null;
  if (restore.cell) {
    const [r, c] = restore.cell.split(',').map(Number);
    if (r >= 0 && c >= 0 && r < state.rows && c < state.cols) state.selected = {r, c};
  }
  draw();
  if (restore.play)
    await startPlay(parsePosition(restore.play), restore.line);
  else
    resetPlay();
}

// Drops the table request under way: the browser closes it, and the server stops computing it.
function cancelLoading() {
  const l = state.loading;
  if (!l) return;
  l.controller.abort();
  fetch('/api/cancel?job=' + l.job)
      .then((r) => r.json())
      .then((j) => {
        state.lastCancel = j;
      })
      .catch(() => {});
}

// ---- the state in the URL -------------------------------------------------------------------
// Everything a view is made of, in the fragment: the form, the zoom, the selected cell and the
// game in play (its start and the moves since), so a view can be bookmarked and shared, and
// back and forward step through tables and moves.

function parsePosition(text) { return text.split(',').map(Number); }

function urlState() {
  const u = new URLSearchParams();
  const req = state.request || formRequest();
  u.set('family', req.spec.split(' ')[0]);
  for (const input of document.querySelectorAll('#params input'))
    if (input.value.trim() !== '') u.set('p.' + input.name, input.value.trim());
  if ($('passes').value !== '0') u.set('passes', $('passes').value);
  if ($('pass-from-terminal').checked) u.set('pft', '1');
  if ($('forbid').value.trim()) u.set('forbid', $('forbid').value.trim());
  if (req.misere) u.set('misere', '1');
  u.set('size', req.size);
  if (req.fix) u.set('fix', req.fix);
  if (state.pOnly) u.set('ponly', '1');
  const v = state.view;
  u.set('view', [v.scale, v.x, v.y].map((n) => +n.toFixed(3)).join(','));
  if (state.selected) u.set('cell', state.selected.r + ',' + state.selected.c);
  if (state.play) {
    u.set('play', state.play.start.join(','));
    if (state.play.history.length)
      u.set('line', state.play.history.map((h) => (h.by === 'you' ? 'y' : 'e') + h.position.join(',')).join(';'));
  }
  return u.toString();
}

function writeUrl(push) {
  if (state.page === 'atlas') return;  // a zoom settling after the atlas page was opened
  const hash = '#' + urlState();
  if (hash === location.hash) return;
  history[push ? 'pushState' : 'replaceState'](null, '', hash);
}

// Fills the form from the URL and shows what it names; false when the URL names nothing.
async function restoreFromUrl() {
  const u = new URLSearchParams(location.hash.slice(1));
  if (!u.has('family') || !state.families.some((f) => f.name === u.get('family'))) return false;
  $('family').value = u.get('family');
  renderParams();
  for (const input of document.querySelectorAll('#params input')) input.value = u.get('p.' + input.name) ?? '';
  $('passes').value = u.get('passes') || '0';
  $('pass-from-terminal').checked = u.get('pft') === '1';
  $('forbid').value = u.get('forbid') || '';
  $('misere').checked = u.get('misere') === '1';
  $('size').value = u.get('size') || '13';
  $('fix').value = u.get('fix') || '';
  state.pOnly = $('p-only').checked = u.get('ponly') === '1';
  const line = (u.get('line') || '').split(';').filter((x) => x).map((x) => ({
                                                                       by: x[0] === 'y' ? 'you' : 'engine',
                                                                       position: parsePosition(x.slice(1))
                                                                     }));
  const restore = {view: u.get('view'), cell: u.get('cell'), play: u.get('play'), line};
  // The table shown already: only the view and the game in play change (back over moves).
  const req = formRequest(), shown = state.request;
  if (state.table && !state.loading && shown && ['spec', 'misere', 'size', 'fix'].every((k) => req[k] === shown[k])) {
    buildImage();
    await applyRestore(restore);
  } else {
    await showTable(restore);
  }
  return true;
}

const OTHER = [245, 245, 245];  // the cells that are not P-positions, when only those are shown

// A table of one coordinate (a sequence) is shown wrapped into rows of `wrap` cells, a round
// number near the square root of its length: cell (r, c) is n = r * wrap + c. Two coordinates
// are shown as they are (wrap 0).
function wrapOf(t) {
  if (t.cols) return 0;
  const n = t.values.length;
  if (n <= 12) return n;
  return [10, 20, 25, 50, 100, 200, 250, 500, 1000].find((l) => l * l >= n) || 1000;
}

// The value shown in cell (r, c); undefined past the end of a wrapped sequence.
function cellValue(r, c) {
  const t = state.table;
  if (!state.wrap) return t.values[r][c];
  const i = r * state.wrap + c;
  return i < t.values.length ? t.values[i][0] : undefined;
}

function buildImage() {
  const t = state.table;
  state.wrap = wrapOf(t);
  const rows = state.wrap ? Math.ceil(t.values.length / state.wrap) : t.values.length;
  const cols = state.wrap || t.values[0].length;
  const grundy = t.evaluation === 'grundy';
  let maxv = 0;
  for (const row of t.values) for (const v of row) if (typeof v === 'number' && v > maxv) maxv = v;
  state.rows = rows;
  state.cols = cols;
  const img = document.createElement('canvas');
  img.width = cols; img.height = rows;
  const ctx = img.getContext('2d'), data = ctx.createImageData(cols, rows);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
      const v = cellValue(r, c), P = v === 0 || v === 'P';
      const [R, G, B] = v === undefined   ? [255, 255, 255] :
          state.pOnly && !P && v !== null ? OTHER :
                                            colour(v, maxv, grundy),
                   i = (r * cols + c) * 4;
      data.data[i] = R;
      data.data[i + 1] = G;
      data.data[i + 2] = B;
      data.data[i + 3] = 255;
  }
  ctx.putImageData(data, 0, 0);
  state.image = img;
  state.maxv = maxv;
  state.grundy = grundy;
  const swatch = (c) => '<span class="swatch" style="background:rgb(' + c.join(',') + ')"></span>';
  let html = swatch([0, 0, 0]) + '0 = P-position';
  if (state.pOnly)
    html += swatch(OTHER) + 'other positions';
  else if (!grundy)
    html += swatch([250, 200, 120]) + 'N-position';
  else if (maxv <= CATEGORICAL.length)
    for (let v = 1; v <= maxv; v++) html += swatch(colour(v, maxv, true)) + v;
  else {
    // A colour bar, as in the CLI's figures past 12 values.
    const stops = [];
    for (let i = 0; i <= 8; i++) stops.push('rgb(' + scaleColour(i / 8).join(',') + ')');
    html +=
        '<span class="bar-label">1</span><span id="legend-bar" class="bar" style="background:linear-gradient(to right,' +
        stops.join(',') + ')"></span><span class="bar-label">' + maxv + '</span>';
  }
  $('legend').innerHTML = html;
}

const MARGIN = 36;  // room for the axis labels
function fitView() {
  const cv = $('heatmap'), avail = Math.min(cv.width, cv.height) - MARGIN - 4;
  const s = Math.max(avail / Math.max(state.rows, state.cols), 0.05);
  state.view = { scale: s, x: MARGIN, y: MARGIN };
}

function draw() {
  const cv = $('heatmap'), ctx = cv.getContext('2d'), v = state.view;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, cv.width, cv.height);
  if (!state.image) return;
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(state.image, v.x, v.y, state.cols * v.scale, state.rows * v.scale);
  // Values in the cells once they are large enough to read.
  if (v.scale >= 18) {
    ctx.font = Math.min(14, v.scale / 2) + 'px monospace';
    ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
    const r0 = Math.max(0, Math.floor((MARGIN - v.y) / v.scale)), r1 = Math.min(state.rows, Math.ceil((cv.height - v.y) / v.scale));
    const c0 = Math.max(0, Math.floor((MARGIN - v.x) / v.scale)), c1 = Math.min(state.cols, Math.ceil((cv.width - v.x) / v.scale));
    for (let r = r0; r < r1; r++) for (let c = c0; c < c1; c++) {
        const val = cellValue(r, c);
        if (val === null || val === undefined) continue;
        const dark = val === 0 || val === 'P';
        ctx.fillStyle = dark ? '#fff' : '#000';
        ctx.fillText(String(val), v.x + (c + 0.5) * v.scale, v.y + (r + 0.5) * v.scale);
    }
  }
  // Axes: white margins with tick labels, the coordinate names in the corner.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, cv.width, MARGIN - 2);
  ctx.fillRect(0, 0, MARGIN - 2, cv.height);
  ctx.fillStyle = '#222'; ctx.font = '11px monospace'; ctx.textBaseline = 'middle';
  const step = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].find((s) => s * v.scale >= 28) || 1000;
  ctx.textAlign = 'center';
  for (let c = 0; c < state.cols; c += step) {
    const x = v.x + (c + 0.5) * v.scale;
    if (x > MARGIN && x < cv.width) ctx.fillText(String(c), x, MARGIN - 10);
  }
  ctx.textAlign = 'right';
  for (let r = 0; r < state.rows; r += step) {
    const y = v.y + (r + 0.5) * v.scale;
    if (y > MARGIN && y < cv.height) ctx.fillText(String(state.wrap ? r * state.wrap : r), MARGIN - 4, y);
  }
  ctx.textAlign = 'left';
  ctx.fillText(
      state.wrap ? state.table.rows + ' = row + column' : state.table.rows + '\\' + (state.table.cols || ''), 2, 10);
  // The selected cell, and the position in play where it lies in this slice.
  const ring = (cell, colour, width) => {
    if (!cell) return;
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    const s = Math.max(v.scale, 6), x = v.x + (cell.c + 0.5) * v.scale - s / 2,
          y = v.y + (cell.r + 0.5) * v.scale - s / 2;
    ctx.strokeRect(x, y, s, s);
  };
  ring(state.selected, '#2b7bff', 2);
  ring(state.play ? cellOf(state.play.position) : null, '#e6007e', 3);
}

// The cell of this table slice holding `position`, or null.
function cellOf(position) {
  const t = state.table;
  if (!t || position.length !== t.coordinates.length) return null;
  let r = 0, c = 0;
  for (let i = 0; i < position.length; i++) {
    const name = t.coordinates[i];
    if (name === t.rows)
      r = position[i];
    else if (name === t.cols)
      c = position[i];
    else if (t.fixed[name] !== position[i])
      return null;
  }
  if (state.wrap) {
    if (r >= t.values.length) return null;
    c = r % state.wrap;
    r = Math.floor(r / state.wrap);
  }
  return r < state.rows && c < state.cols ? {r, c} : null;
}

function cellAt(px, py) {
  const v = state.view;
  if (!state.image || px < MARGIN || py < MARGIN) return null;
  const r = Math.floor((py - v.y) / v.scale), c = Math.floor((px - v.x) / v.scale);
  if (r < 0 || c < 0 || r >= state.rows || c >= state.cols || cellValue(r, c) === undefined) return null;
  return { r, c };
}

// The full position of a cell: the row and column coordinates, the fixed ones at their values.
function positionOf(cell) {
  const t = state.table;
  const row = state.wrap ? cell.r * state.wrap + cell.c : cell.r;
  return t.coordinates.map((name) => (name === t.rows ? row : name === t.cols ? cell.c : t.fixed[name]));
}

// The moves of a position (its coordinates), or of 'start': where a board or a graph begins.
async function moves(position) {
  const key = position === 'start' ? 'start' : position.join(',');
  if (!state.movesCache.has(key)) {
    const p = { game: state.spec, position: key };
    if (state.misere) p.misere = '1';
    state.movesCache.set(key, api('/api/moves', p));
  }
  return state.movesCache.get(key);
}

// A position as its family writes it: a board's rows, a graph's free vertices, else coordinates.
function positionText(o) { return '(' + (o.text !== undefined ? o.text : o.position.join(',')) + ')'; }

function valueText(m) { return m.grundy !== undefined ? 'G = ' + m.grundy : m.outcome + '-position'; }

let hoverToken = 0;
async function hover(ev) {
  const cv = $('heatmap'), rect = cv.getBoundingClientRect();
  const px = ev.clientX - rect.left, py = ev.clientY - rect.top;
  if (state.drag) {
    state.view.x += px - state.drag.x; state.view.y += py - state.drag.y;
    if (Math.abs(px - state.drag.x0) + Math.abs(py - state.drag.y0) > 4) state.drag.moved = true;
    state.drag.x = px; state.drag.y = py;
    draw();
    return;
  }
  const cell = cellAt(px, py), tip = $('tooltip');
  if (!cell) { tip.hidden = true; return; }
  const pos = positionOf(cell), val = cellValue(cell.r, cell.c);
  tip.hidden = false;
  tip.style.left = Math.min(px + 14, cv.width - 200) + 'px';
  tip.style.top = (py + 14) + 'px';
  tip.dataset.position = pos.join(',');
  tip.dataset.value = String(val);
  const head = '(' + pos.join(',') + ')  ' + (val === null ? 'not a position' : (state.grundy ? 'G = ' + val : val + '-position')) +
    (val === 0 || val === 'P' ? '  P-position' : '');
  tip.textContent = head;
  if (val === null) return;
  const token = ++hoverToken;
  try {
    const m = await moves(pos);
    if (token !== hoverToken) return;
    const lines = m.moves.slice(0, 12).map((o) => '  ' + o.label + ' -> ' + positionText(o) + ' ' + valueText(o) + (o.winning ? ' *' : ''));
    tip.textContent = head + '\n' + m.moves.length + ' options' + (m.moves.length ? ':' : '') + '\n' + lines.join('\n') +
      (m.moves.length > 12 ? '\n  ...' : '') + (m.moves.some((o) => o.winning) ? '\n* winning move' : '');
  } catch (e) {
    if (token === hoverToken) tip.textContent = head + '\n' + e.message;
  }
}

function setupCanvas() {
  const cv = $('heatmap');
  cv.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const rect = cv.getBoundingClientRect(), px = ev.clientX - rect.left, py = ev.clientY - rect.top, v = state.view;
    const f = ev.deltaY < 0 ? 1.25 : 0.8, s = Math.max(0.02, Math.min(200, v.scale * f));
    v.x = px - (px - v.x) * (s / v.scale); v.y = py - (py - v.y) * (s / v.scale); v.scale = s;
    draw();
    clearTimeout(state.zoomTimer);
    state.zoomTimer = setTimeout(() => writeUrl(false), 250);
  }, { passive: false });
  cv.addEventListener('mousedown', (ev) => {
    const rect = cv.getBoundingClientRect();
    const px = ev.clientX - rect.left, py = ev.clientY - rect.top;
    state.drag = { x: px, y: py, x0: px, y0: py, moved: false };
  });
  window.addEventListener('mouseup', (ev) => {
    const d = state.drag;
    state.drag = null;
    if (d && d.moved) writeUrl(false);
    if (!d || d.moved || ev.target !== cv) return;
    if (d.moved) return;
    const cell = cellAt(d.x0, d.y0);
    if (cell && cellValue(cell.r, cell.c) !== null) {
      state.selected = cell;
      startPlay(positionOf(cell)).then(() => writeUrl(true));
    }
  });
  cv.addEventListener('mousemove', hover);
  cv.addEventListener('mouseleave', () => { $('tooltip').hidden = true; });
}

// ---- playing --------------------------------------------------------------------------------

// The position as `grundy play` draws it, oriented as the heatmap (the first coordinate down,
// the second across), the coordinate names in the margins, never on a square: a chocolate bar
// as Definition 6 builds it (CB_2: the staircase from the side; CB(F,x,y,z): from above, each
// column's height written in it), a chess piece on a board, or heaps of stones.
function drawBoard(m) {
  const cv = $('board-canvas'), ctx = cv.getContext('2d'), fam = m.family, pos = m.position, names = m.coordinates;
  const n = pos.length - (m.pass ? 1 : 0);
  ctx.fillStyle = '#f7f3ea';
  ctx.fillRect(0, 0, cv.width, cv.height);
  ctx.font = '12px sans-serif';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillStyle = '#222';
  const passText = m.pass ? pos[n] + (pos[n] === 1 ? ' pass left' : ' passes left') : '';
  const square = (x, y, s, fill) => {
    ctx.fillStyle = fill;
    ctx.fillRect(x, y, s, s);
    ctx.strokeStyle = '#d9b38c';
    ctx.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);  // the grooves
  };
  if (m.board) {
    // A board's squares (Cram) or a bar's (Chomp): `.` in play, `#` gone, `*` marked.
    const rows = m.board.length, cols = m.board[0].length, left = 34, top = 22;
    const s = Math.max(6, Math.min(32, Math.floor(Math.min((cv.width - left - 10) / cols, (cv.height - top - 36) / rows))));
    m.board.forEach((row, r) => {
      for (let c = 0; c < cols; c++) {
        const ch = row[c];
        if (ch === '#') {
          ctx.fillStyle = '#d8d2c4';
          ctx.fillRect(left + c * s, top + r * s, s, s);
        } else {
          square(left + c * s, top + r * s, s, ch === '*' ? '#000' : '#8b5a2b');
        }
      }
    });
    ctx.fillStyle = '#222';
    ctx.fillText(m.text.includes('/') ? 'brown: free squares; grey: taken' : 'black: the poisoned square', 10, cv.height - 14);
  } else if (m.text !== undefined && m.text !== pos.join(',') && !m.heights) {
    // A graph: its free vertices.
    ctx.fillText('free vertices: ' + m.text, 4, 20);
  } else if (fam === 'chocolate2' && m.heights) {
    // The staircase from the side: z + 1 columns, column w min(h(w), y) + 1 squares high.
    const h = m.heights[0], top = Math.max(...h), left = 30, bottom = cv.height - 40;
    const s = Math.max(4, Math.min(28, Math.floor(Math.min((cv.width - left - 40) / h.length, (bottom - 10) / top))));
    h.forEach((height, w) => {
      for (let level = 0; level < height; level++)
        square(left + w * s, bottom - (level + 1) * s, s, w === 0 && level === 0 ? '#000' : '#8b5a2b');
    });
    ctx.fillStyle = '#222';
    ctx.fillText(names[0] + ' \u2191', 4, bottom - top * s);
    ctx.fillText(names[1] + ' \u2192', left + h.length * s + 6, bottom - s / 2);
    ctx.fillText('black: the bitter square', 10, cv.height - 14);
  } else if (fam === 'chocolate' && m.heights) {
    // From above: x + 1 rows, z + 1 columns, each column's height in it.
    const rows = m.heights.length, cols = m.heights[0].length, left = 34, top = 22;
    const s =
        Math.max(6, Math.min(28, Math.floor(Math.min((cv.width - left - 10) / cols, (cv.height - top - 36) / rows))));
    const tallest = pos[1] + 1;
    for (let u = 0; u < rows; u++)
      for (let w = 0; w < cols; w++) {
        const height = m.heights[u][w], shade = Math.round(200 - 120 * (height / tallest));
        square(
            left + w * s, top + u * s, s,
            u === 0 && w === 0 ?
                '#000' :
                'rgb(' + (shade + 40) + ',' + Math.round(shade * 0.65) + ',' + Math.round(shade * 0.3) + ')');
        if (s >= 12) {
          ctx.fillStyle = '#fff';
          ctx.textAlign = 'center';
          ctx.fillText(String(height), left + (w + 0.5) * s, top + (u + 0.5) * s);
          ctx.textAlign = 'left';
        }
      }
    ctx.fillStyle = '#222';
    ctx.fillText(names[2] + ' \u2192', left, 10);
    ctx.fillText(names[0] + ' \u2193', 4, top + s / 2);
    ctx.fillText('from above: column heights, up to ' + tallest + '; black: the bitter box', 10, cv.height - 14);
  } else if (['knight', 'queen', 'rook', 'king', 'leaper', 'rider'].includes(fam) && n === 2) {
    const side = Math.max(pos[0], pos[1], 5) + 3, left = 34, top = 22;
    const s = Math.floor(Math.min(cv.width - left - 10, cv.height - top - 30) / side);
    for (let r = 0; r < side; r++)
      for (let c = 0; c < side; c++) {
        const corner = fam === 'knight' ? r <= 1 && c <= 1 : r === 0 && c === 0;
        ctx.fillStyle = corner ? '#9fd39f' : (r + c) % 2 ? '#b58863' : '#f0d9b5';
        ctx.fillRect(left + c * s, top + r * s, s, s);
      }
    const glyph = {knight: '\u265E', queen: '\u265B', rook: '\u265C', king: '\u265A', leaper: 'L', rider: 'W'}[fam];
    ctx.fillStyle = '#000';
    ctx.font = Math.floor(s * 0.9) + 'px serif';
    ctx.textAlign = 'center';
    ctx.fillText(glyph, left + (pos[1] + 0.5) * s, top + (pos[0] + 0.5) * s);
    ctx.textAlign = 'left';
    ctx.font = '12px sans-serif';
    ctx.fillText(names[1] + ' \u2192', left, 10);
    ctx.fillText(names[0] + ' \u2193', 4, top + s / 2);
    ctx.fillText(
        'green: the corner; ' + names[0] + ' down, ' + names[1] + ' across, as in the table', 10, cv.height - 10);
  } else {
    const rowH = Math.min(28, Math.floor((cv.height - 30) / Math.max(n, 1)));
    for (let i = 0; i < n; i++) {
      const y = 10 + i * rowH + rowH / 2;
      ctx.fillStyle = '#222';
      ctx.fillText(names[i] + ' = ' + pos[i], 4, y);
      const k = Math.min(pos[i], 40), r = Math.min(rowH / 2 - 2, 6);
      for (let j = 0; j < k; j++) {
        ctx.beginPath();
        ctx.arc(80 + j * (2 * r + 1), y, r, 0, 2 * Math.PI);
        ctx.fillStyle = '#6b7b8c';
        ctx.fill();
      }
      if (pos[i] > 40) {
        ctx.fillStyle = '#222';
        ctx.fillText('...', 80 + 40 * (2 * r + 1), y);
      }
    }
  }
  if (passText) {
    ctx.fillStyle = '#222';
    ctx.font = '12px sans-serif';
    ctx.fillText(passText, cv.width - 110, cv.height - 28);
  }
}

function verdict(m, who) {
  const v = m.grundy !== undefined ? 'G = ' + m.grundy : m.outcome + '-position (misere)';
  const winning = m.outcome === 'N';
  return who + ' to move: ' + v + (winning ? ' \u2260 0 \u2014 winning: some move reaches a P-position' : ' \u2014 a P-position: every move leads to an N-position');
}

// A game from `position`; `line`: the moves already played from it ({by, position}), replayed.
async function startPlay(position, line) {
  $('play').hidden = false;
  $('engine-move').textContent = '';
  if (position === 'start') {
    state.play = null;
    try {
      position = (await moves('start')).position;
    } catch (e) {
      showError(e.message);
      return;
    }
  }
  state.play = {start: position, position, history: []};
  for (const step of line || []) {
    let m;
    try {
      m = await moves(state.play.position);
    } catch (e) {
      break;
    }
    const o = m.moves.find((x) => x.position.join(',') === step.position.join(','));
    if (!o) break;
    state.play.history.push({by: step.by, label: o.label, from: state.play.position, position: o.position, text: o.text});
    state.play.position = o.position;
  }
  renderHistory();
  draw();
  await showTurn();
  // Stacked panels (narrow windows): the board comes into view.
  if (window.matchMedia('(max-width: 900px)').matches) $('play').scrollIntoView({block: 'nearest'});
}

function resetPlay() {
  state.play = null;
  $('play').hidden = true;
  $('moves').innerHTML = '';
  $('history').innerHTML = '';
  $('status').textContent = '';
  $('engine-move').textContent = '';
}

function renderHistory() {
  const h = state.play ? state.play.history : [];
  $('history').innerHTML = '';
  for (const step of h) {
    const li = document.createElement('li');
    li.textContent =
        (step.by === 'you' ? 'you: ' : 'engine: ') + step.label + ' \u2192 ' + positionText(step);
    $('history').appendChild(li);
  }
  $('undo').disabled = !h.some((s) => s.by === 'you');
  $('restart').disabled = h.length === 0;
}

// Takes back your last move and the engine's answers to it.
async function undo() {
  const h = state.play.history;
  let i = h.length - 1;
  while (i >= 0 && h[i].by !== 'you') i--;
  if (i < 0) return;
  state.play.position = h[i].from;
  h.length = i;
  $('engine-move').textContent = '';
  afterMove();
  await showTurn();
}

async function restart() {
  state.play.position = state.play.start;
  state.play.history = [];
  $('engine-move').textContent = '';
  afterMove();
  await showTurn();
}

function afterMove() {
  renderHistory();
  draw();
  writeUrl(true);
}

async function showTurn() {
  let m;
  try { m = await moves(state.play.position); } catch (e) { showError(e.message); return; }
  state.play.m = m;
  $('play-game').textContent = m.game;
  drawBoard(m);
  const box = $('moves');
  box.innerHTML = '';
  const hint = $('hint').checked;
  const passMove = m.moves.find((o) => o.label === 'pass');
  $('pass-button').hidden = !passMove;
  if (m.moves.length === 0) {
    $('status').textContent = (m.evaluation === 'grundy' ? 'You cannot move: I win.' : 'You cannot move: under misere play you win!');
    return;
  }
  $('status').textContent = verdict(m, 'You') + (m.outcome === 'N' ? ' (you are winning)' : ' (you are losing)');
  for (const o of m.moves) {
    if (o.label === 'pass') continue;
    const b = document.createElement('button');
    b.textContent = o.label + '  \u2192 ' + positionText(o) + (hint ? '  ' + valueText(o) : '');
    b.dataset.position = o.position.join(',');
    if (hint && o.winning) b.className = 'winning';
    b.addEventListener('click', () => userMove(o));
    box.appendChild(b);
  }
  if (passMove) {
    $('pass-button').textContent = 'Pass' + (hint ? '  (' + valueText(passMove) + ')' : '');
    $('pass-button').className = hint && passMove.winning ? 'winning' : '';
    $('pass-button').onclick = () => userMove(passMove);
  }
}

async function userMove(o) {
  $('engine-move').textContent = 'You play ' + o.label + '.';
  state.play.history.push({by: 'you', label: o.label, from: state.play.position, position: o.position, text: o.text});
  state.play.position = o.position;
  await engineMove();
}

// The engine moves to a P-position when it can, else to the option of largest value.
async function engineMove() {
  let m;
  try { m = await moves(state.play.position); } catch (e) { showError(e.message); return; }
  drawBoard(m);
  if (m.moves.length === 0) {
    $('status').textContent = m.evaluation === 'grundy' ? 'I cannot move: you win!' : 'I cannot move: under misere play I win.';
    $('moves').innerHTML = '';
    $('pass-button').hidden = true;
    afterMove();
    return;
  }
  const win = m.moves.find((o) => o.winning);
  const best = win || m.moves.reduce((a, b) => ((b.grundy ?? 0) > (a.grundy ?? 0) ? b : a));
  $('engine-move').textContent += ' ' + verdict(m, 'I am') + '. I play ' + best.label + ', to ' + positionText(best) + ': ' + valueText(best) + '.';
  state.play.history.push({by: 'engine', label: best.label, from: state.play.position, position: best.position, text: best.text});
  state.play.position = best.position;
  afterMove();
  await showTurn();
}

// ---- analysis panels -------------------------------------------------------------------------
// The CLI's analyses through /api/analysis: the same functions, the same JSON.

function analysisSummary(kind, j) {
  if (kind === 'seq')
    return j.status === 'none' ? 'no period found: ' + j.why :
                                 j.status + ': preperiod ' + j.preperiod + ', period ' + j.period +
            (j.saltus ? ', saltus ' + j.saltus : '') + ' \u2014 ' + j.why;
  if (kind === 'check')
    return (j.holds ? 'holds on ' : 'fails at ' + j.mismatches + ' of ') + j.checked + ' positions (' + j.box + ')';
  if (kind === 'discover') {
    const g = (j.grundy || [])[0], p = (j.ppos || [])[0];
    return (g ? 'G = ' + g.expression : 'no formula for G') + '; ' +
        (p ? 'P-positions: ' + p.expression : 'no formula for the P-positions') + ' (on ' + j.box + ')';
  }
  if (kind === 'quotient') {
    const word = (id) => j.elements[id].word;
    const p = j.elements.filter((e) => e.p).map((e) => e.word);
    const gens = j.generators.map((g) => g.name).join(', ');
    const rels = j.relations.map((r) => r[0] + ' = ' + r[1]).join(', ');
    return 'order ' + j.order + ' on heaps 0..' + (j.size - 1) + (j.complete ? '' : ' (' + j.stopped + ')') +
        ': <' + gens + (rels ? ' | ' + rels : '') + '>, P-portion {' + p.join(', ') +
        '}; heaps 0, 1, 2, ... are ' + j.heaps.map(word).join(' ');
  }
  const held = (j.symmetries || []).filter((x) => x.holds).map((x) => x.swap.join(' \u2194 '));
  return 'symmetries: ' + (held.length ? held.join(', ') : 'none') + ' (on ' + j.box + ')';
}

// The quotient's product table, its elements named by their normal forms, the P-portion in bold;
// hidden for any other analysis and for orders past kQuotientTable.
const kQuotientTable = 32;
function showQuotientTable(j) {
  const t = $('analysis-table');
  t.replaceChildren();
  t.hidden = !j || j.order > kQuotientTable;
  if (t.hidden) return;
  const cell = (tag, id) => {
    const c = document.createElement(tag);
    c.textContent = j.elements[id].word;
    if (j.elements[id].p) c.className = 'p';
    return c;
  };
  const head = document.createElement('tr');
  head.appendChild(document.createElement('th'));
  for (let y = 0; y < j.order; ++y) head.appendChild(cell('th', y));
  t.appendChild(head);
  for (let x = 0; x < j.order; ++x) {
    const row = document.createElement('tr');
    row.appendChild(cell('th', x));
    for (let y = 0; y < j.order; ++y) row.appendChild(cell('td', j.product[x][y]));
    t.appendChild(row);
  }
}

async function runAnalysis() {
  const kind = $('analysis-kind').value, req = state.request || formRequest();
  const p = {kind, game: req.spec, size: req.size};
  if (req.misere) p.misere = '1';
  if (kind === 'check') p[$('claim-kind').value] = $('claim').value.trim();
  $('analysis-summary').textContent = 'running…';
  $('analysis-out').textContent = '';
  showQuotientTable(null);
  try {
    const j = await api('/api/analysis', p);
    state.analysis = {kind, result: j};
    $('analysis-summary').textContent = analysisSummary(kind, j);
    if (kind === 'quotient') showQuotientTable(j);
    $('analysis-out').textContent = JSON.stringify(j, null, 1);
  } catch (e) {
    state.analysis = {kind, error: e.message};
    $('analysis-summary').textContent = e.message;
  }
}

async function init() {
  setupCanvas();
  try {
    state.families = await api('/api/games', {});
  } catch (e) { showError(e.message); return; }
  const sel = $('family');
  for (const f of state.families) {
    const o = document.createElement('option');
    o.value = f.name; o.textContent = f.name;
    sel.appendChild(o);
  }
  sel.addEventListener('change', renderParams);
  renderParams();
  $('game-form').addEventListener('submit', (ev) => { ev.preventDefault(); showTable(); });
  $('play-start').addEventListener('click', () => {
    showError('');
    resetPlay();
    state.spec = currentSpec();
    state.misere = $('misere').checked;
    state.movesCache.clear();
    startPlay('start');
  });
  $('cancel').addEventListener('click', cancelLoading);
  $('p-only').addEventListener('change', () => {
    state.pOnly = $('p-only').checked;
    if (state.table) {
      buildImage();
      draw();
      writeUrl(false);
    }
  });
  $('hint').addEventListener('change', () => { if (state.play) showTurn(); });
  $('engine-first').addEventListener('click', () => { if (state.play) { $('engine-move').textContent = ''; engineMove(); } });
  $('undo').addEventListener('click', () => {
    if (state.play) undo();
  });
  $('restart').addEventListener('click', () => {
    if (state.play) restart();
  });
  $('analysis-kind').addEventListener('change', () => {
    $('claim-box').hidden = $('analysis-kind').value !== 'check';
  });
  $('analysis-run').addEventListener('click', runAnalysis);
  window.addEventListener('popstate', () => {
    route();
  });
  setupResize();
  setupAtlas();
  window.explorer = {state, cellCenter, positionOf, atlas};
  await route();
}

// A first table so the page is never empty: the papers' Table 2 (two-heap Nim with a pass).
async function showFirstTable() {
  if (state.families.some((f) => f.name === 'nim')) {
    $('family').value = 'nim';
    renderParams();
    $('param-heaps').value = '2';
    $('passes').value = '1';
  }
  await showTable();
}

// ---- pages ----------------------------------------------------------------------------------
// The fragment names the page: "#page=atlas&..." the atlas with its filters, anything else the
// explorer (its form, zoom and game in play, as above).

const TAGLINE = $('tagline').textContent;

function showPage(name) {
  state.page = name;
  $('explorer-page').hidden = name !== 'explorer';
  $('atlas-page').hidden = name !== 'atlas';
  $('tab-explorer').classList.toggle('active', name === 'explorer');
  $('tab-atlas').classList.toggle('active', name === 'atlas');
  $('tagline').textContent = name === 'atlas' ?
      'The atlas: families of games swept by `grundy atlas run`, filtered and sorted; click a game to explore it.' :
      TAGLINE;
}

async function route() {
  const u = new URLSearchParams(location.hash.slice(1));
  if (u.get('page') === 'atlas') {
    showPage('atlas');
    await loadAtlas(u);
    return;
  }
  showPage('explorer');
  if (await restoreFromUrl()) {
    // A game opened from the atlas with its sequence asked for: `grundy seq` on it.
    if (u.get('analysis') === 'seq') {
      $('analysis-kind').value = 'seq';
      $('claim-box').hidden = true;
      await runAnalysis();
    }
    return;
  }
  if (!state.table && !state.loading) await showFirstTable();
}

// Goes to `hash` as a link would, without reloading: a new history entry, then its page.
function go(hash) {
  history.pushState(null, '', hash || location.pathname + location.search);
  route();
}

// ---- the atlas ------------------------------------------------------------------------------
// GET /api/atlas pages the atlas on the server (filters, sort and window are its parameters,
// checked there); the page keeps them in the fragment, so a filtered view can be bookmarked.

const atlas = {
  params: {},
  page: null,
  error: null,
  loading: false,
  seq: 0
};
const ATLAS_FILTERS = [
  'family', 'spec', 'passes', 'pass_from_terminal', 'misere', 'status', 'proven', 'period_min', 'period_max',
  'reverse_mex', 'formula', 'limit'
];
const ATLAS_PARAMS = ATLAS_FILTERS.concat(['sort', 'order', 'offset']);
// Columns the table leaves out: the spec says the base, and the digest and the values are long
// (the explorer shows the values).
const ATLAS_HIDDEN = new Set(['base', 'digest', 'p_digest', 'prefix']);
const ATLAS_YES_NO = new Set(['pass_from_terminal', 'proven', 'misere', 'reverse_mex', 'ns', 'quotient_stable']);
// The columns shown first, where the file has them: what a game is known for; the rest follow
// in the file's order.
const ATLAS_FIRST = [
  'spec', 'status', 'preperiod', 'period', 'saltus', 'proven', 'reverse_mex', 'reverse_mex_from', 'ns', 'ppos_formula',
  'value_formula'
];

function atlasHash(params) {
  const q = new URLSearchParams(params).toString();
  return '#page=atlas' + (q ? '&' + q : '');
}

// The parameters of the page asked for: those the API reads, without the empty ones.
function atlasParamsOf(u) {
  const p = {};
  for (const name of ATLAS_PARAMS)
    if (u.get(name)) p[name] = u.get(name);
  return p;
}

function fillAtlasForm(p) {
  const form = $('atlas-form');
  for (const name of ATLAS_FILTERS) {
    const field = form.elements[name];
    const value = p[name] ?? (name === 'limit' ? '50' : '');
    if (field.tagName === 'SELECT' && value && ![...field.options].some((o) => o.value === value))
      field.add(new Option(value, value));
    field.value = value;
  }
}

function atlasFormParams() {
  const p = {}, form = $('atlas-form');
  for (const name of ATLAS_FILTERS) {
    const v = form.elements[name].value.trim();
    if (v !== '' && !(name === 'limit' && v === '50')) p[name] = v;
  }
  return p;
}

async function loadAtlas(u) {
  atlas.params = atlasParamsOf(u);
  fillAtlasForm(atlas.params);
  const seq = ++atlas.seq;
  atlas.loading = true;
  $('atlas-error').textContent = '';
  try {
    const page = await api('/api/atlas', atlas.params);
    if (seq !== atlas.seq) return;
    atlas.page = page;
    atlas.error = null;
    renderAtlas(page);
  } catch (e) {
    if (seq !== atlas.seq) return;
    atlas.page = null;
    atlas.error = e.message;
    $('atlas-error').textContent = e.message;
    $('atlas-summary').textContent = '';
    $('atlas-range').textContent = '';
    $('atlas-table').tHead.innerHTML = '';
    $('atlas-table').tBodies[0].innerHTML = '';
    // No atlas at all: nothing to filter.
    $('atlas-form').hidden = $('atlas-pager').hidden = e.status === 404;
  } finally {
    if (seq === atlas.seq) atlas.loading = false;
  }
}

// The explorer's fragment for a game of the atlas: its spec read into the form's fields (null
// when the spec has a word the form has no field for), and a size showing its values: a one-heap
// game (a prefix recorded) up to past two periods, a table a corner of 32.
function explorerHashOf(row, extra) {
  const words = specWords(row.spec);
  const fam = words && state.families.find((f) => f.name === words[0]);
  if (!fam) return null;
  const u = new URLSearchParams();
  u.set('family', fam.name);
  let passes = 0;
  for (let i = 1; i < words.length; i++) {
    const w = words[i], next = words[i + 1];
    if (w === '-p' && next !== undefined) {
      const eq = next.indexOf('=');
      if (eq <= 0 || !fam.params.some((p) => p.name === next.slice(0, eq))) return null;
      u.set('p.' + next.slice(0, eq), next.slice(eq + 1));
      i++;
    } else if (w === '--pass') {
      passes = 1;
    } else if (w === '--passes' && next !== undefined) {
      passes = Number(next);
      i++;
    } else if (w === '--pass-from-terminal') {
      u.set('pft', '1');
    } else if (w === '--misere') {
      u.set('misere', '1');
    } else if (w === '--forbid' && next !== undefined) {
      u.set('forbid', next);
      i++;
    } else {
      return null;
    }
  }
  if (!Number.isInteger(passes) || passes < 0) return null;
  if (passes) u.set('passes', String(passes));
  const size = row.prefix ? Math.min(4096, Math.max(100, (row.preperiod || 0) + 2 * (row.period || 0))) : 32;
  u.set('size', String(size));
  // One heap with passes: the values with every pass left, as the atlas records them (its
  // prefix), shown as a sequence; clearing "fix" shows every count of passes left.
  if (row.prefix && passes) u.set('fix', 'p=' + passes);
  for (const [k, v] of Object.entries(extra || {})) u.set(k, v);
  return '#' + u.toString();
}

// The words of a spec as a shell reads them: quotes group, and are dropped.
function specWords(spec) {
  const words = [];
  let word = null, quoted = null;
  for (const ch of spec || '') {
    if (quoted) {
      if (ch === quoted)
        quoted = null;
      else
        word += ch;
    } else if (ch === '\'' || ch === '"') {
      quoted = ch;
      word = word ?? '';
    } else if (/\s/.test(ch)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word = (word ?? '') + ch;
    }
  }
  if (quoted) return null;
  if (word !== null) words.push(word);
  return words;
}

function atlasCell(name, value) {
  if (value === null) return ATLAS_YES_NO.has(name) ? '\u2014' : '';
  if (ATLAS_YES_NO.has(name)) return value === 1 ? 'yes' : value === 0 ? 'no' : String(value);
  if (name === 'seconds' && typeof value === 'number') return value.toFixed(3);
  return String(value);
}

// A click that means "here", not "in a new tab".
const plainClick = (ev) => ev.button === 0 && !ev.ctrlKey && !ev.metaKey && !ev.shiftKey && !ev.altKey;

function renderAtlas(page) {
  const names = page.columns;
  // The filters of columns this atlas has (reverse_mex and the formulas are schema 2's).
  for (const label of document.querySelectorAll('#atlas-form label[data-columns]'))
    label.hidden = !label.dataset.columns.split(' ').some((c) => names.includes(c));
  const family = $('atlas-form').elements.family, chosen = family.value;
  family.length = 1;
  for (const f of page.families) family.add(new Option(f.name + ' (' + f.games + ')', f.name));
  family.value = chosen;
  if (family.value !== chosen) family.add(new Option(chosen, chosen, true, true));

  const rank = (name) => (ATLAS_FIRST.includes(name) ? ATLAS_FIRST.indexOf(name) : ATLAS_FIRST.length);
  const shown =
      names.map((name, i) => ({name, i, number: ['INTEGER', 'REAL'].includes(page.types[i])}))
          .filter((c) => !ATLAS_HIDDEN.has(c.name) && (c.name !== 'error' || page.rows.some((r) => r[c.i] !== null)))
          .sort((a, b) => rank(a.name) - rank(b.name) || a.i - b.i);
  const head = document.createElement('tr');
  for (const c of shown) {
    const th = document.createElement('th');
    const sorted = page.sort === c.name;
    th.textContent = c.name + (sorted ? (page.order === 'desc' ? ' \u25bc' : ' \u25b2') : '');
    th.dataset.column = c.name;
    th.title = 'sort by ' + c.name + (sorted ? ' the other way' : '');
    if (sorted) th.className = 'sorted';
    th.addEventListener('click', () => {
      const p = Object.assign({}, atlas.params, {sort: c.name, order: sorted && page.order === 'asc' ? 'desc' : 'asc'});
      delete p.offset;
      go(atlasHash(p));
    });
    head.appendChild(th);
  }
  $('atlas-table').tHead.replaceChildren(head);

  const body = document.createDocumentFragment();
  for (const values of page.rows) {
    const row = Object.fromEntries(names.map((n, i) => [n, values[i]]));
    const tr = document.createElement('tr');
    tr.dataset.spec = row.spec;
    if (row.status === 'error') tr.className = 'failed';
    const table = explorerHashOf(row), seq = row.prefix ? explorerHashOf(row, {analysis: 'seq'}) : null;
    for (const c of shown) {
      const td = document.createElement('td'), v = values[c.i];
      td.dataset.column = c.name;
      if (c.number) td.classList.add('number');
      if (v === null) td.classList.add('null');
      const text = atlasCell(c.name, v);
      if (c.name === 'spec' && table) {
        const a = document.createElement('a');
        a.className = 'open-table';
        a.href = table;
        a.textContent = text;
        a.title = 'its table in the explorer';
        td.appendChild(a);
        if (seq) {
          const s = document.createElement('a');
          s.className = 'open-seq';
          s.href = seq;
          s.textContent = 'seq';
          s.title = 'its sequence and period in the explorer';
          td.appendChild(s);
        }
      } else {
        td.textContent = text;
        if (text.length > 30 || (c.name === 'status' && row.error)) td.title = row.error || text;
      }
      tr.appendChild(td);
    }
    // The whole row opens the table; the links open theirs (or a new tab, as links do).
    tr.addEventListener('click', (ev) => {
      const link = ev.target.closest('a');
      if (!plainClick(ev) || (!link && !table)) return;
      ev.preventDefault();
      go(link ? link.getAttribute('href') : table);
    });
    if (table) tr.style.cursor = 'pointer';
    body.appendChild(tr);
  }
  $('atlas-table').tBodies[0].replaceChildren(body);

  const all = page.families.reduce((n, f) => n + f.games, 0);
  const first = page.rows.length ? page.offset + 1 : 0, last = page.offset + page.rows.length;
  $('atlas-summary').textContent = page.total + (page.total === 1 ? ' game matches' : ' games match') + ' of ' + all +
      ' in the atlas, by ' + page.sort + (page.order === 'desc' ? ' descending' : '') + '.';
  $('atlas-range').textContent = first + '\u2013' + last + ' of ' + page.total;
  $('atlas-prev').disabled = page.offset === 0;
  $('atlas-next').disabled = last >= page.total;
  $('atlas-form').hidden = $('atlas-pager').hidden = false;
}

function setupAtlas() {
  $('atlas-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const p = atlasFormParams();
    for (const k of ['sort', 'order'])
      if (atlas.params[k]) p[k] = atlas.params[k];
    go(atlasHash(p));
  });
  $('atlas-clear').addEventListener('click', () => go(atlasHash({})));
  const page = (direction) => {
    const limit = atlas.page ? atlas.page.limit : 50, offset = atlas.page ? atlas.page.offset : 0;
    const p = Object.assign({}, atlas.params, {offset: String(Math.max(0, offset + direction * limit))});
    if (p.offset === '0') delete p.offset;
    go(atlasHash(p));
  };
  $('atlas-prev').addEventListener('click', () => page(-1));
  $('atlas-next').addEventListener('click', () => page(1));
  $('tab-atlas').addEventListener('click', (ev) => {
    if (!plainClick(ev)) return;
    ev.preventDefault();
    if (state.page !== 'atlas') go(atlasHash(atlas.params));
  });
  $('tab-explorer').addEventListener('click', (ev) => {
    if (!plainClick(ev)) return;
    ev.preventDefault();
    if (state.page !== 'explorer') go(state.table ? '#' + urlState() : '');
  });
}

// The canvas fills the space the layout gives it.
function setupResize() {
  const wrap = $('canvas-wrap'), cv = $('heatmap');
  const fit = () => {
    const w = Math.floor(wrap.clientWidth), h = Math.floor(wrap.clientHeight);
    if (w > 0 && h > 0 && (w !== cv.width || h !== cv.height)) {
      const first = !state.table || cv.width === 640;
      cv.width = w;
      cv.height = h;
      if (state.table && first) fitView();
      draw();
    }
  };
  new ResizeObserver(fit).observe(wrap);
  fit();
}

// Page coordinates of a cell's centre (for tests and bookmarks).
function cellCenter(r, c) {
  const rect = $('heatmap').getBoundingClientRect(), v = state.view;
  return { x: rect.left + v.x + (c + 0.5) * v.scale, y: rect.top + v.y + (r + 0.5) * v.scale };
}

init();
