import { useId } from 'react';
import { RELEVANCE_BANDS } from '@steward/contract/documents';

/** A passage's relevance (0 to 1) as a whole percentage from 0 to 100; 0 for anything that is not a number. */
export function relevancePercent(score: number): number {
  return Number.isFinite(score) ? Math.round(Math.min(1, Math.max(0, score)) * 100) : 0;
}

/** The bar's colour by the legend's bands (RELEVANCE_BANDS): usually the answer, may be, hardly ever. */
const band = (percent: number): string =>
  percent >= RELEVANCE_BANDS.usually * 100 ? 'bg-success' : percent >= RELEVANCE_BANDS.hardlyEver * 100 ? 'bg-primary' : 'bg-secondary';

/**
 * "Relevance 72 %" with a small bar. The bar is a meter named "Relevance" whose value is the percentage;
 * the number beside it is hidden from screen readers, which hear it as the meter's value.
 */
export function RelevanceMeter({ score }: { score: number }) {
  const labelId = useId();
  const percent = relevancePercent(score);
  return (
    <span className="d-inline-flex align-items-center gap-2 text-nowrap">
      <span>
        <span id={labelId}>Relevance</span> <span aria-hidden="true">{percent} %</span>
      </span>
      <span
        className="progress relevance-meter"
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %`}
      >
        <span className={`progress-bar ${band(percent)}`} style={{ width: `${percent}%` }} />
      </span>
    </span>
  );
}
