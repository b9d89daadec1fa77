import { describe, expect, it } from 'vitest';
import { scaled } from '../test/slowdown.ts';
import { isPhoneNumber, maskCardNumbers, maskEmail, maskIpAddress, maskPersonalData, maskPhoneNumber, passesLuhn } from './personal-data.ts';

describe('card-like numbers', () => {
  it.each(['4242424242424242', '4111 1111 1111 1111', '5555-5555-5555-4444', '378282246310005', '3782 822463 10005', '6011 0009 9013 9424', '4000056655665556'])(
    '%s passes the Luhn check and is masked to its last four',
    (card) => {
      expect(passesLuhn(card.replace(/\D/g, ''))).toBe(true);
      const last4 = card.replace(/\D/g, '').slice(-4);
      expect(maskCardNumbers(`My card is ${card}, please refund.`)).toBe(`My card is •••• •••• •••• ${last4}, please refund.`);
    },
  );

  it.each([
    ['a number failing Luhn', 'Order 4242 4242 4242 4241 arrived'],
    ['twelve digits', 'Ticket 424242424242'],
    ['twenty digits', 'Reference 42424242424242424242'],
    ['a date', 'On 2024-01-15 at 10:30'],
    ['a price', 'It cost $1,299.00'],
    // 1795736637355-5 passes the Luhn check: an id's digits are not a card.
    ['digits inside an id', 'Where is order reply-1795736637355-5-abc?'],
    ['a timestamp and a counter', 'Batch 1795736637355-5 failed'],
    // 1795764511253 alone passes the Luhn check: joined to its counter by a dash, it is one number.
    ['a timestamp passing Luhn and a counter', 'Order 1795764511253-1 is late'],
    ['a counter and a timestamp passing Luhn', 'Order 1 - 2-1795764511253 is late'],
    ['digits inside a word', 'Code AB4242424242424242 is wrong'],
  ])('leaves %s as it is', (_name, text) => {
    expect(maskCardNumbers(text)).toBe(text);
  });

  it('finds a card beside another number in a run split by spaces', () => {
    expect(maskCardNumbers('Card 4111-1111-1111-1111 2025 expired')).toBe('Card •••• •••• •••• 1111 2025 expired');
    expect(maskCardNumbers('Call 0800 4111 1111 1111 1111')).toBe('Call 0800 •••• •••• •••• 1111');
  });
});

describe('emails', () => {
  it.each([
    ['jane.doe@example.com', 'j•••@example.com'],
    ['J.O+tag@mail.example.co.uk', 'J•••@mail.example.co.uk'],
    ['x@example.org', 'x•••@example.org'],
  ])('%s → %s', (email, masked) => {
    expect(maskPersonalData(`Write to ${email}.`)).toBe(`Write to ${masked}.`);
    expect(maskEmail(email)).toBe(masked);
  });

  it('masks an email inside the account JSON of a history row', () => {
    expect(maskPersonalData('{"primary_id":"42","email":"vera@example.com"}')).toBe('{"primary_id":"42","email":"v•••@example.com"}');
  });

  it.each(['user@localhost', 'an @ sign alone', '@handle on social media', 'price@ 5'])('leaves %s', (text) => {
    expect(maskPersonalData(text)).toBe(text);
  });
});

describe('IP addresses', () => {
  it.each([
    ['203.0.113.7', '203.0.113.•'],
    ['2001:db8::8a2e:370:7334', '2001:db8:••••'],
    ['fe80:0:0:0:202:b3ff:fe1e:8329', 'fe80:0:••••'],
    ['not-an-address', '•••'],
    ['', ''],
  ])('the column %s → %s', (address, masked) => {
    expect(maskIpAddress(address)).toBe(masked);
  });

  it('masks addresses inside text, and the end of a sentence stays', () => {
    expect(maskPersonalData('My IP is 198.51.100.23. And 2001:db8:85a3::8a2e:370:7334 too')).toBe('My IP is 198.51.100.•. And 2001:db8:•••• too');
  });

  it.each(['Version 2.4.1 is out', 'Version 1.2.3.400 is out', 'At 10:30:45 sharp', 'Ratio 3:2', 'The :: operator'])('leaves %s', (text) => {
    expect(maskPersonalData(text)).toBe(text);
  });
});

