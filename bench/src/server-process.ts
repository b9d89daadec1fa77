/**
 * The child process `forkBenchServer` starts: the real server on the data dir given as its argument and,
 * beside it in the same process, the bare route authenticate-user is compared with. It sends their URLs
 * once both listen, answers `rss` with its own resident set size, and stops both on `stop`.
 */
import { startBareRoute } from './bare-route.ts';
import { startBenchServer } from './bench-server.ts';
import type { ServerProcessMessage, ServerProcessRequest } from './server-process-messages.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('server-process.ts takes the data dir as its argument.');

const send = (message: ServerProcessMessage) => process.send?.(message);

const server = await startBenchServer(dataDir);
const bare = await startBareRoute();
process.on('message', (request: ServerProcessRequest) => {
  if (request.type === 'rss') send({ type: 'rss', bytes: process.memoryUsage().rss });
  if (request.type === 'stop') {
    void Promise.all([bare.stop(), server.stop()]).then(() => {
      send({ type: 'stopped' });
      process.disconnect();
    });
  }
});
send({ type: 'listening', url: server.url, bareUrl: bare.url });
