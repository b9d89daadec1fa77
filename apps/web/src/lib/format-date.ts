/** Long US date in the viewer's time zone: "March 4, 2026" (spec section 9). */
export const formatLongDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Local time of day: "3:07 PM". */
export const formatTime = (iso: string): string =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** Both, for detail screens: "March 4, 2026, 3:07 PM". */
export const formatDateTime = (iso: string): string => `${formatLongDate(iso)}, ${formatTime(iso)}`;
