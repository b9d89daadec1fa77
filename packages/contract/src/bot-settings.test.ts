import { describe, expect, it } from 'vitest';
import { BOT_SETTINGS_MESSAGES, funFactPreview, helpRequestEmails, isWebUrl, thresholdForm } from './bot-settings.ts';

describe('isWebUrl', () => {
  it.each(['https://example.com', 'http://example.com/a?b=c#d', 'HTTPS://EXAMPLE.COM/x'])('accepts %s', (url) => {
    expect(isWebUrl(url)).toBe(true);
  });
  it.each(['javascript:alert(1)', 'data:text/html,x', 'ftp://example.com', 'https://', 'example.com', 'https://exa mple.com', ''])(
    'refuses %s',
    (url) => {
      expect(isWebUrl(url)).toBe(false);
    },
  );
});

describe('helpRequestEmails', () => {
  it('trims, drops empty entries and repeats', () => {
    expect(helpRequestEmails.parse([' a@example.com', '', '  ', 'A@example.com', 'b@example.com'])).toEqual(['a@example.com', 'b@example.com']);
  });
  it('refuses entries with spaces or without @', () => {
    expect(helpRequestEmails.safeParse(['a b@example.com']).error?.issues[0]?.message).toBe(BOT_SETTINGS_MESSAGES.emailsInvalid);
    expect(helpRequestEmails.safeParse(['example.com']).success).toBe(false);
  });
});

describe('thresholdForm', () => {
  it.each(['0', '3', '1000'])('accepts %s', (value) => {
    expect(thresholdForm.safeParse({ supportMessageThreshold: value }).success).toBe(true);
  });
  it.each(['-1', '1001', '2.5', '', 'abc'])('refuses %j', (value) => {
    expect(thresholdForm.safeParse({ supportMessageThreshold: value }).error?.issues[0]?.message).toBe(BOT_SETTINGS_MESSAGES.thresholdInvalid);
  });
});

it('previews a fun fact as the chatbot shows it', () => {
  expect(funFactPreview('honey never spoils')).toBe('Did you know that honey never spoils?');
});
