/** Everything counted before a moment. */
export interface StatisticsCounts {
  sessions: number;
  questions: number;
  upRatings: number;
  downRatings: number;
}

export const NO_COUNTS: StatisticsCounts = { sessions: 0, questions: 0, upRatings: 0, downRatings: 0 };

/** What to ask the database for: the moments, those not kept first, and the kept totals of the rest. */
export interface SettledAsk {
  moments: number[];
  unknown: number;
  /** The revision the kept totals are of; undefined when nothing is kept. */
  revision: number | undefined;
  known: Map<number, StatisticsCounts>;
}

/** Enough for every period at dozens of offsets over weeks of days, in about 0.5 MB. */
const MOST_KEPT = 4096;

/**
 * The totals before moments at or before the newest quarter hour with statistics, as of one statistics
 * revision (migration 1800): no write changes them without bumping the revision, so they hold until a read
 * answers a newer one. Per database, in this process; every read checks the revision in its own snapshot.
 */
export class SettledTotals {
  private revision: number | undefined;
  private readonly totals = new Map<number, StatisticsCounts>();

  constructor(private readonly most = MOST_KEPT) {}

  ask(moments: readonly number[]): SettledAsk {
    const known = new Map<number, StatisticsCounts>();
    const unknown: number[] = [];
    for (const moment of moments) {
      const counts = this.totals.get(moment);
      if (counts) known.set(moment, counts);
      else unknown.push(moment);
    }
    return { moments: [...unknown, ...known.keys()], unknown: unknown.length, revision: this.revision, known };
  }

  /**
   * Keeps what a read at `revision` found, for the moments at or before `newestQuarter`. A read older than
   * what is kept is not kept; a newer one replaces all of it.
   */
  learn(revision: number, newestQuarter: number | undefined, found: ReadonlyMap<number, StatisticsCounts>): void {
    if (this.revision !== undefined && revision < this.revision) return;
    if (revision !== this.revision) {
      this.totals.clear();
      this.revision = revision;
    }
    if (newestQuarter === undefined) return;
    for (const [moment, counts] of found) {
      if (moment > newestQuarter) continue;
      if (this.totals.size >= this.most) this.totals.clear();
      this.totals.set(moment, counts);
    }
  }
}
