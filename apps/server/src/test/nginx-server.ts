import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scaled } from './slowdown.ts';

/** Debian's nginx, where installed (scripts/ensure-nginx.sh installs it for npm test; the bench asks for it). */
export const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));

/**
 * nginx in a directory of its own, in the foreground, with `serverBlocks` (an http block's contents: upstreams and
 * servers); answers once `url` (nginx's own) answers /api/health. Stopped by the answer.
 */
export async function startNginx(serverBlocks: string, url: string): Promise<{ stop(): Promise<void>; log(): string }> {
  if (!nginxBinary) throw new Error('nginx is not installed: apt-get install nginx (scripts/ensure-nginx.sh does).');
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-nginx-'));
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
  const deadline = Date.now() + scaled(15_000);
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
