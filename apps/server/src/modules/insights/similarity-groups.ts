/** A text with its embedding, in the order the caller wants groups to be led (most recent first). */
export interface EmbeddedItem<T> {
  item: T;
  vector: Float32Array;
}

const norm = (vector: Float32Array): number => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));

export function cosine(a: Float32Array, b: Float32Array, normA = norm(a), normB = norm(b)): number {
  if (normA === 0 || normB === 0 || a.length !== b.length) return 0;
  let dot = 0;
  for (let index = 0; index < a.length; index += 1) dot += (a[index] ?? 0) * (b[index] ?? 0);
  return dot / (normA * normB);
}

/**
 * Greedy grouping: each item joins the group whose leader (its first item) is most similar to it, if at
 * least `threshold`, or leads a new group. One pass, items × groups comparisons, so the caller bounds the items.
 */
export function groupBySimilarity<T>(items: readonly EmbeddedItem<T>[], threshold: number): T[][] {
  const groups: { leader: Float32Array; leaderNorm: number; members: T[] }[] = [];
  for (const { item, vector } of items) {
    const vectorNorm = norm(vector);
    let home: (typeof groups)[number] | undefined;
    let best = threshold;
    for (const group of groups) {
      const similarity = cosine(group.leader, vector, group.leaderNorm, vectorNorm);
      if (similarity >= best) [home, best] = [group, similarity];
    }
    if (home) home.members.push(item);
    else groups.push({ leader: vector, leaderNorm: vectorNorm, members: [item] });
  }
  return groups.map((group) => group.members);
}
