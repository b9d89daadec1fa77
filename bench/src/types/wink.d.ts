// The wink packages ship no types; these declare the part the evaluation's BM25 baseline uses.
declare module 'wink-bm25-text-search' {
  interface Bm25Engine {
    defineConfig(config: { fldWeights: Record<string, number>; bm25Params?: { k1?: number; b?: number; k?: number } }): boolean;
    definePrepTasks(tasks: ((input: never) => unknown)[], field?: string): number;
    addDoc(doc: Record<string, string>, id: number): number;
    consolidate(precision?: number): boolean;
    search(text: string, limit?: number): [number, number][];
  }
  const bm25: () => Bm25Engine;
  export default bm25;
}

declare module 'wink-nlp-utils' {
  const utils: {
    string: { lowerCase(text: string): string; removeExtraSpaces(text: string): string; tokenize0(text: string): string[] };
    tokens: { removeWords(tokens: string[]): string[]; stem(tokens: string[]): string[]; propagateNegations(tokens: string[]): string[] };
  };
  export default utils;
}
