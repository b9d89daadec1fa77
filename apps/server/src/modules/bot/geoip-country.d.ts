/** The part of geoip-country (which ships no types) that we use. */
declare module 'geoip-country' {
  interface GeoIpCountry {
    /** ISO 3166-1 alpha-2 code, e.g. "US". */
    country: string;
    name: string;
  }
  export function lookup(ip: string): GeoIpCountry | null;
}
