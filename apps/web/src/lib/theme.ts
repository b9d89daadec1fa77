import type { Theme } from '@steward/contract/auth';

/** Also read by public/theme-before-paint.js, which applies the theme before the bundle runs. */
const STORAGE_KEY = 'steward.theme';

/** The theme to show before we know who is signed in: the one this browser last used. */
export function rememberedTheme(): Theme {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function rememberTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Private windows may refuse storage; the server still has the user's choice.
  }
}

/** Bootstrap reads data-bs-theme; "light-mode" carries our extra light-mode style. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.bsTheme = theme;
  root.classList.toggle('light-mode', theme === 'light');
}
