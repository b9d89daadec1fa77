import * as tensorflow from '@energetic-ai/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multiplyBatchesWithXnnpack } from './xnnpack-batch-matmul.ts';

/** The TensorFlow.js calls used here (the package's types re-export @tensorflow packages it does not install). */
interface Tensor {
  shape: number[];
  data(): Promise<Float32Array>;
  dispose(): void;
}
interface KernelConfig {
  kernelName: string;
  backendName: string;
  kernelFunc: (args: { inputs: Record<string, { shape: number[] } | undefined>; attrs: Record<string, unknown> }) => unknown;
}
interface TensorFlow {
  ready(): Promise<void>;
  getKernel(kernelName: string, backendName: string): KernelConfig | undefined;
  registerKernel(config: KernelConfig): void;
  unregisterKernel(kernelName: string, backendName: string): void;
  getBackend(): string;
  tensor(values: Float32Array, shape: number[]): Tensor;
  matMul(a: Tensor, b: Tensor, transposeA: boolean, transposeB: boolean): Tensor;
  memory(): { numTensors: number; numBytes: number };
}
const tf = tensorflow as unknown as TensorFlow;

/** Seeded values in [-1, 1), so a failure repeats. */
function values(count: number, seed: number): Float32Array {
  let state = seed;
  return Float32Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return (state / 2 ** 31) * 2 - 1;
  });
}

/** a × b batch by batch in plain JavaScript, in float64. */
function reference(a: Float32Array, b: Float32Array, batch: number, rows: number, inner: number, columns: number, transposeA: boolean, transposeB: boolean): Float64Array {
  const out = new Float64Array(batch * rows * columns);
  for (let n = 0; n < batch; n += 1) {
    for (let i = 0; i < rows; i += 1) {
      for (let j = 0; j < columns; j += 1) {
        let sum = 0;
        for (let k = 0; k < inner; k += 1) {
          const left = a[n * rows * inner + (transposeA ? k * rows + i : i * inner + k)] ?? 0;
          const right = b[n * inner * columns + (transposeB ? j * inner + k : k * columns + j)] ?? 0;
          sum += left * right;
        }
        out[n * rows * columns + i * columns + j] = sum;
      }
    }
  }
  return out;
}

const largestDifference = (actual: Float32Array, expected: ArrayLike<number>) =>
  actual.reduce((largest, value, index) => Math.max(largest, Math.abs(value - (expected[index] ?? Number.NaN))), 0);

/** What reached the backend's own kernel: each call's input shapes and transposes. */
const backendCalls: string[] = [];
let restore: (() => void) | undefined;
let own: KernelConfig | undefined;
beforeAll(async () => {
  await tf.ready();
  own = tf.getKernel('BatchMatMul', 'wasm');
  if (!own) throw new Error('no BatchMatMul kernel');
  const counted = own;
  // The backend's kernel, recording its calls: the one multiplyBatchesWithXnnpack finds and calls.
  tf.unregisterKernel('BatchMatMul', 'wasm');
  tf.registerKernel({
    ...counted,
    kernelFunc: (args) => {
      const { a, b } = args.inputs;
      backendCalls.push(`${JSON.stringify(a?.shape)}${args.attrs.transposeA === true ? 'ᵀ' : ''} × ${JSON.stringify(b?.shape)}${args.attrs.transposeB === true ? 'ᵀ' : ''}`);
      return counted.kernelFunc(args);
    },
  });
  restore = multiplyBatchesWithXnnpack();
});
afterAll(() => {
  restore?.();
  tf.unregisterKernel('BatchMatMul', 'wasm');
  if (own) tf.registerKernel(own);
});

describe('multiplyBatchesWithXnnpack', () => {
  it('runs on the WebAssembly backend', () => {
    expect(tf.getBackend()).toBe('wasm');
  });

  // Attention's shapes: [texts, heads, tokens, head size], with and without transposes, and a batch of one transposed.
  it.each([
    { outer: [2, 4], rows: 6, inner: 5, columns: 6, transposeA: false, transposeB: true },
    { outer: [2, 4], rows: 6, inner: 6, columns: 5, transposeA: false, transposeB: false },
    { outer: [3], rows: 4, inner: 7, columns: 2, transposeA: true, transposeB: false },
    { outer: [3], rows: 4, inner: 7, columns: 2, transposeA: true, transposeB: true },
    { outer: [1], rows: 9, inner: 3, columns: 4, transposeA: false, transposeB: true },
    { outer: [1], rows: 9, inner: 3, columns: 4, transposeA: false, transposeB: false },
  ])('multiplies $outer batches of $rows×$inner by $inner×$columns (transposeA $transposeA, transposeB $transposeB) as a plain loop does', async ({ outer, rows, inner, columns, transposeA, transposeB }) => {
    const batch = outer.reduce((total, size) => total * size, 1);
    const aValues = values(batch * rows * inner, 7);
    const bValues = values(batch * inner * columns, 11);
    const before = tf.memory();
    const a = tf.tensor(aValues, [...outer, ...(transposeA ? [inner, rows] : [rows, inner])]);
    const b = tf.tensor(bValues, [...outer, ...(transposeB ? [columns, inner] : [inner, columns])]);
    backendCalls.length = 0;
    const product = tf.matMul(a, b, transposeA, transposeB);
    expect(product.shape).toEqual([...outer, rows, columns]);
    // The backend got one untransposed matrix a side each time: the case it hands to XNNPACK.
    expect(backendCalls).toEqual(Array.from({ length: batch }, () => `[1,${rows},${inner}] × [1,${inner},${columns}]`));
    expect(largestDifference(await product.data(), reference(aValues, bValues, batch, rows, inner, columns, transposeA, transposeB))).toBeLessThan(1e-5);
    for (const tensor of [a, b, product]) tensor.dispose();
    // Every copy it made is freed.
    expect(tf.memory()).toEqual(before);
  });

  it('leaves a batch against one shared matrix to the backend as it is', async () => {
    const a = tf.tensor(values(3 * 4 * 5, 1), [3, 4, 5]);
    const b = tf.tensor(values(5 * 2, 2), [1, 5, 2]);
    backendCalls.length = 0;
    const product = tf.matMul(a, b, false, false);
    expect(product.shape).toEqual([3, 4, 2]);
    expect(backendCalls).toEqual(['[3,4,5] × [1,5,2]']);
    for (const tensor of [a, b, product]) tensor.dispose();
  });

  it('answers what the backend\'s own kernel answers, and puts that kernel back', async () => {
    const aValues = values(2 * 4 * 16 * 8, 3);
    const bValues = values(2 * 4 * 16 * 8, 5);
    const multiply = async () => {
      const a = tf.tensor(aValues, [2, 4, 16, 8]);
      const b = tf.tensor(bValues, [2, 4, 16, 8]);
      const product = tf.matMul(a, b, false, true);
      const data = await product.data();
      for (const tensor of [a, b, product]) tensor.dispose();
      return data;
    };
    const replaced = await multiply();
    restore?.();
    const own = await multiply();
    restore = multiplyBatchesWithXnnpack();
    expect(largestDifference(replaced, own)).toBeLessThan(1e-5);
  });
});
