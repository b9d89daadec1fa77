/**
 * An email address as a whole address in a text, any case: `ann@example.com` is found in "write to
 * Ann@Example.com." but not inside `joann@example.com` or `ann@example.com.au` (issue 52: erasing a visitor by
 * email also deleted the queued mails of every visitor whose address held theirs). One regular expression serves
 * JavaScript (flag `i`) and PostgreSQL (`~*`, whose advanced expressions have the same look-behind and look-ahead).
 */
export function wholeAddressPattern(addresses: readonly string[]): string {
  const escaped = addresses.map((address) => address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `(?<![A-Za-z0-9._%+-])(?:${escaped.join('|')})(?![A-Za-z0-9-]|\\.[A-Za-z0-9])`;
}

/** Whether `text` holds one of `addresses` whole (never true for no address). */
export function mentionsAddress(text: string, addresses: readonly string[]): boolean {
  // eslint-disable-next-line security/detect-non-literal-regexp -- built from escaped addresses; no quantifier can nest
  return addresses.length > 0 && new RegExp(wholeAddressPattern(addresses), 'i').test(text);
}
