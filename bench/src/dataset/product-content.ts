/** What customers of a small appliance maker ask its support chatbot, and how the bot answers. */

export interface Product {
  name: string;
  slug: string;
}

export const PRODUCTS: readonly Product[] = [
  { name: 'Aurora Kettle', slug: 'aurora-kettle' },
  { name: 'Breeze Air Purifier', slug: 'breeze-air-purifier' },
  { name: 'Nimbus Robot Vacuum', slug: 'nimbus-robot-vacuum' },
  { name: 'Solstice Coffee Maker', slug: 'solstice-coffee-maker' },
  { name: 'Tide Dishwasher', slug: 'tide-dishwasher' },
  { name: 'Ember Toaster Oven', slug: 'ember-toaster-oven' },
  { name: 'Glacier Water Filter', slug: 'glacier-water-filter' },
];

interface Topic {
  question: (product: string) => string;
  answer: (product: string) => string;
  document: string;
}

export const TOPICS: readonly Topic[] = [
  {
    question: (product) => `How do I descale the ${product}?`,
    answer: (product) =>
      `<p>Descale your ${product} every 4–6 weeks in hard-water areas:</p><ol><li>Fill it halfway with water and add 2 tablespoons of citric acid.</li><li>Run one full cycle, then let it stand for 20 minutes.</li><li>Rinse twice with clean water before the next use.</li></ol>`,
    document: 'care-and-cleaning',
  },
  {
    question: (product) => `What does the blinking red light on my ${product} mean?`,
    answer: (product) =>
      `<p>A blinking red light on the ${product} means it has stopped to protect itself, usually because it overheated or a part is not seated.</p><ul><li>Unplug it for 10 minutes.</li><li>Check that the lid and filter are in place.</li></ul><p>If the light keeps blinking, contact support with your serial number.</p>`,
    document: 'troubleshooting',
  },
  {
    question: (product) => `Is the ${product} still under warranty after 18 months?`,
    answer: (product) =>
      `<p>Yes. The ${product} has a <strong>2-year limited warranty</strong> from the date of purchase, covering manufacturing defects. Keep your receipt; wear parts such as filters and seals are not covered.</p>`,
    document: 'warranty',
  },
  {
    question: (product) => `Where can I buy replacement filters for the ${product}?`,
    answer: (product) =>
      `<p>Replacement parts for the ${product} are sold in our online shop and by authorised retailers. Search for the part number printed on the old part, or see the parts list in the manual.</p>`,
    document: 'parts-and-accessories',
  },
  {
    question: (product) => `How do I connect the ${product} to Wi-Fi?`,
    answer: (product) =>
      `<p>To connect the ${product}:</p><ol><li>Install the Home app and sign in.</li><li>Hold the power button for 5 seconds until the light pulses blue.</li><li>Tap <em>Add device</em> and choose your 2.4 GHz network.</li></ol><p>5 GHz networks are not supported.</p>`,
    document: 'app-setup',
  },
  {
    question: (product) => `Can I put the ${product} parts in the dishwasher?`,
    answer: (product) =>
      `<p>The removable tray and lid of the ${product} are dishwasher safe on the top rack. Never put the base or anything with a cable in water.</p>`,
    document: 'care-and-cleaning',
  },
  {
    question: (product) => `How do I reset the ${product} to factory settings?`,
    answer: (product) =>
      `<p>Press and hold both buttons on the ${product} for 10 seconds until it beeps twice. Your schedules and Wi-Fi settings are erased; cleaning history is kept.</p>`,
    document: 'troubleshooting',
  },
  {
    question: (product) => `What is the power consumption of the ${product}?`,
    answer: (product) =>
      `<p>The ${product} draws up to 1,800 W while heating and under 0.5 W on standby. See the rating plate under the base for your region's exact figure.</p>`,
    document: 'specifications',
  },
];

export const FOLLOW_UPS: readonly string[] = [
  'Thanks! And how often should I do that?',
  'It still does not work. What else can I try?',
  'Do you ship to Canada?',
  'Can I talk to a person?',
  'Where do I find the serial number?',
  'Is there a newer model?',
];

export const FOLLOW_UP_ANSWER =
  '<p>Happy to help further. The serial number is on the sticker under the base. If the steps above do not solve it, use <em>Contact support</em> and we will get back to you within one business day.</p>';

export const UP_REASONS = ['Accurate', 'Helpful', 'Easy to follow', 'Fast'] as const;
export const DOWN_REASONS = ['Inaccurate', 'Not helpful', 'Too long', 'Outdated', 'Did not answer my question'] as const;
export const DOWN_COMMENTS = [
  'The manual says citric acid, not vinegar.',
  'I asked about the 2023 model.',
  'The link to the manual is broken.',
  '',
] as const;

export const FIRST_NAMES = ['Alex', 'Maria', 'Wei', 'Priya', 'Jonas', 'Fatima', 'Liam', 'Sofia', 'Kenji', 'Amara', 'Noah', 'Elena'] as const;
export const LAST_NAMES = ['Smith', 'Garcia', 'Chen', 'Patel', 'Müller', 'Okafor', 'Brown', 'Rossi', 'Tanaka', 'Novak'] as const;
export const COUNTRIES = ['US', 'US', 'US', 'GB', 'DE', 'IN', 'CA', 'AU', 'FR', 'NL', 'BR', 'JP'] as const;

export const HELP_MESSAGES = [
  'My kettle stopped heating after two months. Can someone call me?',
  'The app will not find my purifier. I tried everything the bot said.',
  'I need an invoice for my order for my company.',
  'The robot vacuum keeps saying "wheel stuck" but nothing is stuck.',
  'Can I return the coffee maker? It is too loud.',
] as const;

export const SITE = 'https://www.acme-home.example';
export const SUPPORT_SITE = 'https://support.acme-home.example';
