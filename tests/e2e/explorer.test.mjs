// The browser explorer end to end: start `grundy serve --port 0`, drive the page in Debian's
// headless Chromium, and leave a screenshot in build/e2e-artifacts/.
// Usage: GRUNDY=path/to/grundy ARTIFACTS=dir node --test explorer.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const grundy = process.env.GRUNDY;
const artifacts = process.env.ARTIFACTS || path.resolve('build/e2e-artifacts');

// `grundy serve --port 0` with `args` after it (e.g. --atlas FILE).
function startServer(args = []) {
  return new Promise((resolve, reject) => {
    const proc = spawn(grundy, ['serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) resolve({ proc, url: m[0] });
    });
    proc.on('exit', (code) => reject(new Error('grundy serve exited with ' + code)));
  });
}

// A server and a browser of their own for one test, stopped after it.
async function withPage(viewport, body, serverArgs = []) {
  const { proc, url } = await startServer(serverArgs);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--no-first-run', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport });
    await body(page, url, browser);
  } finally {
    await browser.close();
    proc.kill('SIGINT');
  }
}

test('choose a game, read a cell, play a move', async () => {
  assert.ok(grundy, 'set GRUNDY to the grundy binary');
  mkdirSync(artifacts, { recursive: true });
  await withPage({ width: 1400, height: 900 }, async (page, url) => {
    await page.goto(url);
    await page.waitForSelector('#family option', { state: 'attached' });
    // Corner the Knight (Katayama, Koyama): Table 1 prints gS(3,2) = 2 (and the table is symmetric).
    await page.selectOption('#family', 'knight');
    await page.fill('#passes', '0');
    await page.fill('#size', '8');
    await page.click('#show');
    await page.waitForFunction(() => window.explorer && window.explorer.state.table && window.explorer.state.table.values.length === 8);
    const c = await page.evaluate(() => window.explorer.cellCenter(3, 2));
    await page.mouse.move(c.x, c.y);
    await page.waitForFunction(() => document.getElementById('tooltip').textContent.includes('options'));
    const tip = await page.textContent('#tooltip');
    assert.match(tip, /^\(3,2\)  G = 2/);
    assert.equal(await page.getAttribute("#tooltip", "data-value"), "2");
    // Click the cell to play from (3,2); with the hint on, play a winning move (to a P-position).
    await page.mouse.click(c.x, c.y);
    await page.waitForSelector('#moves button');
    assert.match(await page.textContent('#status'), /You to move: G = 2/);
    await page.check('#hint');
    await page.waitForSelector('#moves button.winning');
    // Winning moves from (3,2): to the corner (1,1), which ends the game, and to (4,0), a
    // P-position the engine must answer from.
    await page.click('#moves button.winning[data-position="4,0"]');
    // The engine answers from a P-position: it has no winning move and says so.
    await page.waitForFunction(() => document.getElementById('engine-move').textContent.includes('I play'));
    const reply = await page.textContent('#engine-move');
    assert.match(reply, /You play /);
    assert.match(reply, /G = 0 — a P-position/);
    await page.screenshot({ path: path.join(artifacts, 'explorer.png'), fullPage: true });
    // Misere play is named in the caption, as in the CLI's headings.
    assert.doesNotMatch(await page.textContent('#caption'), /misere/);
    await page.check('#misere');
    await page.click('#show');
    await page.waitForFunction(() => document.getElementById('caption').textContent.includes('misere play (P/N)'));
  });
});

// The workbench: loading and Cancel, the state in the URL, undo and restart, a game switch, and
// the layout at a wide and a narrow window.
const tableOf = (page, rows) => page.waitForFunction((n) => window.explorer && window.explorer.state.table &&
  window.explorer.state.table.values.length === n && !window.explorer.state.loading, rows);

// Shows a family's table from the form, without passes.
async function showGame(page, family, params, size) {
  await page.selectOption('#family', family);
  for (const [name, value] of Object.entries(params)) await page.fill('#param-' + name, value);
  await page.fill('#passes', '0');
  await page.fill('#size', String(size));
  await page.click('#show');
  await page.waitForFunction((f) => window.explorer.state.table.game.startsWith(f) && !window.explorer.state.loading, family);
}

