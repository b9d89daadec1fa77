import { approximateTokenCount } from '@steward/server/knowledge-internals';
import {
  APPLIANCES,
  COLOURS,
  GENERAL_SENTENCES,
  MANUAL_SECTIONS,
  MODEL_GENERATIONS,
  MODEL_LINES,
  REGIONS,
  type Sentence,
  type SentenceSlots,
} from './manual-content.ts';
import { PRODUCTS, SUPPORT_SITE } from './product-content.ts';
import { SeededRandom } from './seeded-random.ts';

export interface GeneratedChunk {
  /** From 0 within its document. */
  index: number;
  page: number;
  text: string;
  /**
   * One unit vector per window of `windowTokens` (approximate) tokens, near the chunk's own, which lies
   * near its document's (chunks of one manual lie close together).
   */
  windowEmbeddings: Float32Array[];
}

export interface GeneratedKnowledgeDocument {
  title: string;
  filename: string;
  sourceUrl: string;
  chunks: GeneratedChunk[];
}

export interface KnowledgeOptions {
  /** Chunks in all, over as many documents as it takes. */
  chunks: number;
  /** The length of every embedding. */
  dimensions: number;
  /** The most tokens of a text the embedding model reads (Embedder.windowTokens): a longer chunk gets a vector per window. Undefined: one vector a chunk. */
  windowTokens: number | undefined;
  seed?: number;
  /** The fewest and most chunks of one document. Default 20–300 (a leaflet to a full manual). */
  chunksPerDocument?: readonly [number, number];
  /** The fewest and most (approximate) tokens of a chunk; the chunker makes at most 400. Default 200–400 (about 1,050 characters on average, as the chunks of freeculture.pdf). */
  tokensPerChunk?: readonly [number, number];
}

export const DEFAULT_KNOWLEDGE_SEED = 20_261_123;

/**
 * The knowledge store of the appliance maker in product-content.ts: manuals (user manual, care and
 * cleaning, troubleshooting, warranty, …) of every model of its products, cut in chunks of the size
 * the chunker makes, each with its page. Text comes from sentence templates filled with the model's
 * parts, numbers and error codes, so the full-text side meets a realistic vocabulary: a product's
 * name appears in its own manuals, "descale" in care sections. Embeddings are not a model's: seeded
 * random unit vectors, clustered by product, section and document, because the benchmark measures
 * the database's path (the HNSW index), not the quality of the answers. Deterministic for a seed;
 * streamed one document at a time.
 */
export function* generateKnowledge(options: KnowledgeOptions): Generator<GeneratedKnowledgeDocument> {
  const seed = options.seed ?? DEFAULT_KNOWLEDGE_SEED;
  const random = new SeededRandom(seed);
  // A stream of its own, so the texts do not depend on the dimensions.
  const vectors = new GaussianVectors(new SeededRandom(seed ^ 0x5eed), options.dimensions);
  const [fewestChunks, mostChunks] = options.chunksPerDocument ?? [20, 300];
  const [fewestTokens, mostTokens] = options.tokensPerChunk ?? [200, 400];
  const productCentres = new Map(PRODUCTS.map((product) => [product.slug, vectors.unit()]));
  const sectionCentres = new Map(MANUAL_SECTIONS.map((section) => [section.slug, vectors.unit()]));
  let remaining = options.chunks;

  while (remaining > 0) {
    const product = random.pick(PRODUCTS);
    const appliance = APPLIANCES[product.slug];
    if (!appliance) throw new Error(`No manual vocabulary for ${product.slug}.`);
    const line = random.pick(MODEL_LINES);
    const model = `${product.name}${line ? ` ${line}` : ''} ${random.pick(MODEL_GENERATIONS)}`;
    const section = random.pick(MANUAL_SECTIONS);
    const count = Math.min(remaining, random.int(fewestChunks, mostChunks));
    remaining -= count;

    const centre = vectors.near(vectors.sum(productCentres.get(product.slug), sectionCentres.get(section.slug)), 0.6);
    const slotsFor = (): SentenceSlots => {
      const [part, otherPart] = random.sample(appliance.parts, 2);
      return {
        product: model,
        part: part ?? appliance.parts[0] ?? 'lid',
        otherPart: otherPart ?? part ?? 'lid',
        consumable: appliance.consumable,
        action: appliance.action,
        number: random.int(2, 9),
        minutes: random.int(5, 60),
        months: random.pick([6, 12, 24, 36]),
        code: `${String.fromCharCode(65 + random.int(0, 5))}${random.int(1, 40)}`,
        colour: random.pick(COLOURS),
        region: random.pick(REGIONS),
      };
    };

    const chunks: GeneratedChunk[] = [];
    let page = random.int(1, 4);
    for (let index = 0; index < count; index += 1) {
      if (index > 0 && random.chance(0.6)) page += random.int(1, 2);
      const text = chunkText(random, section.sentences, section.headings, slotsFor, random.int(fewestTokens, mostTokens));
      const own = vectors.near(centre, 0.9);
      const windows = options.windowTokens === undefined ? 1 : Math.max(1, Math.ceil(approximateTokenCount(text) / options.windowTokens));
      chunks.push({ index, page, text, windowEmbeddings: windows === 1 ? [own] : Array.from({ length: windows }, () => vectors.near(own, 0.5)) });
    }
    const slug = `${model.toLowerCase().replaceAll(' ', '-')}-${section.slug}`;
    yield {
      title: `${model} – ${section.title}`,
      filename: `${slug}.pdf`,
      sourceUrl: `${SUPPORT_SITE}/manuals/${slug}.pdf`,
      chunks,
    };
  }
}

