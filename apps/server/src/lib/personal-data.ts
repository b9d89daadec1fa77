import { isIPv4, isIPv6 } from 'node:net';

/**
 * Finding and masking personal data in visitors' free text (issue 43, docs/privacy.md "Who sees what"):
 * emails, phone numbers, IPv4 and IPv6 addresses, and card-like numbers. Pure functions, no I/O; every mask
 * keeps a hint (the first letter of an email and its domain, a phone's country code and last digits, an
 * address's network part, a card's last four) so staff can still tell two visitors apart.
 */

/** The character that stands for a hidden one. */
export const MASK = '•';
const hidden = (length: number): string => MASK.repeat(length);

// ---- Card-like numbers: 13 to 19 digits, optionally grouped by single spaces or dashes, passing Luhn ----

/** The Luhn check of a card number's digits. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let position = 0; position < digits.length; position += 1) {
    let digit = Number(digits[digits.length - 1 - position]);
    if (position % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * A run of numbers with what qualifies in it masked: the longest stretch of whole groups (split by
 * `separator`) from each group on, of at most `mostDigits` digits, so two numbers written side by side (an
 * address and a phone, a card and a year) are each found.
 */
function maskWithinRun(run: string, separator: RegExp, mostDigits: number, qualifies: (text: string) => boolean, mask: (text: string) => string): string {
  const parts = run.split(separator); // groups at even places, their separators at odd ones
  const groups = (parts.length + 1) / 2;
  const digitsOf = (part: string | undefined) => (part ?? '').replace(/\D/g, '').length;
  let masked = '';
  let first = 0;
  while (first < groups) {
    let last = first;
    let digits = digitsOf(parts[2 * first]);
    while (last + 1 < groups && digits + digitsOf(parts[2 * (last + 1)]) <= mostDigits) {
      last += 1;
      digits += digitsOf(parts[2 * last]);
    }
    let found = -1;
    for (let end = last; end >= first && found < 0; end -= 1) if (qualifies(parts.slice(2 * first, 2 * end + 1).join(''))) found = end;
    const upTo = found < 0 ? first : found;
    const stretch = parts.slice(2 * first, 2 * upTo + 1).join('');
    masked += (found < 0 ? stretch : mask(stretch)) + (parts[2 * upTo + 1] ?? '');
    first = upTo + 1;
  }
  return masked;
}

// Digits with single spaces or dashes between them, not inside a word or an id (`session-1795736637355-1`); each
// repetition takes one digit: linear.
// eslint-disable-next-line security/detect-unsafe-regex -- see above
const CARD_RUN = /(?<![\w•-])\d(?:[ -]?\d)*/g;
/** Written whole, or in groups as cards are printed: four digits first, then groups of four to six, the last of one to six. */
// Each group starts with a separator no group holds: one way to match, on at most 19 digits' text.
// eslint-disable-next-line security/detect-unsafe-regex -- see above
const CARD_GROUPS = /^\d+$|^\d{4}(?:[ -]\d{4,6})*[ -]\d{1,6}$/;
const isCardNumber = (text: string): boolean => {
  const digits = text.replace(/\D/g, '');
  return digits.length >= 13 && digits.length <= 19 && CARD_GROUPS.test(text) && passesLuhn(digits);
};
const maskCardNumber = (card: string): string => `${hidden(4)} ${hidden(4)} ${hidden(4)} ${card.replace(/\D/g, '').slice(-4)}`;

/** Card-like numbers (13–19 digits passing the Luhn check) replaced by `•••• •••• •••• 4242`. */
export function maskCardNumbers(text: string): string {
  return text.replace(CARD_RUN, (run) =>
    // Split at spaces only: digits joined by a dash are one number (an order's id and its counter), a card only
    // when all of it is printed as one (5555-5555-5555-4444), never one part of it.
    run.replace(/\D/g, '').length < 13 ? run : maskWithinRun(run, /( )/, 19, isCardNumber, maskCardNumber),
  );
}

