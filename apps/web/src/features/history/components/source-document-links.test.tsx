import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SourceDocumentLinks } from './source-document-links.tsx';

describe('SourceDocumentLinks', () => {
  it('links metadata documents by filename and plain URL strings by themselves, in new tabs', () => {
    render(
      <SourceDocumentLinks
        docs={[{ metadata: { filename: 'Manual.pdf', source_url: 'https://docs.example.com/m.pdf' } }, 'https://docs.example.com/faq', 'Warranty']}
      />,
    );
    expect(screen.getByRole('link', { name: 'Manual.pdf' })).toHaveAttribute('href', 'https://docs.example.com/m.pdf');
    expect(screen.getByRole('link', { name: 'https://docs.example.com/faq' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Warranty').closest('a')).toBeNull();
  });

  it('never links a javascript: source URL', () => {
    render(<SourceDocumentLinks docs={[{ metadata: { filename: 'Evil', source_url: 'javascript:alert(1)' } }, 'javascript:alert(2)']} />);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('Evil')).toBeInTheDocument();
  });

  it('says "n/a" when there are none', () => {
    const { container } = render(<SourceDocumentLinks docs={[]} />);
    expect(container).toHaveTextContent(/^n\/a$/);
  });
});
