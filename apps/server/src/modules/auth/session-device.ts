import type { FastifyRequest } from 'fastify';
import { UAParser } from 'ua-parser-js';
import type { Config } from '../../config.ts';
import { countryOfIp } from '../../lib/country-lookup.ts';

/** The most of a place header kept: a city and a region fit; anything longer is not a place. */
const MAX_PLACE_LENGTH = 100;

const named = (name: string | undefined, version: string | undefined): string => (name ? [name, version].filter(Boolean).join(' ') : '');

/**
 * A session's browser and operating system as its list shows them ("Chrome 131", "Windows 10"), read from the
 * User-Agent by ua-parser-js (1.x, MIT; 2.x is AGPL). '' for what it does not recognise.
 */
export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  if (!userAgent) return { browser: '', os: '' };
  const parsed = new UAParser(userAgent).getResult();
  // The major version only: the full one ("131.0.6778.85") says nothing more to a person.
  return { browser: named(parsed.browser.name, parsed.browser.major), os: named(parsed.os.name, parsed.os.version) };
}

/**
 * Where a sign-in came from. With SESSION_PLACE_HEADER set, the header the trusted proxy in front writes (a city or
 * a country: Cloudflare's cf-ipcity, a load balancer's own), which the proxy must overwrite on every request, as it
 * does X-Forwarded-For; otherwise (or without the header) the country of the address (geoip-country, offline).
 */
export function placeOf(request: FastifyRequest, config: Pick<Config, 'sessionPlaceHeader'>): string | null {
  const header = config.sessionPlaceHeader ? request.headers[config.sessionPlaceHeader] : undefined;
  const fromProxy = (Array.isArray(header) ? header[0] : header)?.trim().slice(0, MAX_PLACE_LENGTH);
  if (fromProxy) return fromProxy;
  return countryOfIp(request.ip) || null;
}