// ---- Emails ----

// Starts only where a run of address characters starts, and the domain's labels are separated by dots the
// labels cannot hold: linear.
// eslint-disable-next-line security/detect-unsafe-regex -- see above
const EMAIL = /(?<![\w.%+-])[\w.%+-]+@[a-z\d-]+(?:\.[a-z\d-]+)*\.[a-z]{2,}(?![\w-])/gi;

/** `jane.doe@example.com` → `j•••@example.com`. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at < 1) return email === '' ? '' : hidden(3);
  return `${email[0] ?? ''}${hidden(3)}${email.slice(at)}`;
};

// ---- IP addresses ----

// Bounded repetitions of bounded groups: at most 15 characters are tried from any start.
// eslint-disable-next-line security/detect-unsafe-regex -- see above
const IPV4_CANDIDATE = /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?!\d|\.\d)/g;
// Two to seven colons between hex groups (an empty group is "::"); isIPv6 decides. Each repetition starts
// with a colon no group holds, so there is one way to match, at most 39 characters from any start.
// eslint-disable-next-line security/detect-unsafe-regex -- see above
const IPV6_CANDIDATE = /(?<![\w:])[\da-f]{0,4}(?::[\da-f]{0,4}){2,7}(?![\w:])/gi;

/**
 * An address column's value: IPv4 keeps its first three parts (`203.0.113.•`), IPv6 its first two groups
 * (`2001:db8:••••`); anything else that is not empty is hidden whole.
 */
export function maskIpAddress(address: string): string {
  if (isIPv4(address)) return `${address.slice(0, address.lastIndexOf('.'))}.${MASK}`;
  if (isIPv6(address)) {
    const groups = address.split(':').filter((group) => group !== '');
    return `${groups.slice(0, 2).join(':')}:${hidden(4)}`;
  }
  return address === '' ? '' : hidden(3);
}

/** Whether `text` holds `character` at least `times` times. */
function holdsAtLeast(text: string, character: string, times: number): boolean {
  let at = -1;
  for (let found = 0; found < times; found += 1) {
    at = text.indexOf(character, at + 1);
    if (at < 0) return false;
  }
  return true;
}

// An IPv6 address has two colons at least, an IPv4 one three dots: most texts are passed over without a search.
const maskIpAddresses = (text: string): string => {
  const v6 = holdsAtLeast(text, ':', 2) ? text.replace(IPV6_CANDIDATE, (candidate) => (isIPv6(candidate) && /[\da-f]{2}/i.test(candidate) ? maskIpAddress(candidate) : candidate)) : text;
  return holdsAtLeast(v6, '.', 3) ? v6.replace(IPV4_CANDIDATE, (candidate) => (isIPv4(candidate) ? maskIpAddress(candidate) : candidate)) : v6;
};

// ---- Phone numbers ----

const SEPARATORS = ' -./()';
const isDigit = (character: string | undefined): boolean => character !== undefined && character >= '0' && character <= '9';
const isSeparator = (character: string | undefined): boolean => character !== undefined && SEPARATORS.includes(character);
/** A phone number cannot start right after these (inside a word, a number, a mask or a sum). */
const startsInside = (character: string | undefined): boolean => character !== undefined && /[\p{L}\p{N}_•+@.,:/-]/u.test(character);

/** A date (`15.01.2024`, `2024-01-15`, `01/15/24`) or a time, whatever its digits. */
const DATE_LIKE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/;
/** North American numbers written without a country code: (415) 555-0132, 415-555-0132, 415.555.0132. */
const NORTH_AMERICAN = /^(?:\(\d{3}\) ?|\d{3}[ .-])\d{3}[ .-]\d{4}$/;

/**
 * Whether a run of digits and separators is a phone number: international (`+44 …`, `0049 …`) with 7–15
 * digits, national with a trunk 0 (`06 12 34 56 78`, `020-7946-0958`) with 9–12 digits, or North American
 * with its separators. Dates are not, nor are short numbers, years, versions, prices or plain digit runs.
 */
