/**
 * The GET calls that change something or export data (GET /api/logout, which the spec fixes as a GET, and
 * GET /api/export/{list}) answer the dashboard's own scripted calls only (issue 52): an `<img>` or a link in a bot's
 * answer, or another site, must not sign staff out or run an export audited as theirs. The dashboard sends this
 * header with every call; a browser lets no image, link or form send it, and another site's script could only
 * after a CORS preflight, which the server never grants. The server also refuses what the browser's fetch metadata
 * says is an image, a document or another site (OWASP's CSRF cheat sheet: a custom request header, and fetch
 * metadata). API clients such as curl send the header themselves.
 */
export const SCRIPTED_CALL_HEADER = { name: 'X-Requested-With', value: 'steward-dashboard' } as const;

export const SCRIPTED_CALL_MESSAGES = {
  refused: 'This call answers the dashboard itself only, not a link, an image or another site. Send it with fetch and the X-Requested-With header.',
} as const;
