/** What the bench and its server's child process (server-process.mjs) say to each other over IPC. */
/** `restartPeak`: after this report, the peak starts again from now (to measure one stretch's own peak). */
export type ServerProcessRequest = { type: 'memory'; restartPeak?: boolean };

/** The server process's resident set, and what of its memory is live, in bytes. */
export interface ServerMemory {
  /** Now, as it is. */
  rssBytes: number;
  /** Now, after a full garbage collection (V8's heap holds what it has not yet bothered to collect). */
  afterGcBytes: number;
  /** The most sampled since the process started (or since a report that restarted it), every 250 ms. */
  peakBytes: number;
  /**
   * What is live after that collection: V8's heap in use and the memory its objects hold outside it (buffers, the
   * embedded database's WebAssembly memory), as V8 counts them. Garbage and the room V8 keeps to grow into are not in it.
   */
  liveBytes: number;
  /** The most live after any full collection since the process started (or since a report that restarted it), this one included. */
  mostLiveBytes: number;
}

export type ServerProcessMessage = { type: 'listening'; url: string; bareUrl: string } | ({ type: 'memory' } & ServerMemory);
