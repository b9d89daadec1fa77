import { afterAll } from 'vitest';

/**
 * A setup file of the server's tests, which share their worker from one file to the next (vitest.config.ts,
 * `isolate: false`): a file that leaves an enumerable property on a built-in prototype breaks `for…in` in every
 * file after it. pdf.js refuses to open any PDF then ("The `Array.prototype` contains unexpected enumerable
 * property"), far from the cause. This fails the file that left one, naming it.
 */
const prototypes: Record<string, object> = {
  'Array.prototype': Array.prototype,
  'Object.prototype': Object.prototype,
  'String.prototype': String.prototype,
  'Function.prototype': Function.prototype,
};

const enumerableAdditions = (): string[] =>
  Object.entries(prototypes).flatMap(([name, prototype]) => Object.keys(prototype).map((key) => `${name}.${key}`));

afterAll(() => {
  const added = enumerableAdditions();
  if (added.length > 0) {
    throw new Error(`This file left ${added.join(', ')} enumerable; the files after it in this worker would see it. Make it non-enumerable or remove it.`);
  }
});
