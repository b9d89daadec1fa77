import {
  COUNTRIES,
  DOWN_COMMENTS,
  DOWN_REASONS,
  FIRST_NAMES,
  FOLLOW_UP_ANSWER,
  FOLLOW_UPS,
  HELP_MESSAGES,
  LAST_NAMES,
  PRODUCTS,
  SITE,
  SUPPORT_SITE,
  TOPICS,
  UP_REASONS,
} from './product-content.ts';
import type { ConversationContent } from './conversation-content.ts';
import { SeededRandom } from './seeded-random.ts';

export interface SourceDocument {
  metadata: { filename: string; source_url: string };
}

export interface GeneratedFeedback {
  rating: 'up' | 'down';
  reason: string[];
  userFeedback: string;
  time: Date;
}

export interface GeneratedExchange {
  userMessage: string;
  apiResponse: string;
  sourceDocs: SourceDocument[];
  origin: string;
  time: Date;
  feedback: GeneratedFeedback | undefined;
}

export interface GeneratedHelpRequest {
  name: string;
  email: string;
  message: string;
  originUrl: string;
  time: Date;
  resolved: boolean;
}

export interface GeneratedSession {
  sessionId: string;
  account: { primary_id: string; secondary_id: string; email: string } | null;
  userIp: string;
  country: string;
  exchanges: GeneratedExchange[];
  helpRequest: GeneratedHelpRequest | undefined;
}

export interface DatasetOptions {
  /** History rows (exchanges) in all; sessions hold 1–9 exchanges, 5 on average. */
  historyRows: number;
  seed?: number;
  /** The last moment of data; sessions spread over the 13 months before it. */
  now?: Date;
  months?: number;
  /** What the conversations are about; default: the bench's appliance maker (product-content.ts). */
  content?: ConversationContent;
}

export const DEFAULT_SEED = 20_261_121;

/**
 * Chat sessions in time order, each with its exchanges, feedback (about 1 in 8 answers, mostly up)
 * and sometimes a help request (about 1 in 60 sessions). Deterministic for a seed and `now`;
 * streamed, so 1M history rows never sit in memory at once.
 */
export function* generateSessions(options: DatasetOptions): Generator<GeneratedSession> {
  const random = new SeededRandom(options.seed ?? DEFAULT_SEED);
  const end = (options.now ?? new Date()).getTime();
  const start = new Date(end);
  start.setUTCMonth(start.getUTCMonth() - (options.months ?? 13));
  const span = end - start.getTime() - 2 * 60 * 60 * 1000;
  let remaining = options.historyRows;

  // Sessions are placed by the share of history rows written so far, so they fill the months evenly up to `end`.
  for (let index = 0; remaining > 0; index += 1) {
    // Evenly through the months, jittered; more chats in the day than at night (UTC-ish office hours).
    const done = options.historyRows - remaining;
    let time = start.getTime() + ((done + 5 * random.next()) / options.historyRows) * span;
    const hour = new Date(time).getUTCHours();
    if ((hour < 6 || hour > 22) && random.chance(0.5)) time += 8 * 60 * 60 * 1000 * random.next();
    // Up to 9 exchanges of at most 5 minutes each, and feedback or a help request after them: all before `end`.
    time = Math.min(time, end - 2 * 60 * 60 * 1000);

    if (options.content) {
      const session = contentSession(options.content, random, { index, time, remaining, seed: options.seed ?? DEFAULT_SEED });
      remaining -= session.exchanges.length;
      yield session;
      continue;
    }
    const exchangeCount = Math.min(remaining, random.int(1, 9));
    remaining -= exchangeCount;
    const product = random.pick(PRODUCTS);
    const topic = random.pick(TOPICS);
    const origin = `${SITE}/products/${product.slug}`;
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const email = `${firstName}.${lastName}${random.int(1, 999)}@mail.example`.toLowerCase().replace('ü', 'ue');
    const sessionId = `s-${(options.seed ?? DEFAULT_SEED).toString(36)}-${index.toString(36)}`;

    const exchanges: GeneratedExchange[] = [];
    for (let exchange = 0; exchange < exchangeCount; exchange += 1) {
      const first = exchange === 0;
      const manual = `${product.slug}-${topic.document}.pdf`;
      const feedbackRoll = random.next();
      const exchangeTime = new Date(time);
      exchanges.push({
        userMessage: first ? topic.question(product.name) : random.pick(FOLLOW_UPS),
        apiResponse: first ? topic.answer(product.name) : FOLLOW_UP_ANSWER,
        sourceDocs: first
          ? [
              { metadata: { filename: manual, source_url: `${SUPPORT_SITE}/manuals/${manual}` } },
              ...(random.chance(0.4)
                ? [{ metadata: { filename: 'warranty-terms.pdf', source_url: `${SUPPORT_SITE}/legal/warranty-terms.pdf` } }]
                : []),
            ]
          : [],
        origin,
        time: exchangeTime,
        feedback:
          feedbackRoll < 0.125
            ? feedbackRoll < 0.09
              ? { rating: 'up', reason: random.sample(UP_REASONS, random.int(0, 2)), userFeedback: '', time: new Date(time + 15_000) }
              : {
                  rating: 'down',
                  reason: random.sample(DOWN_REASONS, random.int(1, 2)),
                  userFeedback: random.pick(DOWN_COMMENTS),
                  time: new Date(time + 20_000),
                }
            : undefined,
      });
      time += random.int(20, 300) * 1000;
    }

    yield {
      sessionId,
      account: random.chance(0.3)
        ? { primary_id: `cus_${random.int(10_000, 99_999)}`, secondary_id: `ord_${random.int(100_000, 999_999)}`, email }
        : null,
      userIp: `${random.int(11, 220)}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`,
      country: random.pick(COUNTRIES),
      exchanges,
      helpRequest: random.chance(1 / 60)
        ? {
            name: `${firstName} ${lastName}`,
            email,
            message: random.pick(HELP_MESSAGES),
            originUrl: origin,
            time: new Date(time + 60_000),
            resolved: random.chance(0.6),
          }
        : undefined,
    };
  }
}

