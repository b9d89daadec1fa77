// TensorFlow.js's WebAssembly backend (inside @energetic-ai/core) multiplies matrices with XNNPACK only when
// each side is one matrix, untransposed; a batch of them (attention's queries by keys, its weights by
// values: 4 heads for each text) goes through a plain triple loop, about 13 times slower per
// multiply-add. This kernel hands such a batch to the same backend one matrix at a time, so each goes
// the fast way.
import * as tensorflow from '@energetic-ai/core';

/** The parts of TensorFlow.js used here. The package's own types re-export @tensorflow packages it does not install. */
interface TensorInfo {
  dataId: object;
  shape: number[];
  dtype: string;
}
interface WasmBackend {
  makeOutput(shape: number[], dtype: 'float32'): TensorInfo;
  /** A view of the tensor in the WebAssembly heap: taken again after every allocation, which may move the heap. */
  typedArrayFromHeap(tensor: TensorInfo): Float32Array;
  disposeData(dataId: object): void;
}
interface KernelArgs {
  inputs: Record<string, TensorInfo | undefined>;
  backend: WasmBackend;
  attrs: Record<string, unknown>;
}
interface KernelConfig {
  kernelName: string;
  backendName: string;
  kernelFunc: (args: KernelArgs) => TensorInfo;
  setupFunc?: (backend: unknown) => void;
}
interface KernelRegistry {
  getKernel(kernelName: string, backendName: string): KernelConfig | undefined;
  registerKernel(config: KernelConfig): void;
  unregisterKernel(kernelName: string, backendName: string): void;
}

const registry = tensorflow as unknown as KernelRegistry;
const BATCH_MAT_MUL = 'BatchMatMul';
const WASM = 'wasm';

const product = (dimensions: readonly number[]): number => dimensions.reduce((total, dimension) => total * dimension, 1);

/**
 * Registers the one-matrix-at-a-time BatchMatMul for the WebAssembly backend, in place of its own, and
 * answers a function that puts the original back. The results are the same to float rounding.
 */
export function multiplyBatchesWithXnnpack(): () => void {
  const original = registry.getKernel(BATCH_MAT_MUL, WASM);
  if (!original) throw new Error('TensorFlow.js has no WebAssembly BatchMatMul kernel to replace.');
  const reshape = registry.getKernel('Reshape', WASM)?.kernelFunc;
  const transpose = registry.getKernel('Transpose', WASM)?.kernelFunc;
  if (!reshape || !transpose) throw new Error('TensorFlow.js has no WebAssembly Reshape or Transpose kernel.');

  const oneMatrixAtATime = (args: KernelArgs): TensorInfo => {
    const { inputs, backend, attrs } = args;
    const { a, b } = inputs;
    const transposeA = attrs.transposeA === true;
    const transposeB = attrs.transposeB === true;
    if (!a || !b || a.dtype !== 'float32' || b.dtype !== 'float32') return original.kernelFunc(args);
    const batch = product(a.shape.slice(0, -2));
    // One matrix each is the fast way already; a batch against one shared matrix (broadcast) is left as it was.
    if (batch !== product(b.shape.slice(0, -2)) || (batch === 1 && !transposeA && !transposeB)) return original.kernelFunc(args);

    const asBatch = (x: TensorInfo) => reshape({ inputs: { x }, backend, attrs: { shape: [batch, x.shape.at(-2), x.shape.at(-1)] } });
    const upright = (x: TensorInfo, transposed: boolean) => (transposed ? transpose({ inputs: { x }, backend, attrs: { perm: [0, 2, 1] } }) : x);
    const temporaries = new Set<TensorInfo>();
    const keep = (tensor: TensorInfo) => (temporaries.add(tensor), tensor);
    const left = upright(keep(asBatch(a)), transposeA);
    const right = upright(keep(asBatch(b)), transposeB);
    keep(left);
    keep(right);
    const [, rows = 0, inner = 0] = left.shape;
    const columns = right.shape[2] ?? 0;
    const out = backend.makeOutput([batch, rows, columns], 'float32');
    const copyOf = (from: TensorInfo, index: number, shape: [number, number]): TensorInfo => {
      const matrix = backend.makeOutput([1, ...shape], 'float32');
      const size = shape[0] * shape[1];
      backend.typedArrayFromHeap(matrix).set(backend.typedArrayFromHeap(from).subarray(index * size, (index + 1) * size));
      return matrix;
    };
    for (let index = 0; index < batch; index += 1) {
      const leftMatrix = copyOf(left, index, [rows, inner]);
      const rightMatrix = copyOf(right, index, [inner, columns]);
      const result = original.kernelFunc({ inputs: { a: leftMatrix, b: rightMatrix }, backend, attrs: { ...attrs, transposeA: false, transposeB: false } });
      backend.typedArrayFromHeap(out).set(backend.typedArrayFromHeap(result), index * rows * columns);
      // Disposing the right matrix also drops the XNNPACK operator made for it.
      for (const used of [leftMatrix, rightMatrix, result]) backend.disposeData(used.dataId);
    }
    for (const temporary of temporaries) backend.disposeData(temporary.dataId);
    out.shape = [...a.shape.slice(0, -2), rows, columns];
    return out;
  };

  registry.unregisterKernel(BATCH_MAT_MUL, WASM);
  registry.registerKernel({ ...original, kernelFunc: oneMatrixAtATime });
  return () => {
    registry.unregisterKernel(BATCH_MAT_MUL, WASM);
    registry.registerKernel(original);
  };
}
