/**
 * A stand-in for XMLHttpRequest that a test drives: it records what was sent, then the test reports
 * upload progress, answers, or fails the request. `FakeXhr.sent` lists every request made.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];

  method = '';
  url = '';
  body: FormData | undefined;
  readonly headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: FormData): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  /** The browser has sent `loaded` of `total` bytes. */
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }

  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  failToConnect(): void {
    this.onerror?.();
  }

  /** The request made last (fails the test when there is none). */
  static latest(): FakeXhr {
    const request = FakeXhr.sent.at(-1);
    if (!request) throw new Error('No XMLHttpRequest was sent.');
    return request;
  }

  /** As the XhrFactory the upload calls take. */
  static factory(): () => XMLHttpRequest {
    return () => new FakeXhr() as unknown as XMLHttpRequest;
  }
}
