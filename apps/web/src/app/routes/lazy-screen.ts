import type { ComponentType } from 'react';

/**
 * A route's screen, loaded with its area's chunk the first time one of the area's routes matches,
 * so the login screen's JavaScript holds none of the signed-in screens (nor their icons and charts).
 */
export const lazyScreen =
  <Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) =>
  async () => ({ Component: pick(await load()) });
