export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the Tab key: jumps past the top bar and the sidebar to the screen itself. It moves
 * focus by hand, because a "#main-content" URL would be a navigation for the router.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="skip-link visually-hidden-focusable"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      Skip to content
    </a>
  );
}
