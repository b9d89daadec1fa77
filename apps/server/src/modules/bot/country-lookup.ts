import { isIP } from 'node:net';

type LookUp = (ip: string) => { country: string } | null;

let loading: Promise<LookUp> | undefined;

/**
 * The GeoIP database (geoip-country, offline, in node_modules) is read into memory on
 * first use rather than at start-up: most requests never need it.
 */
const geoIp = (): Promise<LookUp> => {
  loading ??= import('geoip-country').then((module) => {
    const geo = (module as { default?: { lookup: LookUp } }).default ?? module;
    return (ip: string) => geo.lookup(ip);
  });
  return loading;
};

/** The ISO 3166-1 alpha-2 code of the country an address is registered in, or '' when unknown. */
export async function countryOfIp(ip: string | undefined): Promise<string> {
  if (!ip || isIP(ip) === 0) return '';
  const lookUp = await geoIp();
  return lookUp(ip)?.country ?? '';
}

/** The country the bot sent, or else the one derived from the visitor's address. */
export async function visitorCountry(visitor: { country?: string; user_ip?: string }): Promise<string> {
  return visitor.country ? visitor.country : countryOfIp(visitor.user_ip);
}
