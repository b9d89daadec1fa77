import { useSyncExternalStore } from 'react';

const readTheme = (): 'light' | 'dark' => (document.documentElement.dataset.bsTheme === 'dark' ? 'dark' : 'light');

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-bs-theme'] });
  return () => observer.disconnect();
}

/** The theme on <html data-bs-theme>, following the light/dark toggle as it changes. */
export const useDocumentTheme = (): 'light' | 'dark' => useSyncExternalStore(subscribe, readTheme, () => 'light');
