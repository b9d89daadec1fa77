import { TILE_EXPLANATIONS, type StatisticsTile } from '../tile-values.ts';

const ARROWS = {
  up: { symbol: '▲', label: 'Up from the previous period', className: 'text-success-emphasis' },
  down: { symbol: '▼', label: 'Down from the previous period', className: 'text-danger-emphasis' },
} as const;

/** The four tiles: the value and its arrow, the change and what it is compared with, and what the tile counts. */
export function StatisticsTiles({ tiles }: { tiles: StatisticsTile[] }) {
  return (
    <div className="row row-cards g-3 mb-3">
      {tiles.map((tile) => (
        <div className="col-12 col-sm-6 col-xl-3" key={tile.title}>
          <div className="card card-sm h-100">
            <div className="card-body">
              <h2 className="subheader mb-2">{tile.title}</h2>
              <p className="h1 mb-1" data-testid={`tile-${tile.title}`}>
                {tile.value}
                {tile.trend && (
                  <span className={`ms-2 fs-4 ${ARROWS[tile.trend].className}`} role="img" aria-label={ARROWS[tile.trend].label}>
                    {ARROWS[tile.trend].symbol}
                  </span>
                )}
              </p>
              {tile.comparison ? <p className="small mb-1" data-testid={`tile-comparison-${tile.title}`}>{tile.comparison}</p> : null}
              <p className="small text-secondary mb-0">{TILE_EXPLANATIONS[tile.title]}</p>
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