export function isPhoneNumber(candidate: string): boolean {
  if (DATE_LIKE.test(candidate)) return false;
  const digits = candidate.replace(/\D/g, '');
  if (candidate.startsWith('+')) return /^\+\(?[1-9]/.test(candidate) && digits.length >= 7 && digits.length <= 15;
  if (digits.startsWith('00')) {
    // Written whole, a 00 number is told from an order number with leading zeros by its length alone.
    const grouped = /[ ()-]/.test(candidate);
    return /^00[1-9]/.test(digits) && digits.length >= (grouped ? 9 : 11) && digits.length <= 17 && !candidate.includes('.');
  }
  if (/^\(?0[1-9]/.test(candidate)) return digits.length >= 9 && digits.length <= 12;
  return NORTH_AMERICAN.test(candidate);
}

/** Where a run of digits and separators starting at `start` ends (after its last digit). */
function runEnd(text: string, start: number): number {
  let end = start;
  let position = start + (text[start] === '+' ? 1 : 0);
  while (position < text.length) {
    if (isDigit(text[position])) {
      position += 1;
      end = position;
      continue;
    }
    // At most two separators in a row (") " or " ("), then a digit or "(" must follow.
    let separators = 0;
    while (separators < 2 && isSeparator(text[position + separators])) separators += 1;
    if (separators === 0) break;
    const next = text[position + separators];
    if (!isDigit(next) && !(next === '(' && isDigit(text[position + separators + 1]))) break;
    position += separators;
  }
  return end;
}

/** `+44 20 7946 0958` → `+44 •• •••• 0958`: the country code and the last four digits (two of a short number) stay. */
export function maskPhoneNumber(phone: string): string {
  const countryCode = /^(?:\+\(?\d{1,3}\)?|00\d{1,3})(?=[ .-])/.exec(phone)?.[0] ?? (phone.startsWith('+') ? '+' : '');
  const rest = phone.slice(countryCode.length);
  const kept = rest.replace(/\D/g, '').length >= 8 ? 4 : 2;
  let toHide = rest.replace(/\D/g, '').length - kept;
  return countryCode + [...rest].map((character) => (isDigit(character) && toHide-- > 0 ? MASK : character)).join('');
}

/** Where a phone number may open: a digit, or a "+" or "(" before one. */
const PHONE_OPENING = /[+(](?=\d)|\d/g;

const maskPhoneNumbers = (text: string): string => {
  let masked = '';
  let copied = 0;
  // From one possible opening to the next, the text between copied as it is.
  for (let found = PHONE_OPENING.exec(text); found !== null; found = PHONE_OPENING.exec(text)) {
    const position = found.index;
    if (startsInside(text[position - 1])) continue;
    const end = runEnd(text, position);
    if (end === position) continue;
    // The whole run, so its tail is not read as a number of its own.
    masked += text.slice(copied, position) + maskWithinRun(text.slice(position, end), /( +)/, 17, isPhoneNumber, maskPhoneNumber);
    copied = end;
    PHONE_OPENING.lastIndex = end;
  }
  PHONE_OPENING.lastIndex = 0;
  return masked + text.slice(copied);
};

/**
 * A visitor's free text with every card-like number, email, IP address and phone number masked (in that
 * order: a card is never read as a phone number, an address never as one either).
 */
export function maskPersonalData(text: string): string {
  return maskPhoneNumbers(maskIpAddresses(maskCardNumbers(text).replace(EMAIL, maskEmail)));
}

/**
 * What a route answers with (issue 58): `mask` when masking is on, the value as it is when off (the default).
 * The caller reads the setting once per request (`readPersonalDataMasking`).
 */
export const maskIf = <Value>(masked: boolean, mask: (value: Value) => Value): ((value: Value) => Value) => (masked ? mask : (value) => value);
