import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { firstLoadGzipBytes, firstLoadScripts, gzipBytes } from './bundle-sizes.ts';

// What Vite writes for the dashboard: the theme script, the module entry, and the chunks it preloads.
const builtHtml = `<!doctype html>
<html lang="en">
  <head>
    <script src="/theme-before-paint.js"></script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
    <link rel='modulepreload' href='/assets/router-ghi.js'>
    <link rel="stylesheet" crossorigin href="/assets/index-jkl.css">
    <link rel="icon" href="data:,">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('firstLoadScripts', () => {
  it('answers every script and module preload, in order, and no stylesheet or icon', () => {
    expect(firstLoadScripts(builtHtml)).toEqual(['/theme-before-paint.js', '/assets/index-abc.js', '/assets/vendor-def.js', '/assets/router-ghi.js']);
  });

  it('answers nothing for inline scripts, and each file once', () => {
    expect(firstLoadScripts('<script>var a = 1;</script><script src="/a.js"></script><link rel="modulepreload" href="/a.js">')).toEqual(['/a.js']);
  });
});

describe('firstLoadGzipBytes', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sums the gzip sizes of the files the built index.html loads first', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-sizes-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const entry = 'console.log("entry");'.repeat(50);
    const preload = 'export const a = 1;';
    fs.writeFileSync(path.join(dir, 'index.html'), '<script type="module" src="/assets/entry.js"></script><link rel="modulepreload" href="/assets/preload.js">');
    fs.writeFileSync(path.join(dir, 'assets/entry.js'), entry);
    fs.writeFileSync(path.join(dir, 'assets/preload.js'), preload);
    fs.writeFileSync(path.join(dir, 'assets/lazy.js'), 'not loaded first');
    const [entryBytes, preloadBytes] = [entry, preload].map((text) => zlib.gzipSync(text, { level: 9 }).byteLength);
    expect(firstLoadGzipBytes(dir)).toEqual({
      bytes: (entryBytes ?? 0) + (preloadBytes ?? 0),
      files: [
        { file: path.join('assets', 'entry.js'), gzipBytes: entryBytes },
        { file: path.join('assets', 'preload.js'), gzipBytes: preloadBytes },
      ],
    });
    expect(gzipBytes(Buffer.from(preload))).toBe(preloadBytes);
  });

  it('explains a missing build', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-sizes-'));
    expect(() => firstLoadGzipBytes(dir)).toThrow(/index.html is missing: build the app first/);
  });
});
