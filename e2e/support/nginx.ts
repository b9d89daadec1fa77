import fs from 'node:fs';
import path from 'node:path';
import { REPOSITORY_ROOT } from './built-server.ts';

/**
 * docs/operations.md's nginx example, as written there, pointed at loopback instances: its upstream servers'
 * addresses replaced by `upstreams` in order, and its TLS listener by a plain one on `port`. The test runs what
 * the documentation tells operators to run.
 */
export function documentedNginxConfig(upstreams: readonly string[], port: number): string {
  const operations = fs.readFileSync(path.join(REPOSITORY_ROOT, 'docs', 'operations.md'), 'utf8');
  const example = /```nginx\n([\s\S]*?)```/.exec(operations)?.[1];
  if (!example) throw new Error('docs/operations.md has no ```nginx example.');
  let next = 0;
  const config = example
    .replace(/server \d+\.\d+\.\d+\.\d+:\d+/g, () => `server ${upstreams[next++] ?? 'missing'}`)
    .replace(/listen 443 ssl;/, `listen 127.0.0.1:${port};`);
  if (next !== upstreams.length) throw new Error(`docs/operations.md's nginx example has ${next} upstream servers, not ${upstreams.length}.`);
  return config;
}
