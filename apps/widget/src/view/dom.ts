type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | number | boolean | undefined>;

/**
 * Creates an element with attributes (true: present and empty; false or undefined: absent) and
 * children (strings become text, never HTML).
 */
export function h<Tag extends keyof HTMLElementTagNameMap>(tag: Tag, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[Tag] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Text for screen readers only (the styles' .visually-hidden). */
export const hiddenText = (text: string): HTMLSpanElement => h('span', { class: 'visually-hidden' }, text);

let counter = 0;
/** An id unique within the widget (its shadow root), for labels and aria-describedby. */
export const uniqueId = (prefix: string): string => `${prefix}-${(counter += 1)}`;
