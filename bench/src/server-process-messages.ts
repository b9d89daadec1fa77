/** What the bench and its server's child process (server-process.mjs) say to each other over IPC. */
/** `restartPeak`: after this report, the peak starts again from now (to measure one stretch's own peak). */
export type ServerProcessRequest = { type: 'memory'; restartPeak?: boolean };

/** The server process's resident set, in bytes. */
export interface ServerMemory {
  /** Now, as it is. */
  rssBytes: number;
  /** Now, after a full garbage collection (V8's heap holds what it has not yet bothered to collect). */
  afterGcBytes: number;
  /** The most sampled since the process started (or since a report that restarted it), every 250 ms. */
  peakBytes: number;
}

export type ServerProcessMessage = { type: 'listening'; url: string; bareUrl: string } | ({ type: 'memory' } & ServerMemory);
