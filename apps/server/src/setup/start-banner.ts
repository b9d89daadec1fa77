import type { Config } from '../config.ts';

/** Who can sign in to a new installation: created now from STEWARD_ADMIN_*, or invited by a one-time link. */
export interface FirstAdministrator {
  email: string;
  /** The one-time link to choose the password (no STEWARD_ADMIN_PASSWORD). */
  registerLink?: string;
}

/** The line a person (and the start-up test) finds the first administrator's link by. */
export const firstAdministratorLine = (admin: FirstAdministrator & { registerLink: string }): string =>
  `First administrator (${admin.email}): open ${admin.registerLink}`;

/**
 * What `npm start` prints once listening, for a person at a terminal (LOG_FORMAT=pretty): where the
 * dashboard is, who signs in first and how, where to try the bot, and what the logs will say.
 */
export function startBanner(config: Pick<Config, 'assistantName' | 'logLevel' | 'botApiKey'>, url: string, admin: FirstAdministrator | undefined): string {
  const rows: [string, string][] = [['Dashboard', `${url}/`]];
  if (admin?.registerLink) rows.push(['Sign in', `${firstAdministratorLine({ ...admin, registerLink: admin.registerLink })} (within 72 hours)`]);
  else if (admin) rows.push(['Sign in', `${admin.email}, with STEWARD_ADMIN_PASSWORD`]);
  rows.push(['Try the bot', `${url}/demo`]);
  rows.push(['Bot API', config.botApiKey ? `${url}/api/bot/* with Authorization: Bearer $BOT_API_KEY` : 'off: set BOT_API_KEY to connect a chatbot']);
  rows.push(['Logs', `${config.logLevel} and above, readable, no line per request (LOG_LEVEL=debug shows them; LOG_FORMAT=json for a log collector)`]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const title = `${config.assistantName} Owner Dashboard is running`;
  return ['', `  ${title}`, `  ${'─'.repeat(title.length)}`, ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`), '', ''].join('\n');
}
