/**
 * The manuals of the appliance maker in product-content.ts, for the knowledge-store benchmark:
 * sections of a manual and the sentences they are written from. `{product}`, `{part}` and the
 * other slots are filled by generate-knowledge.ts.
 */

/** What a product's manuals talk about, by the product's slug in PRODUCTS. */
export interface ApplianceVocabulary {
  parts: readonly string[];
  consumable: string;
  /** What the appliance does, as in "during {action}". */
  action: string;
}

export const APPLIANCES: Readonly<Record<string, ApplianceVocabulary>> = {
  'aurora-kettle': { parts: ['lid', 'limescale filter', 'power base', 'water gauge', 'spout', 'temperature dial'], consumable: 'limescale filter', action: 'boiling' },
  'breeze-air-purifier': { parts: ['HEPA filter', 'pre-filter', 'air quality sensor', 'fan', 'front cover', 'control panel'], consumable: 'HEPA filter', action: 'purifying' },
  'nimbus-robot-vacuum': { parts: ['main brush', 'side brush', 'dust bin', 'cliff sensor', 'charging dock', 'drive wheel'], consumable: 'side brush', action: 'cleaning' },
  'solstice-coffee-maker': { parts: ['brew group', 'water tank', 'drip tray', 'milk frother', 'bean hopper', 'grinder'], consumable: 'water filter cartridge', action: 'brewing' },
  'tide-dishwasher': { parts: ['spray arm', 'filter assembly', 'rinse aid dispenser', 'door seal', 'cutlery basket', 'drain pump'], consumable: 'rinse aid', action: 'washing' },
  'ember-toaster-oven': { parts: ['crumb tray', 'wire rack', 'baking pan', 'heating element', 'door hinge', 'convection fan'], consumable: 'crumb tray liner', action: 'baking' },
  'glacier-water-filter': { parts: ['filter cartridge', 'housing', 'flow meter', 'faucet adapter', 'indicator light', 'bypass valve'], consumable: 'filter cartridge', action: 'filtering' },
};

/** Model lines: "Aurora Kettle Pro 300". */
export const MODEL_LINES = ['', 'S', 'Pro', 'Max', 'Mini', 'Plus', 'Classic', 'Smart', 'Eco', 'XL'] as const;
export const MODEL_GENERATIONS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const;

export const COLOURS = ['red', 'amber', 'green', 'blue', 'white'] as const;
export const REGIONS = ['the United States', 'Canada', 'the United Kingdom', 'the European Union', 'Australia', 'Japan', 'India', 'Brazil'] as const;

/** The slots a sentence can use; every one is filled for every sentence. */
export interface SentenceSlots {
  product: string;
  part: string;
  otherPart: string;
  consumable: string;
  action: string;
  number: number;
  minutes: number;
  months: number;
  code: string;
  colour: string;
  region: string;
}

export type Sentence = (slots: SentenceSlots) => string;

export interface ManualSection {
  /** The file name part and the title of the document: "care-and-cleaning", "Care and cleaning". */
  slug: string;
  title: string;
  headings: readonly string[];
  sentences: readonly Sentence[];
}

