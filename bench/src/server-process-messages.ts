/** What the bench and its server's child process (server-process.ts) say to each other over IPC. */
export type ServerProcessRequest = { type: 'rss' } | { type: 'stop' };

export type ServerProcessMessage =
  | { type: 'listening'; url: string; bareUrl: string }
  | { type: 'rss'; bytes: number }
  | { type: 'stopped' };
