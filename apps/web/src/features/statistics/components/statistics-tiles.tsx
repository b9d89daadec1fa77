import Card from 'react-bootstrap/Card';
import type { StatisticsTile } from '../tile-values.ts';

const ARROWS = {
  up: { symbol: '▲', label: 'Up from the previous period', className: 'text-success' },
  down: { symbol: '▼', label: 'Down from the previous period', className: 'text-danger' },
} as const;

export function StatisticsTiles({ tiles }: { tiles: StatisticsTile[] }) {
  return (
    <div className="row g-3 mb-3">
      {tiles.map((tile) => (
        <div className="col-12 col-sm-6 col-xl-3" key={tile.title}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h6 text-body-secondary">{tile.title}</h2>
              <p className="fs-3 fw-semibold mb-0" data-testid={`tile-${tile.title}`}>
                {tile.value}
                {tile.trend && (
                  <span className={`ms-2 fs-6 ${ARROWS[tile.trend].className}`} role="img" aria-label={ARROWS[tile.trend].label}>
                    {ARROWS[tile.trend].symbol}
                  </span>
                )}
              </p>
            </Card.Body>
          </Card>
        </div>
      ))}
    </div>
  );
}
