import { createRequire } from 'node:module';
import { isIP } from 'node:net';

/** The part of geoip-country (CommonJS, no types) that we use. */
interface GeoIpCountry {
  lookup(ip: string): { country: string } | null;
}

let geoIp: GeoIpCountry | undefined;

/**
 * The GeoIP database (geoip-country: GeoLite2 data shipped in node_modules, offline) is read
 * into memory on first use rather than at start-up: most requests never need it.
 */
const loadGeoIp = (): GeoIpCountry => {
  geoIp ??= createRequire(import.meta.url)('geoip-country') as GeoIpCountry;
  return geoIp;
};

/** The ISO 3166-1 alpha-2 code of the country an address is registered in, or '' when unknown. */
export function countryOfIp(ip: string | undefined): string {
  if (!ip || isIP(ip) === 0) return '';
  return loadGeoIp().lookup(ip)?.country ?? '';
}

/** The country the bot sent, or else the one derived from the visitor's address. */
export function visitorCountry(visitor: { country?: string; user_ip?: string }): string {
  return visitor.country ? visitor.country : countryOfIp(visitor.user_ip);
}