/**
 * A session of 1–4 questions about `content`'s topics. Visitors rate about 1 answer in 8, mostly up; an answer
 * that did not know is rated more often, mostly down, and its session asks staff for help more often.
 */
function contentSession(
  content: ConversationContent,
  random: SeededRandom,
  at: { index: number; time: number; remaining: number; seed: number },
): GeneratedSession {
  let time = at.time;
  const origin = random.pick(content.origins);
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const email = `${firstName}.${lastName}${random.int(1, 999)}@mail.example`.toLowerCase().replace('ü', 'ue');
  const exchanges: GeneratedExchange[] = [];
  let unanswered = false;
  for (let exchange = 0, count = Math.min(at.remaining, random.int(1, 4)); exchange < count; exchange += 1) {
    const topic = random.pick(content.topics);
    unanswered ||= !topic.answered;
    const rated = random.chance(topic.answered ? 0.12 : 0.35);
    const up = topic.answered ? random.chance(0.85) : random.chance(0.1);
    exchanges.push({
      userMessage: topic.question,
      apiResponse: topic.answer.html,
      sourceDocs: topic.answer.sources,
      origin,
      time: new Date(time),
      feedback: rated
        ? up
          ? { rating: 'up', reason: random.sample(content.upReasons, random.int(0, 2)), userFeedback: '', time: new Date(time + 15_000) }
          : { rating: 'down', reason: random.sample(content.downReasons, random.int(1, 2)), userFeedback: random.pick(content.downComments), time: new Date(time + 20_000) }
        : undefined,
    });
    time += random.int(20, 180) * 1000;
  }
  return {
    sessionId: `g-${at.seed.toString(36)}-${at.index.toString(36)}`,
    account: null,
    userIp: `${random.int(11, 220)}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`,
    country: random.pick(COUNTRIES),
    exchanges,
    helpRequest: random.chance(unanswered ? 1 / 20 : 1 / 120)
      ? { name: `${firstName} ${lastName}`, email, message: random.pick(content.helpMessages), originUrl: origin, time: new Date(time + 60_000), resolved: random.chance(0.6) }
      : undefined,
  };
}

/** Staff of both roles, with one password for all (the bench and the demo print it). */
export const DATASET_STAFF = [
  { name: 'Avery Admin', email: 'avery.admin@acme-home.example', role: 'admin' },
  { name: 'Morgan Admin', email: 'morgan.admin@acme-home.example', role: 'admin' },
  { name: 'Riley Viewer', email: 'riley.viewer@acme-home.example', role: 'viewer' },
  { name: 'Jordan Viewer', email: 'jordan.viewer@acme-home.example', role: 'viewer' },
  { name: 'Casey Viewer', email: 'casey.viewer@acme-home.example', role: 'viewer' },
] as const;
