import { SCRIPTED_CALL_HEADER } from '@steward/contract/scripted-calls';

/** The answer of one call: status, parsed JSON body, headers. */
export interface ApiResponse<Body = ApiBody> {
  status: number;
  body: Body;
  headers: Headers;
}

/** The envelope every call answers with, loosely typed for assertions. */
export interface ApiBody {
  success: boolean;
  data?: { rows: Record<string, unknown>[]; [key: string]: unknown } & Record<string, unknown>;
  error?: { message: string; field?: string };
}

/**
 * A browser-like client over real HTTP: keeps the session cookie and sends the
 * same-origin headers a browser sends, so CSRF rules and cookies are exercised as in use.
 */
export class ApiClient {
  private cookies = new Map<string, string>();

  /** `defaultHeaders` go with every request (the bot's key, for example). */
  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  get<Body = ApiBody>(path: string, headers: Record<string, string> = {}): Promise<ApiResponse<Body>> {
    return this.request<Body>('GET', path, undefined, headers);
  }

  post<Body = ApiBody>(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<Body>> {
    return this.request<Body>('POST', path, body, headers);
  }

  /** Sends multipart/form-data as the browser does (fetch sets the boundary). */
  postForm<Body = ApiBody>(path: string, form: FormData): Promise<ApiResponse<Body>> {
    return this.send<Body>('POST', path, form, {});
  }

  /** Sends a raw body (malformed JSON, wrong content types) exactly as given. */
  postRaw<Body = ApiBody>(path: string, rawBody: string, contentType: string): Promise<ApiResponse<Body>> {
    return this.send<Body>('POST', path, rawBody, { 'content-type': contentType });
  }

  async request<Body = ApiBody>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<Body>> {
    const hasBody = body !== undefined;
    return this.send<Body>(method, path, hasBody ? JSON.stringify(body) : undefined, {
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...headers,
    });
  }

  /** A browser's navigation (no scripted-call header), its redirect not followed: the status and where it leads. */
  async navigate(path: string): Promise<{ status: number; location: string | undefined }> {
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, { redirect: 'manual', headers: cookieHeader ? { cookie: cookieHeader } : {} });
    for (const line of response.headers.getSetCookie()) this.storeCookie(line);
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get('location') ?? undefined };
  }

  get sessionCookie(): string | undefined {
    return this.cookies.get('steward_session');
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  clearCookies(): void {
    this.cookies.clear();
  }

  /** A GET's answer as its bytes are, not parsed: for asserting how an answer is written. */
  async getText(path: string): Promise<{ status: number; text: string; headers: Headers }> {
    const response = await this.fetchAsBrowser('GET', path, undefined, {});
    return { status: response.status, text: await response.text(), headers: response.headers };
  }

  private async send<Body>(
    method: string,
    path: string,
    body: string | FormData | undefined,
    headers: Record<string, string>,
  ): Promise<ApiResponse<Body>> {
    const response = await this.fetchAsBrowser(method, path, body, headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text for the assertion to show
    }
    return { status: response.status, body: parsed as Body, headers: response.headers };
  }

  private async fetchAsBrowser(method: string, path: string, body: string | FormData | undefined, headers: Record<string, string>): Promise<Response> {
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      body,
      headers: {
        // As the dashboard: its header on every call (the GETs that act answer nothing else, plugins/csrf.ts).
        [SCRIPTED_CALL_HEADER.name]: SCRIPTED_CALL_HEADER.value,
        ...(method === 'GET' ? {} : { origin: this.baseUrl, 'sec-fetch-site': 'same-origin' }),
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...this.defaultHeaders,
        ...headers,
      },
    });
    for (const line of response.headers.getSetCookie()) this.storeCookie(line);
    return response;
  }

  private storeCookie(line: string): void {
    const [pair = '', ...attributes] = line.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key, attributeValue] = attribute.trim().split('=');
      return (
        (key?.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) ||
        (key?.toLowerCase() === 'expires' && attributeValue !== undefined && Date.parse(attributeValue) <= Date.now())
      );
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
