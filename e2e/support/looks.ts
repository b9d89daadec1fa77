export type Theme = 'light' | 'dark';
export type SizeName = 'desktop' | 'phone';
export interface Viewport {
  width: number;
  height: number;
}

/**
 * The looks a whole flow (a form filled, a mail followed, a setting turned on and off) runs in: light at desktop
 * size and dark at phone size, so each theme and each size is walked through once. Every screen is checked by axe
 * in all four looks by accessibility-sweep.spec.ts; what a flow shows does not change with the two pairings left
 * out, and running each flow four times took about five minutes of the browser step.
 */
export function flowLooks(sizes: Readonly<Record<SizeName, Viewport>>): readonly (readonly [SizeName, Viewport, Theme])[] {
  return [
    ['desktop', sizes.desktop, 'light'],
    ['phone', sizes.phone, 'dark'],
  ];
}
