import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPOSITORY_ROOT } from './built-server.ts';

/** Debian's nginx, where installed (scripts/ensure-nginx.sh installs it for npm test). */
export const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));

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

/** nginx in a directory of its own, in the foreground, with `serverBlocks` (an http block's contents). */
export async function startNginx(serverBlocks: string, url: string): Promise<{ stop(): Promise<void>; log(): string }> {
  if (!nginxBinary) throw new Error('nginx is not installed: scripts/ensure-nginx.sh installs it.');
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-e2e-nginx-'));
  const config = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    config,
    `daemon off; worker_processes 1; error_log stderr warn; pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
${serverBlocks}
}
`,
  );
  const child: ChildProcess = spawn(nginxBinary, ['-c', config, '-p', prefix], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (part: Buffer) => (log += part.toString()));
  const deadline = Date.now() + 15_000;
  while (!(await fetch(`${url}/api/health`).then((answer) => answer.ok).catch(() => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${log.trim() || `exit ${child.exitCode}`}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    log: () => log,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