async function showKnight(page, url) {
  await page.goto(url);
  await tableOf(page, 13);
  await showGame(page, 'knight', {}, 8);
  await tableOf(page, 8);
}

test('a long computation shows the time and Cancel stops it, server side too', async () => {
  mkdirSync(artifacts, { recursive: true });
  await withPage({ width: 1440, height: 900 }, async (page, url) => {
    await page.goto(url);
    await tableOf(page, 13);
    const caption = await page.textContent('#caption');
    // Misere queen at 2048^2: the generic sweep, some seconds (the server stops it at 10 s).
    await page.selectOption('#family', 'queen');
    await page.fill('#passes', '0');
    await page.check('#misere');
    await page.fill('#size', '2048');
    await page.click('#show');
    await page.waitForFunction(() => /computing… [1-9]\.\d s/.test(document.getElementById('loading-text').textContent));
    assert.equal(await page.isVisible('#loading'), true);
    assert.match(await page.getAttribute('#heatmap', 'class'), /stale/);
    await page.click('#cancel');
    await page.waitForFunction(() => window.explorer.state.lastCancel !== undefined);
    assert.equal(await page.evaluate(() => window.explorer.state.lastCancel.cancelled), true);
    assert.equal(await page.isVisible('#loading'), false);
    assert.match(await page.textContent('#error'), /cancelled/);
    assert.equal(await page.textContent('#caption'), caption);  // the table before stays
    assert.doesNotMatch(await page.getAttribute('#heatmap', 'class') || '', /stale/);
  });
});

