/** The browser's offset from UTC in hours (5.5 in India, -9.5 in the Marquesas): the statistics and the audit log send it. */
export const browserTimezoneOffsetHours = (): number => -new Date().getTimezoneOffset() / 60;
