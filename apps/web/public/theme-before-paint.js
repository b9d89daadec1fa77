// Applies the theme this browser last used before the first paint, so a dark-theme user never sees a
// white page while the bundle loads. A classic script in <head>, not inline: the Content Security
// Policy allows scripts from 'self' only. Same key and classes as src/lib/theme.ts.
(function () {
  var theme = 'light';
  try {
    if (window.localStorage.getItem('steward.theme') === 'dark') theme = 'dark';
  } catch {
    // Storage may be refused (private windows): light until the signed-in user's theme is known.
  }
  var root = document.documentElement;
  root.setAttribute('data-bs-theme', theme);
  root.classList.toggle('light-mode', theme === 'light');
})();
