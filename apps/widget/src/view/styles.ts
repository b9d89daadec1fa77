/**
 * The widget's styles, scoped by its shadow root: the host page's rules cannot reach inside, and these
 * cannot reach out. `.root` resets every inherited property, so the host's fonts and colours stop at
 * the shadow boundary too. Colours follow the visitor's prefers-color-scheme, as the host page's do;
 * each pair has at least 4.5:1 contrast.
 */
export const WIDGET_CSS = `
:host { all: initial; }
.root {
  all: initial;
  --background: #ffffff; --surface: #f2f4f7; --text: #1d2330; --muted: #4a5261; --border: #c9ced8;
  --accent: #0b57b0; --accent-text: #ffffff; --visitor: #0b57b0; --visitor-text: #ffffff;
  --error: #b42318; --error-surface: #fdecea; --focus: #0b57b0; --shadow: 0 8px 28px rgba(16, 24, 40, 0.22);
  color-scheme: light;
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--text);
}
@media (prefers-color-scheme: dark) {
  .root {
    --background: #1b1e24; --surface: #272b33; --text: #eceef2; --muted: #b8bfcc; --border: #4a515e;
    --accent: #8ab8ff; --accent-text: #0d1420; --visitor: #2c5a96; --visitor-text: #ffffff;
    --error: #ffb4ab; --error-surface: #3d1f1d; --focus: #8ab8ff; --shadow: 0 8px 28px rgba(0, 0, 0, 0.6);
    color-scheme: dark;
  }
}
.root *, .root *::before, .root *::after { box-sizing: border-box; }
.visually-hidden {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
button, input, textarea { font: inherit; color: inherit; }
button { cursor: pointer; }
button:disabled { cursor: default; opacity: 0.65; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
a { color: var(--accent); }
.launcher {
  position: fixed; right: 20px; bottom: 20px; z-index: 2147483000;
  display: inline-flex; align-items: center; gap: 8px; padding: 12px 18px;
  border: 0; border-radius: 999px; background: var(--brand, var(--accent)); color: var(--brand-text, var(--accent-text));
  font-weight: 600; box-shadow: var(--shadow);
}
.panel {
  position: fixed; right: 20px; bottom: 84px; z-index: 2147483000;
  width: min(380px, calc(100vw - 24px)); height: min(580px, calc(100vh - 104px));
  display: flex; flex-direction: column; overflow: hidden;
  background: var(--background); color: var(--text);
  border: 1px solid var(--border); border-radius: 14px; box-shadow: var(--shadow);
}
.panel[hidden], .view[hidden], [hidden] { display: none !important; }
@media (max-width: 480px) {
  .panel { right: 12px; bottom: 76px; height: calc(100vh - 92px); }
  .launcher { right: 12px; bottom: 12px; }
}
.header { display: flex; align-items: center; gap: 8px; padding: 12px 14px; background: var(--brand, var(--accent)); color: var(--brand-text, var(--accent-text)); }
.header h2 { flex: 1; margin: 0; font-size: 16px; font-weight: 700; }
.icon-button { display: inline-flex; padding: 6px; border: 0; border-radius: 8px; background: transparent; color: inherit; }
.header :focus-visible { outline-color: var(--brand-text, var(--accent-text)); }
.view { flex: 1; display: flex; flex-direction: column; min-height: 0; }
.messages { position: relative; flex: 1; overflow-y: auto; padding: 14px; display: flex; flex-direction: column; gap: 10px; }
.message { max-width: 88%; padding: 9px 12px; border-radius: 12px; overflow-wrap: anywhere; }
.message.visitor { align-self: flex-end; background: var(--brand, var(--visitor)); color: var(--brand-text, var(--visitor-text)); white-space: pre-wrap; }
.message.bot { align-self: flex-start; background: var(--surface); }
.message.error { align-self: flex-start; background: var(--error-surface); color: var(--error); }
.message p, .message ul, .message ol, .message pre, .message blockquote, .message table { margin: 0 0 8px; }
.message > .answer > :last-child { margin-bottom: 0; }
.message ul, .message ol { padding-left: 20px; }
.message pre { white-space: pre-wrap; padding: 6px 8px; border: 1px solid var(--border); border-radius: 6px; }
.message code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em; }
.message th, .message td { border: 1px solid var(--border); padding: 2px 6px; text-align: left; }
.pending { color: var(--muted); font-style: italic; }
.pending.streaming { color: var(--text); font-style: normal; white-space: pre-wrap; }
.support { margin-top: 8px; font-size: 13px; color: var(--muted); }
.feedback { display: flex; flex-wrap: wrap; align-items: center; gap: 4px; margin-top: 6px; font-size: 13px; color: var(--muted); }
.feedback .icon-button { color: var(--muted); border: 1px solid transparent; }
.feedback .icon-button[aria-pressed="true"] { color: var(--accent); border-color: var(--accent); }
.reasons { margin-top: 8px; display: flex; flex-direction: column; gap: 6px; }
.reasons fieldset { margin: 0; padding: 0; border: 0; }
.reasons legend { padding: 0; margin-bottom: 4px; font-weight: 600; }
.reasons label.check { display: flex; align-items: center; gap: 6px; }
.suggestions { display: flex; flex-wrap: wrap; gap: 6px; padding: 0 12px 8px; }
.suggestion { padding: 6px 10px; border: 1px solid var(--brand, var(--accent)); border-radius: 999px; background: var(--background); color: var(--text); font: inherit; font-size: 13px; cursor: pointer; text-align: left; }
.inline-link { align-self: flex-start; padding: 0; border: 0; background: none; color: var(--accent); text-decoration: underline; }
.composer { display: flex; gap: 8px; align-items: flex-end; padding: 10px 12px 6px; border-top: 1px solid var(--border); }
.composer textarea { flex: 1; }
input[type="checkbox"] { width: 16px; height: 16px; margin: 0; accent-color: var(--accent); }
textarea, input:not([type="checkbox"]) {
  width: 100%; padding: 8px 10px; border: 1px solid var(--border); border-radius: 8px;
  background: var(--background); resize: vertical;
}
textarea[aria-invalid="true"], input[aria-invalid="true"] { border-color: var(--error); }
.primary { padding: 8px 14px; border: 0; border-radius: 8px; background: var(--brand, var(--accent)); color: var(--brand-text, var(--accent-text)); font-weight: 600; }
.secondary { padding: 8px 14px; border: 1px solid var(--border); border-radius: 8px; background: transparent; }
.send { display: inline-flex; align-items: center; gap: 6px; }
.footer { display: flex; justify-content: space-between; align-items: center; gap: 8px; padding: 0 12px 10px; font-size: 13px; }
.field-error { margin: 4px 0 0; color: var(--error); font-size: 13px; }
.field-error:empty { display: none; }
.help { flex: 1; overflow-y: auto; padding: 14px; display: flex; flex-direction: column; gap: 12px; }
.help h3 { margin: 0; font-size: 16px; }
.help p { margin: 0; }
.help label { display: block; margin-bottom: 4px; font-weight: 600; }
.alert { padding: 8px 10px; border-radius: 8px; background: var(--error-surface); color: var(--error); }
.alert:empty { display: none; }
.notice { margin: 0 12px 8px; padding: 8px 10px; border-radius: 8px; background: var(--surface); font-size: 13px; }
.notice:empty { display: none; }
.buttons { display: flex; gap: 8px; }
`;
