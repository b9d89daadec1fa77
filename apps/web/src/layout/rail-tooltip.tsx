import { createContext, useContext, type ReactElement } from 'react';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';

/**
 * Where the rail's tooltips are put: inside the sidebar's navigation landmark (axe wants all content in
 * a landmark). They are positioned "fixed", so the rail's own overflow does not clip them.
 */
export const RailTooltipContainer = createContext<HTMLElement | null>(null);

/**
 * In the collapsed rail an entry is only its icon: a tooltip to its right says its name on hover and
 * focus. The accessible name stays on the control itself (a visually hidden label or aria-label).
 */
export function RailTooltip({ label, shown, children }: { label: string; shown: boolean; children: ReactElement }) {
  const container = useContext(RailTooltipContainer);
  if (!shown) return children;
  return (
    <OverlayTrigger
      placement="right"
      container={container}
      popperConfig={{ strategy: 'fixed' }}
      overlay={<Tooltip>{label}</Tooltip>}
    >
      {children}
    </OverlayTrigger>
  );
}