/** Paragraphs of the section's sentences (now and then a general one, or a heading first) up to about `targetTokens`. */
function chunkText(
  random: SeededRandom,
  sentences: readonly Sentence[],
  headings: readonly string[],
  slotsFor: () => SentenceSlots,
  targetTokens: number,
): string {
  const paragraphs: string[][] = [];
  let tokens = 0;
  if (random.chance(0.3)) {
    const slots = slotsFor();
    const heading = `${random.int(1, 12)}.${random.int(1, 9)} ${random.pick(headings).replace('{part}', slots.part).replace('{product}', slots.product)}`;
    paragraphs.push([heading]);
    tokens += approximateTokenCount(heading);
    paragraphs.push([]);
  } else {
    paragraphs.push([]);
  }
  for (let count = 0; ; count += 1) {
    const sentence = (random.chance(0.12) ? random.pick(GENERAL_SENTENCES) : random.pick(sentences))(slotsFor());
    const sentenceTokens = approximateTokenCount(sentence);
    const current = paragraphs.at(-1);
    // The first sentence always; then as many as fit.
    if (!current || (count > 0 && tokens + sentenceTokens > targetTokens)) break;
    current.push(sentence);
    tokens += sentenceTokens;
    if (current.length >= 3 && random.chance(0.35)) paragraphs.push([]);
  }
  return paragraphs
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => paragraph.join(' '))
    .join('\n\n');
}

/** Seeded Gaussian vectors (Box–Muller) and the few operations the clusters need. */
class GaussianVectors {
  private spare: number | undefined;

  constructor(
    private readonly random: SeededRandom,
    private readonly dimensions: number,
  ) {}

  /** A random direction. */
  unit(): Float32Array {
    return normalise(Float32Array.from({ length: this.dimensions }, () => this.gaussian()));
  }

  /** A unit vector `spread` away from `centre` (0: the centre itself; 1: noise as large as the centre). */
  near(centre: Float32Array, spread: number): Float32Array {
    const scale = spread / Math.sqrt(this.dimensions);
    return normalise(centre.map((value) => value + this.gaussian() * scale));
  }

  sum(...parts: (Float32Array | undefined)[]): Float32Array {
    const total = new Float32Array(this.dimensions);
    for (const part of parts) if (part) for (let i = 0; i < this.dimensions; i += 1) total[i] = (total[i] ?? 0) + (part[i] ?? 0);
    return normalise(total);
  }

  private gaussian(): number {
    if (this.spare !== undefined) {
      const value = this.spare;
      this.spare = undefined;
      return value;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - this.random.next()));
    const angle = 2 * Math.PI * this.random.next();
    this.spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }
}

function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum) || 1;
  return vector.map((value) => value / length);
}
