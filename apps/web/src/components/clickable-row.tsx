import type { ReactNode } from 'react';

/**
 * A table row that opens a detail screen on click, or on Enter when the row itself has
 * focus (Enter on a button or link inside the row belongs to that control).
 */
export function ClickableRow({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <tr
      className="clickable-row"
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) onOpen();
      }}
    >
      {children}
    </tr>
  );
}