describe('phone numbers', () => {
  it.each([
    ['+44 20 7946 0958', '+44 •• •••• 0958'],
    ['+1 (415) 555-0132', '+1 (•••) •••-0132'],
    ['+1 415 555 0132', '+1 ••• ••• 0132'],
    ['+33 6 12 34 56 78', '+33 • •• •• 56 78'],
    ['+49 (0)30 123456', '+49 (•)•• ••3456'],
    ['+81-3-1234-5678', '+81-•-••••-5678'],
    ['+61 2 9876 5432', '+61 • •••• 5432'],
    ['+919876543210', '+••••••••3210'],
    ['0049 30 123456', '0049 •• ••3456'],
    ['0033612345678', '•••••••••5678'],
    ['06 12 34 56 78', '•• •• •• 56 78'],
    ['020-7946-0958', '•••-••••-0958'],
    ['020 7946 0958', '••• •••• 0958'],
    ['030 123456', '••• ••3456'],
    ['0612345678', '••••••5678'],
    ['(415) 555-0132', '(•••) •••-0132'],
    ['415-555-0132', '•••-•••-0132'],
    ['415.555.0132', '•••.•••.0132'],
  ])('%s → %s', (phone, masked) => {
    expect(isPhoneNumber(phone)).toBe(true);
    expect(maskPhoneNumber(phone)).toBe(masked);
    expect(maskPersonalData(`Call me on ${phone}, thanks.`)).toBe(`Call me on ${masked}, thanks.`);
    expect(maskPersonalData(`${phone}.`)).toBe(`${masked}.`);
  });

  it.each([
    ['a date with dashes', 'Delivered on 2024-01-15.'],
    ['a date with dots', 'Delivered on 05.01.2024.'],
    ['a date with slashes', 'Delivered on 01/15/2024.'],
    ['an order number', 'My order 12345 is late.'],
    ['a long order number', 'Order number 1234567890 is late.'],
    ['an order number with leading zeros', 'Order #0012345678 is late.'],
    ['a version', 'Running version 2.4.1 now.'],
    ['a price', 'It costs $1,299.00 or €49.99.'],
    ['a year', 'Since 2019, every year.'],
    ['a short number', 'Call 112 or press 0 for help.'],
    ['a time', 'Open from 09:00 to 17:30.'],
    ['a sum', 'What is 2+2?'],
    ['a range of pages', 'See pages 10-20.'],
    ['a product code', 'Model XK-4155550132 in stock.'],
    ['a decimal', 'The ratio is 0.123456789.'],
  ])('leaves %s', (_name, text) => {
    expect(maskPersonalData(text)).toBe(text);
  });
});

describe('maskPersonalData', () => {
  it('masks all kinds in one text, each once', () => {
    const text = 'I am jane@example.com, +44 20 7946 0958, from 203.0.113.7, card 4242 4242 4242 4242.';
    expect(maskPersonalData(text)).toBe('I am j•••@example.com, +44 •• •••• 0958, from 203.0.113.•, card •••• •••• •••• 4242.');
  });

  it('is idempotent: masked text stays as it is', () => {
    const once = maskPersonalData('jane@example.com 06 12 34 56 78 203.0.113.7 4111 1111 1111 1111 2001:db8::1:2');
    expect(maskPersonalData(once)).toBe(once);
  });

  it('finds numbers written side by side, each on its own', () => {
    expect(maskPersonalData('06 12 34 56 78 2019 4111 1111 1111 1111 2024')).toBe('•• •• •• 56 78 2019 •••• •••• •••• 1111 2024');
  });

  it('reads a long text of numbers, letters and punctuation in linear time', () => {
    const texts = ['1 '.repeat(20_000), '0'.repeat(40_000), `${'a.'.repeat(20_000)}@`, '1:'.repeat(20_000), '+1 ('.repeat(10_000), '4-'.repeat(20_000)];
    const started = performance.now();
    for (const text of texts) maskPersonalData(text);
    // Well under a second alone; the bound leaves room for a busy machine and still fails a quadratic pattern (minutes).
    expect(performance.now() - started).toBeLessThan(scaled(10_000));
  });

  it('leaves text without personal data as it is', () => {
    const text = 'How do I reset my password? I tried 3 times since 2024-03-01 with version 5.2.';
    expect(maskPersonalData(text)).toBe(text);
  });
});
