import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RelevanceMeter, relevancePercent } from './relevance-meter.tsx';

describe('relevancePercent', () => {
  it('rounds a relevance from 0 to 1 to a whole percentage', () => {
    expect([0, 0.004, 0.005, 0.3, 0.716, 0.9951, 1].map(relevancePercent)).toEqual([0, 0, 1, 30, 72, 100, 100]);
  });

  it('never answers NaN or a percentage outside 0 to 100', () => {
    expect([Number.NaN, Number.POSITIVE_INFINITY, -0.2, 1.7].map(relevancePercent)).toEqual([0, 0, 0, 100]);
  });
});

describe('RelevanceMeter', () => {
  it('reads "Relevance 72 %" and is a meter named Relevance whose value is the percentage', () => {
    const { container } = render(<RelevanceMeter score={0.716} />);
    expect(container).toHaveTextContent('Relevance 72 %');
    const meter = screen.getByRole('meter', { name: 'Relevance' });
    expect(meter).toHaveAttribute('aria-valuenow', '72');
    expect(meter).toHaveAttribute('aria-valuemin', '0');
    expect(meter).toHaveAttribute('aria-valuemax', '100');
    expect(meter).toHaveAttribute('aria-valuetext', '72 %');
    expect(meter.querySelector('.progress-bar')).toHaveStyle({ width: '72%' });
  });
});
