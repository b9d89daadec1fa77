/** What the bench and its server's child process (server-process.mjs) say to each other over IPC. */
export type ServerProcessRequest = { type: 'rss' };

export type ServerProcessMessage = { type: 'listening'; url: string; bareUrl: string } | { type: 'rss'; bytes: number };
