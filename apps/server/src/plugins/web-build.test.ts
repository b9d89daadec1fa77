import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { locateWebBuild, requireWebBuild, WebBuildError, webBuildId } from './web-build.ts';

const builtDashboard = (html: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-web-build-'));
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  return dir;
};

describe('the dashboard build', () => {
  it('is found through the @steward/web package', () => {
    expect(locateWebBuild()).toBe(path.resolve(import.meta.dirname, '..', '..', '..', 'web', 'dist'));
  });

  it('is required by the bundle, and must be the one the bundle was made with', () => {
    const dir = builtDashboard('<script src="/assets/index-abc.js"></script>');
    const id = webBuildId(dir);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(requireWebBuild(dir, id)).toBe(dir);
    expect(() => requireWebBuild(dir, 'another-build-id')).toThrow(WebBuildError);
    expect(() => requireWebBuild(dir, 'another-build-id')).toThrow(/does not match this server build: run `npm run build`/);
    expect(() => requireWebBuild(path.join(dir, 'missing'), id)).toThrow(/the dashboard is not built .*run `npm run build`/);
  });

  it('is optional from source: without one the API is served alone', () => {
    const dir = builtDashboard('<p>built</p>');
    expect(requireWebBuild(dir, undefined)).toBe(dir);
    expect(requireWebBuild(path.join(dir, 'missing'), undefined)).toBeNull();
  });
});