export const MANUAL_SECTIONS: readonly ManualSection[] = [
  {
    slug: 'care-and-cleaning',
    title: 'Care and cleaning',
    headings: ['Descaling', 'Daily cleaning', 'Cleaning the {part}', 'Storing the appliance', 'Hard water areas'],
    sentences: [
      (s) => `Descale the ${s.product} every ${s.number} weeks in hard-water areas, or when the ${s.colour} light reminds you.`,
      (s) => `Fill the appliance halfway with water and add ${s.number} tablespoons of citric acid, then run one full cycle.`,
      (s) => `Let the descaling solution stand for ${s.minutes} minutes before you rinse twice with clean water.`,
      (s) => `Do not use vinegar to descale the ${s.product}: it damages the seals around the ${s.part}.`,
      () => `Wipe the outside with a soft, damp cloth; never use scouring pads, bleach or solvent cleaners.`,
      (s) => `The ${s.part} can be removed by pulling it gently upwards; rinse it under warm running water.`,
      (s) => `The ${s.otherPart} is dishwasher safe on the top rack, but the ${s.part} is not.`,
      () => `Dry every part completely before you put it back, otherwise limescale and mould can build up.`,
      (s) => `If you do not use the ${s.product} for more than ${s.number} weeks, empty it, clean it and store it in a dry place.`,
      (s) => `Replace the ${s.consumable} every ${s.months} months, or sooner if the water in your area is very hard.`,
      (s) => `White spots after ${s.action} are limescale, not a fault; they disappear after descaling.`,
      (s) => `Unplug the appliance and let it cool for at least ${s.minutes} minutes before cleaning.`,
    ],
  },
  {
    slug: 'troubleshooting',
    title: 'Troubleshooting',
    headings: ['Error codes', 'The appliance does not start', 'Lights and sounds', 'Unusual noises', 'Resetting'],
    sentences: [
      (s) => `Error ${s.code} means the ${s.part} is not seated correctly; switch off, refit it and try again.`,
      (s) => `A blinking ${s.colour} light means the ${s.product} has stopped to protect itself, usually because it overheated.`,
      (s) => `If the appliance does not start, check that the plug is in, the socket works and the ${s.part} is closed.`,
      (s) => `Unplug the ${s.product} for ${s.minutes} minutes to reset it; most errors clear after a restart.`,
      (s) => `A clicking noise during ${s.action} is normal: it is the thermostat switching the heater on and off.`,
      (s) => `A grinding or rattling noise usually means something is stuck in the ${s.part}; remove it before the next use.`,
      (s) => `To reset the ${s.product} to factory settings, press and hold both buttons for ${s.number} seconds until it beeps twice.`,
      () => `After a factory reset your schedules and Wi-Fi settings are erased, but the usage history is kept.`,
      (s) => `If error ${s.code} comes back after a reset, note the serial number and contact support.`,
      (s) => `Slow ${s.action} is most often caused by a blocked ${s.otherPart}; clean it as described in Care and cleaning.`,
      (s) => `The ${s.colour} light stays on while the ${s.consumable} needs replacing; it goes out once a new one is fitted.`,
      () => `Never try to open the housing yourself: there are no user-serviceable parts inside.`,
    ],
  },
  {
    slug: 'warranty',
    title: 'Warranty terms',
    headings: ['What the warranty covers', 'What is not covered', 'How to make a claim', 'Extended warranty'],
    sentences: [
      (s) => `The ${s.product} has a limited warranty of ${s.months} months from the date of purchase in ${s.region}.`,
      () => `The warranty covers defects in materials and workmanship under normal household use.`,
      (s) => `Wear parts such as the ${s.consumable} and the ${s.part} are not covered by the warranty.`,
      () => `Damage caused by limescale, by using the appliance without water, or by commercial use is not covered.`,
      () => `Keep your receipt or order confirmation: we need proof of the purchase date for every claim.`,
      () => `To make a claim, contact support with the serial number, the order number and a short description of the fault.`,
      (s) => `We repair or replace a faulty ${s.product} within ${s.number} business days of receiving it.`,
      (s) => `A replacement appliance is covered for the rest of the original warranty period, or at least ${s.number} months.`,
      (s) => `Registering the ${s.product} in the Home app extends the warranty by ${s.months} months at no cost.`,
      (s) => `The warranty does not affect your statutory rights as a consumer in ${s.region}.`,
    ],
  },
  {
    slug: 'parts-and-accessories',
    title: 'Parts and accessories',
    headings: ['Replacement parts', 'Ordering', 'Compatible accessories', 'Part numbers'],
    sentences: [
      (s) => `Replacement ${s.consumable}s for the ${s.product} are sold in our online shop and by authorised retailers.`,
      (s) => `The part number of the ${s.part} is ${s.code}-${s.number}; it is also printed on the old part.`,
      (s) => `Only use original parts: third-party ${s.consumable}s may not fit and can void the warranty.`,
      (s) => `The ${s.otherPart} of the previous generation also fits the ${s.product}.`,
      (s) => `Orders placed before 2 pm ship the same day to addresses in ${s.region}.`,
      (s) => `A spare ${s.part} costs less than a repair: replace it yourself in ${s.minutes} minutes with the steps below.`,
      (s) => `Subscribe to automatic ${s.consumable} deliveries every ${s.months} months and save ${s.number} percent.`,
      (s) => `The accessory kit contains a second ${s.part}, a cleaning brush and a measuring spoon.`,
      (s) => `Parts for models older than ${s.number} years may no longer be available; ask support for alternatives.`,
      (s) => `Recycle the used ${s.consumable} with household plastics unless your local rules say otherwise.`,
    ],
  },
  {
    slug: 'app-setup',
    title: 'App and Wi-Fi setup',
    headings: ['Connecting to Wi-Fi', 'Pairing with the Home app', 'Schedules', 'Firmware updates'],
    sentences: [
      (s) => `To connect the ${s.product}, install the Home app and sign in with your account.`,
      (s) => `Hold the power button for ${s.number} seconds until the light pulses blue, then tap Add device in the app.`,
      (s) => `The ${s.product} connects to 2.4 GHz networks only; 5 GHz networks are not supported.`,
      () => `If pairing fails, move the appliance closer to the router and make sure the password has no special characters.`,
      (s) => `Schedules let the ${s.product} start ${s.action} at set times; up to ${s.number} schedules can be saved.`,
      (s) => `Firmware updates install automatically at night and take about ${s.minutes} minutes; do not unplug the appliance meanwhile.`,
      (s) => `The app shows when the ${s.consumable} needs replacing and how many hours the ${s.part} has run.`,
      (s) => `Error ${s.code} in the app means the appliance lost its connection; restart the router and the appliance.`,
      (s) => `Voice assistants can start and stop the ${s.product} once it is linked in the Home app.`,
      () => `Several family members can control the appliance: invite them from the Sharing page in the app.`,
    ],
  },
  {
    slug: 'specifications',
    title: 'Technical specifications',
    headings: ['Electrical data', 'Dimensions and weight', 'Noise and consumption', 'Regional versions'],
    sentences: [
      (s) => `The ${s.product} draws up to ${s.number}00 W while ${s.action} and under 0.5 W on standby.`,
      (s) => `Rated voltage is 220–240 V in ${s.region}; the version for North America runs on 120 V.`,
      (s) => `The appliance weighs ${s.number}.${s.minutes % 10} kg and measures ${s.number * 4} by ${s.number * 3} cm.`,
      (s) => `Noise level is ${40 + s.number} dB at the normal setting and ${50 + s.number} dB at the highest.`,
      (s) => `The cable is ${s.number * 20} cm long and can be stored in the base.`,
      (s) => `See the rating plate under the ${s.part} for the exact figures of your regional version.`,
      (s) => `The ${s.part} is made of BPA-free plastic and stainless steel.`,
      (s) => `Energy use in a typical household is about ${s.number * 12} kWh per year.`,
      (s) => `The ${s.product} meets the safety and radio standards of ${s.region}.`,
      (s) => `Model code ${s.code} identifies the ${s.colour} edition; all editions share the same parts.`,
    ],
  },
  {
    slug: 'safety-instructions',
    title: 'Safety instructions',
    headings: ['Important safeguards', 'Electrical safety', 'Children and pets', 'Disposal'],
    sentences: [
      (s) => `Read all instructions before using the ${s.product} and keep them for later reference.`,
      () => `Never immerse the base, the cable or the plug in water or any other liquid.`,
      (s) => `Do not touch hot surfaces during ${s.action}; use the handles and knobs.`,
      (s) => `Keep the appliance and its cable out of reach of children under ${s.number} years.`,
      (s) => `Do not operate the ${s.product} with a damaged cable or plug, or after it has been dropped.`,
      (s) => `Place the appliance on a flat, stable, heat-resistant surface at least ${s.number * 5} cm from walls.`,
      (s) => `Unplug the ${s.product} when it is not in use and before cleaning or changing the ${s.part}.`,
      () => `Do not use an extension lead; connect the appliance directly to an earthed socket.`,
      (s) => `At the end of its life, take the appliance to a collection point for electrical waste in ${s.region}.`,
      (s) => `Warning: the ${s.part} stays hot for ${s.minutes} minutes after use.`,
    ],
  },
  {
    slug: 'user-manual',
    title: 'User manual',
    headings: ['Before first use', 'Using the {product}', 'Settings', 'Tips for best results', 'Getting started'],
    sentences: [
      (s) => `Before first use, remove all packaging and run the ${s.product} once with clean water only.`,
      (s) => `Fit the ${s.part} until it clicks, then close the ${s.otherPart}.`,
      (s) => `Press the start button; the ${s.colour} light shows that ${s.action} has begun.`,
      (s) => `The ${s.product} switches off automatically after ${s.minutes} minutes without use.`,
      (s) => `Choose one of ${s.number} programmes with the dial; the display shows the time left.`,
      (s) => `For best results, use fresh water and replace the ${s.consumable} regularly.`,
      () => `A first run may smell slightly of new plastic; this is normal and stops after a few uses.`,
      (s) => `The child lock is turned on by holding the ${s.part} button for ${s.number} seconds.`,
      (s) => `Eco mode lowers power use by about ${s.number * 5} percent and makes ${s.action} a little slower.`,
      (s) => `The keep-warm function holds the set temperature for up to ${s.minutes} minutes.`,
      (s) => `Press the ${s.part} button twice to repeat the last programme.`,
      (s) => `The ${s.product} remembers your settings after a power cut of less than ${s.minutes} minutes.`,
    ],
  },
];

/** Sentences any section may use between its own. */
export const GENERAL_SENTENCES: readonly Sentence[] = [
  (s) => `See the illustration on this page for the position of the ${s.part}.`,
  (s) => `The serial number is on the sticker under the base of the ${s.product}.`,
  () => 'If these steps do not solve the problem, use Contact support and we will get back to you within one business day.',
  (s) => `Figure ${s.number}: the ${s.otherPart} seen from above.`,
  () => 'Note: illustrations may differ slightly from your model.',
  (s) => `More videos about the ${s.product} are on our support site.`,
];
