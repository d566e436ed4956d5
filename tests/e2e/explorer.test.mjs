// The browser explorer end to end: start `grundy serve --port 0`, drive the page in Debian's
// headless Chromium, and leave a screenshot in build/e2e-artifacts/.
// Usage: GRUNDY=path/to/grundy ARTIFACTS=dir node --test explorer.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const grundy = process.env.GRUNDY;
const artifacts = process.env.ARTIFACTS || path.resolve('build/e2e-artifacts');

function startServer() {
  return new Promise((resolve, reject) => {
    const proc = spawn(grundy, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) resolve({ proc, url: m[0] });
    });
    proc.on('exit', (code) => reject(new Error('grundy serve exited with ' + code)));
  });
}

test('choose a game, read a cell, play a move', async () => {
  assert.ok(grundy, 'set GRUNDY to the grundy binary');
  mkdirSync(artifacts, { recursive: true });
  const { proc, url } = await startServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--no-first-run', '--disable-sync'],  // Playwright gives each launch a fresh temporary profile
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
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
  } finally {
    await browser.close();
    proc.kill('SIGINT');
  }
});
