/**
 * Bounds the buffers pdf.js inflates a PDF's streams into, in the PDF reading process only (pdf-worker.ts).
 * pdf.js decodes a stream into one Uint8Array that it doubles as it goes (DecodeStream.ensureBuffer), and it
 * catches what goes wrong on a page to read the rest, so a decompression bomb would otherwise end as a page
 * of missing text, or as the whole process's memory. Installed before pdf.js is loaded, this guard refuses
 * any Uint8Array larger than the limit, and notes both that refusal and an allocation the operating system's
 * address-space limit refused (RangeError "Array buffer allocation failed"), so the reading can end with the
 * reason: the file expands too far.
 */
export interface InflateGuard {
  /** True once an allocation was refused, by this guard or by the operating system. */
  readonly tripped: boolean;
}

export class InflateLimitError extends RangeError {
  override readonly name = 'InflateLimitError';
}

export function installInflateGuard(limitBytes: number): InflateGuard {
  const state = { tripped: false };
  const NativeUint8Array = globalThis.Uint8Array;
  // A Proxy keeps everything else of the constructor (instanceof, from, of, BYTES_PER_ELEMENT, subclassing).
  globalThis.Uint8Array = new Proxy(NativeUint8Array, {
    construct(target, args: unknown[], newTarget: abstract new (...args: never[]) => unknown) {
      const [first] = args;
      const length = typeof first === 'number' ? first : ArrayBuffer.isView(first) || first instanceof ArrayBuffer ? 0 : lengthOf(first);
      if (length > limitBytes) {
        state.tripped = true;
        throw new InflateLimitError(`A buffer of ${length} bytes is over the limit of ${limitBytes}.`);
      }
      try {
        return Reflect.construct(target, args, newTarget) as object;
      } catch (error) {
        if (error instanceof RangeError && /allocation failed/i.test(error.message)) state.tripped = true;
        throw error;
      }
    },
  });
  return state;
}

/** The length of an array-like source (new Uint8Array(array)); 0 for anything else. */
function lengthOf(source: unknown): number {
  if (typeof source !== 'object' || source === null || !('length' in source)) return 0;
  const { length } = source as { length: unknown };
  return typeof length === 'number' ? length : 0;
}
