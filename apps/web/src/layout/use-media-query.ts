import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; the component renders again when the answer changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** Bootstrap's md breakpoint: from here up the sidebar sits beside the page, below it is a drawer. */
export const WIDE_SCREEN = '(min-width: 768px)';