test('a URL opened fresh restores the view, and back and forward work', async () => {
  await withPage({ width: 1440, height: 900 }, async (page, url, browser) => {
    await showKnight(page, url);
    // Zoom in, then play from (3,2) a winning move to (4,0); the engine answers.
    const c = await page.evaluate(() => window.explorer.cellCenter(3, 2));
    await page.mouse.move(c.x, c.y);
    await page.mouse.wheel(0, -100);
    await page.waitForTimeout(400);  // the zoom is written to the URL a moment after
    const c2 = await page.evaluate(() => window.explorer.cellCenter(3, 2));
    await page.mouse.click(c2.x, c2.y);
    await page.waitForSelector('#moves button');
    await page.check('#hint');
    await page.click('#moves button.winning[data-position="4,0"]');
    await page.waitForFunction(() => window.explorer.state.play.history.length === 2);
    const saved = await page.evaluate(() => ({ url: location.href, view: window.explorer.state.view,
      position: window.explorer.state.play.position, caption: document.getElementById('caption').textContent }));
    assert.match(saved.url, /#family=knight/);
    assert.match(saved.url, /line=y4%2C0%3Be/);
    const fresh = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await fresh.goto(saved.url);
    await fresh.waitForFunction(() => window.explorer && window.explorer.state.play && window.explorer.state.play.history.length === 2);
    const restored = await fresh.evaluate(() => ({ view: window.explorer.state.view, position: window.explorer.state.play.position,
      caption: document.getElementById('caption').textContent, size: document.getElementById('size').value,
      history: document.getElementById('history').textContent }));
    assert.deepEqual(restored.position, saved.position);
    assert.equal(restored.caption, saved.caption);
    assert.equal(restored.size, '8');
    assert.ok(Math.abs(restored.view.scale - saved.view.scale) < 0.01, JSON.stringify([restored.view, saved.view]));
    assert.match(restored.history, /you: .*→ \(4,0\)/);
    // Back, in the first page: before the moves (the game just started from (3,2)); forward:
    // after them again; back twice more: the knight's table before any play.
    const requests = [];
    page.on('request', (r) => { if (r.url().includes('/api/table')) requests.push(r.url()); });
    await page.goBack();
    await page.waitForFunction(() => window.explorer.state.play && window.explorer.state.play.history.length === 0);
    assert.deepEqual(requests, []);  // the same table: only the game in play went back
    await page.goForward();
    await page.waitForFunction(() => window.explorer.state.play && window.explorer.state.play.history.length === 2);
    await page.goBack();
    await page.goBack();
    await page.waitForFunction(() => window.explorer.state.play === null && !window.explorer.state.loading);
    assert.match(await page.textContent('#caption'), /^knight/);
  });
});

test('undo takes back a move and its answer; restart goes back to the start', async () => {
  await withPage({ width: 1440, height: 900 }, async (page, url) => {
    await showKnight(page, url);
    const c = await page.evaluate(() => window.explorer.cellCenter(5, 4));
    await page.mouse.click(c.x, c.y);
    await page.waitForSelector('#moves button');
    await page.click('#moves button >> nth=0');
    await page.waitForFunction(() => window.explorer.state.play.history.length >= 1 &&
      window.explorer.state.play.history.at(-1).by === 'engine' || document.getElementById('status').textContent.includes('cannot move'));
    await page.click('#undo');
    await page.waitForFunction(() => window.explorer.state.play.history.length === 0);
    assert.deepEqual(await page.evaluate(() => window.explorer.state.play.position), [5, 4]);
    assert.match(await page.textContent('#status'), /You to move/);
    await page.click('#moves button >> nth=0');
    await page.waitForFunction(() => window.explorer.state.play.history.length >= 1);
    await page.click('#restart');
    await page.waitForFunction(() => window.explorer.state.play.history.length === 0);
    assert.deepEqual(await page.evaluate(() => window.explorer.state.play.position), [5, 4]);
    assert.equal(await page.textContent('#history'), '');
  });
});

test('switching games resets play', async () => {
  await withPage({ width: 1440, height: 900 }, async (page, url) => {
    await showKnight(page, url);
    const c = await page.evaluate(() => window.explorer.cellCenter(3, 2));
    await page.mouse.click(c.x, c.y);
    await page.waitForSelector('#moves button');
    assert.equal(await page.isVisible('#play'), true);
    await page.selectOption('#family', 'queen');
    await page.click('#show');
    await page.waitForFunction(() => window.explorer.state.table.game.startsWith('queen') && !window.explorer.state.loading);
    assert.equal(await page.isVisible('#play'), false);
    assert.equal(await page.evaluate(() => window.explorer.state.play), null);
    // Only the P-positions: every other cell in one light grey, the legend says so.
    await page.check('#p-only');
    assert.match(await page.textContent('#legend'), /other positions/);
    // Hover reads the right cell zoomed far out and far in.
    for (const wheel of [600, -1500]) {
      const c = await page.evaluate(() => window.explorer.cellCenter(3, 2));
      await page.mouse.move(c.x, c.y);
      await page.mouse.wheel(0, wheel);
      await page.waitForTimeout(100);
      const c2 = await page.evaluate(() => window.explorer.cellCenter(3, 2));
      await page.mouse.move(c2.x + 1, c2.y + 1);
      await page.waitForFunction(() => document.getElementById('tooltip').dataset.position === '3,2');
    }
    // The exports are the CLI's figures; a size past the API's limit is refused naming it.
    const pdf = await page.getAttribute('#export-pdf', 'href');
    const res = await page.evaluate(async (href) => {
      const r = await fetch(href);
      return { type: r.headers.get('content-type'), head: (await r.text()).slice(0, 5) };
    }, pdf);
    assert.deepEqual(res, { type: 'application/pdf', head: '%PDF-' });
    await page.fill('#size', '3000');
    await page.click('#show');
    await page.waitForFunction(() => document.getElementById('error').textContent.includes('cells to compute'));
    assert.match(await page.textContent('#error'), /the explorer computes at most 4194304 \(use `grundy table`/);
  });
});

test('a Cram board and a Chomp bar are played from their start, drawn as boards', async () => {
  await withPage({ width: 1440, height: 900 }, async (page, url) => {
    await page.goto(url);
    await page.waitForSelector('#family option', { state: 'attached' });
    // The first table (nim) comes first, so that its answer does not reset the play below.
    await page.waitForFunction(() => window.explorer && window.explorer.state.table && !window.explorer.state.loading);
    assert.equal(await page.isVisible('#play-start'), false);  // nim starts from a cell of its table
    await page.selectOption('#family', 'cram');
    await page.fill('#passes', '0');  // the first table's pass
    await page.fill('#param-board', '2x3');
    await page.click('#play-start');
    await page.waitForSelector('#moves button');
    // 2 x 3 Cram is *1 (Winning Ways); its seven dominoes written as the squares they take.
    assert.match(await page.textContent('#status'), /G = 1/);
    assert.equal(await page.locator('#moves button').count(), 7);
    assert.match(await page.textContent('#moves'), /takes \(1,1\) \(2,1\) {2}\u2192 \(#\.\.\/#\.\.\)/);
    assert.deepEqual(await page.evaluate(() => window.explorer.state.play.m.board), ['...', '...']);
    await page.click('#moves button >> nth=1');
    await page.waitForFunction(() => document.getElementById('history').textContent.includes('you:'));
    assert.match(await page.textContent('#history'), /you: takes \(1,1\) \(2,1\)/);
    await page.screenshot({ path: path.join(artifacts, 'explorer-cram.png') });
    await page.selectOption('#family', 'chomp');
    await page.fill('#param-board', '3x4');
    await page.click('#play-start');
    await page.waitForFunction(() => window.explorer.state.play && window.explorer.state.play.m &&
      window.explorer.state.play.m.game === 'chomp(board=3x4)');
    assert.deepEqual(await page.evaluate(() => window.explorer.state.play.m.board), ['....', '....', '*...']);
    // Without -p board a Chomp of rows has no start: the one error line says so.
    await page.fill('#param-board', '');
    await page.click('#play-start');
    await page.waitForFunction(() => document.getElementById('error').textContent.includes('no start position'));
  });
});

test('the page at 1440x900 and at 600x900', async () => {
  mkdirSync(artifacts, { recursive: true });
  for (const [width, name] of [[1440, 'explorer-1440.png'], [600, 'explorer-600.png']]) {
    await withPage({ width, height: 900 }, async (page, url) => {
      await showKnight(page, url);
      const c = await page.evaluate(() => window.explorer.cellCenter(3, 2));
      await page.mouse.click(c.x, c.y);
      await page.waitForSelector('#moves button');
      // Nothing wider than the window; the canvas fills its panel.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
      const fill = await page.evaluate(() => {
        const cv = document.getElementById('heatmap'), wrap = document.getElementById('canvas-wrap');
        return cv.width / wrap.clientWidth;
      });
      assert.ok(fill > 0.98, String(fill));
      if (width === 600) {  // stacked: the board is in view after the click
        const box = await page.evaluate(() => document.getElementById('play').getBoundingClientRect().top);
        assert.ok(box < 900, String(box));
      }
      await page.screenshot({ path: path.join(artifacts, name), fullPage: true });
    });
  }
});

test('the analysis panels answer as the CLI does', async () => {
  // The CLI's JSON (check exits 1 when the claim fails, and still prints its report).
  const cli = (args) => {
    try {
      return JSON.parse(execFileSync(grundy, args, { encoding: 'utf8' }));
    } catch (e) {
      if (e.status === 1) return JSON.parse(e.stdout);
      throw e;
    }
  };
  await withPage({ width: 1440, height: 900 }, async (page, url) => {
    await page.goto(url);
    await tableOf(page, 13);  // two-heap Nim with a pass, size 13
    const run = async (kind, claim) => {
      await page.selectOption('#analysis-kind', kind);
      if (claim) { await page.selectOption('#claim-kind', claim[0]); await page.fill('#claim', claim[1]); }
      await page.evaluate(() => { window.explorer.state.analysis = undefined; });
      await page.click('#analysis-run');
      await page.waitForFunction(() => window.explorer.state.analysis !== undefined);
      return page.evaluate(() => window.explorer.state.analysis);
    };
    const nim = ['-p', 'heaps=2', '--pass', '--size', '13', '--format', 'json'];
    let a = await run('structure');
    assert.deepEqual(a.result, cli(['structure', 'nim', ...nim]));
    a = await run('discover');
    assert.deepEqual(a.result, cli(['discover', 'nim', ...nim]));
    a = await run('check', ['formula', 'x ^ y']);
    assert.deepEqual(a.result, cli(['check', 'nim', ...nim, '--formula', 'x ^ y']));
    assert.match(await page.textContent('#analysis-summary'), /^fails at/);
    // seq on a one-heap game: Kayles, its period proven.
    await showGame(page, 'octal', { code: '0.77' }, 100);
    a = await run('seq');
    assert.deepEqual(a.result, cli(['seq', 'octal', '-p', 'code=0.77', '--size', '100', '--search', '4096', '--format', 'json']));
    assert.match(await page.textContent('#analysis-summary'), /^proven: preperiod 71, period 12/);
    // The misère quotient of 0.75: R8, its product table drawn with the P-portion in bold.
    await showGame(page, 'octal', { code: '0.75' }, 20);
    a = await run('quotient');
    assert.deepEqual(a.result, cli(['quotient', 'octal', '-p', 'code=0.75', '--size', '20', '--format', 'json']));
    assert.match(await page.textContent('#analysis-summary'),
                 /^order 8 on heaps 0\.\.19: <a, b, c \| a\^2 = 1, b\^3 = b, bc = ab, c\^2 = b\^2>, P-portion \{a, b\^2\}/);
    assert.equal(await page.locator('#analysis-table tr').count(), 9);
    assert.deepEqual(await page.locator('#analysis-table th.p').allTextContents(), ['a', 'b^2', 'a', 'b^2']);
  });
});

test('a sequence is shown wrapped into rows, not as a one-cell column', async () => {
  await withPage({ width: 1440, height: 900 }, async (page, url) => {
    await page.goto(url);
    await tableOf(page, 13);
    await showGame(page, 'subtraction', { set: '1,2,3' }, 40);
    assert.deepEqual(await page.evaluate(() => [window.explorer.state.rows, window.explorer.state.cols]), [4, 10]);
    // Row 1, column 3 is x = 13: G = 13 mod 4 = 1.
    const c = await page.evaluate(() => window.explorer.cellCenter(1, 3));
    await page.mouse.move(c.x, c.y);
    await page.waitForFunction(() => document.getElementById('tooltip').dataset.position === '13');
    assert.equal(await page.getAttribute('#tooltip', 'data-value'), '1');
    await page.mouse.click(c.x, c.y);
    await page.waitForSelector('#moves button');
    assert.deepEqual(await page.evaluate(() => window.explorer.state.play.position), [13]);
  });
});

// The atlas page (`grundy serve --atlas FILE`) on an atlas made here by `grundy atlas run`,
// checked against what `grundy atlas query` says of the same file: filter, sort both ways, open
// a game's table and its sequence in the explorer, and back to the atlas as it was.
test('the atlas page filters, sorts and opens a game in the explorer', async () => {
  mkdirSync(artifacts, { recursive: true });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grundy-atlas-'));
  const db = path.join(dir, 'atlas.sqlite');
  try {
    execFileSync(grundy, ['atlas', 'run', 'subtraction', '--max', '5', '--sizes', '2', '--passes', '0,1', '--db', db],
      { stdio: 'ignore' });
    const query = (sql) => JSON.parse(execFileSync(grundy, ['atlas', 'query', '--db', db, '--format', 'json', sql],
      { encoding: 'utf8' }));
    const all = query('SELECT COUNT(*) AS n FROM games')[0].n;
    // passes = 1 by period (the games without one last), then spec: as the page sorts.
    const byPeriod = (order) => query('SELECT spec, period, preperiod, prefix FROM games WHERE passes = 1 ' +
      'ORDER BY period IS NULL, period ' + order + ', spec');
    const ascending = byPeriod('ASC'), descending = byPeriod('DESC');
    await withPage({ width: 1440, height: 900 }, async (page, url) => {
      await page.goto(url);
      await tableOf(page, 13);
      const loaded = (check) => page.waitForFunction((c) => {
        const a = window.explorer.atlas;
        return !a.loading && a.page && new Function('a', 'return ' + c)(a);
      }, check);
      await page.click('#tab-atlas');
      await loaded('true');
      assert.equal(await page.isVisible('#explorer-page'), false);
      assert.equal(await page.evaluate(() => window.explorer.atlas.page.total), Number(all));
      // Filter: one pass.
      await page.fill('#atlas-form [name=passes]', '1');
      await page.click('#atlas-filter');
      await loaded('a.params.passes === "1"');
      assert.equal(await page.evaluate(() => window.explorer.atlas.page.total), ascending.length);
      assert.match(page.url(), /#page=atlas&passes=1/);
      // Sort by period, then the other way: the rows in the CLI's order, and a known row's period.
      const specs = () => page.$$eval('#atlas-table tbody tr', (rows) => rows.map((r) => r.dataset.spec));
      await page.click('#atlas-table th[data-column=period]');
      await loaded('a.page.sort === "period" && a.page.order === "asc"');
      assert.deepEqual(await specs(), ascending.map((r) => r.spec));
      const known = 'subtraction -p set=2,5 --passes 1 --pass-from-terminal';
      const cli = ascending.find((r) => r.spec === known);
      assert.ok(cli, known);
      const cell = (spec, column) => page.textContent(`#atlas-table tr[data-spec="${spec}"] td[data-column=${column}]`);
      assert.equal(await cell(known, 'period'), cli.period);
      assert.match(await page.textContent('#atlas-table th[data-column=period]'), /period \u25b2/);
      await page.click('#atlas-table th[data-column=period]');
      await loaded('a.page.order === "desc"');
      assert.deepEqual(await specs(), descending.map((r) => r.spec));
      assert.equal(await page.textContent('#atlas-table tbody tr:first-child td[data-column=period]'), descending[0].period);
      // Bad input in the form: the server's one line, the table before gone.
      await page.fill('#atlas-form [name=period_min]', '9');
      await page.fill('#atlas-form [name=period_max]', '3');
      await page.click('#atlas-filter');
      await page.waitForFunction(() => window.explorer.atlas.error !== null && !window.explorer.atlas.loading);
      assert.equal(await page.textContent('#atlas-error'), 'period_min = 9 is above period_max = 3');
      await page.goBack();
      await loaded('a.page.order === "desc"');
      await page.screenshot({ path: path.join(artifacts, 'atlas.png'), fullPage: true });
      // Click a game: its table in the explorer, the values the atlas recorded (x < 64).
      await page.click(`#atlas-table tr[data-spec="${known}"] a.open-table`);
      await page.waitForFunction(() => window.explorer.state.page === 'explorer' && window.explorer.state.table &&
        !window.explorer.state.loading && window.explorer.state.table.game.startsWith('subtraction'));
      assert.equal(await page.isVisible('#atlas-page'), false);
      // A heap and its pass counter: shown with every pass left (p = 1), as the atlas records it.
      const t = await page.evaluate(() => window.explorer.state.table);
      assert.deepEqual(t.fixed, { p: 1 });
      const values = t.values.map((v) => v[0]);
      assert.ok(values.length >= 64, String(values.length));
      assert.deepEqual(values.slice(0, 64), cli.prefix.split(',').map(Number));
      assert.match(await page.textContent('#caption'), /^subtraction/);
      assert.equal(await page.inputValue('#param-set'), '2,5');
      assert.equal(await page.inputValue('#passes'), '1');
      assert.equal(await page.isChecked('#pass-from-terminal'), true);
      await page.screenshot({ path: path.join(artifacts, 'atlas-game.png'), fullPage: true });
      // Back: the atlas as it was; then a game's sequence, its period the atlas's.
      await page.goBack();
      await loaded('a.page.order === "desc" && a.params.passes === "1"');
      assert.equal(await page.isVisible('#atlas-page'), true);
      const other = descending[0];
      await page.evaluate(() => { window.explorer.state.analysis = undefined; });
      await page.click(`#atlas-table tr[data-spec="${other.spec}"] a.open-seq`);
      await page.waitForFunction(() => window.explorer.state.analysis !== undefined);
      const seq = await page.evaluate(() => window.explorer.state.analysis);
      assert.equal(seq.kind, 'seq');
      assert.equal(String(seq.result.period), other.period);
      assert.equal(String(seq.result.preperiod), other.preperiod);
      assert.match(await page.textContent('#analysis-summary'), new RegExp('period ' + other.period + '\\b'));
    }, ['--atlas', db]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without --atlas the atlas page says how to give one', async () => {
  await withPage({ width: 1440, height: 900 }, async (page, url) => {
    await page.goto(url + '#page=atlas');
    await page.waitForFunction(() => window.explorer && window.explorer.atlas.error !== null && !window.explorer.atlas.loading);
    assert.match(await page.textContent('#atlas-error'), /^no atlas: start the explorer with `grundy serve --atlas FILE`/);
    assert.equal(await page.isVisible('#atlas-form'), false);
    // The explorer is a click away, its first table computed then.
    await page.click('#tab-explorer');
    await tableOf(page, 13);
    assert.equal(await page.isVisible('#atlas-page'), false);
  });
});
