import { describe, expect, it } from 'vitest';
import { keysetChunks, mapReleasing } from '../../src/platform/export-stream.js';

/** A read of ids 1..n in ascending order after a key, as the repositories' chunk reads do, counting its calls. */
function idsUpTo(n: number) {
  const reads: Array<number | null> = [];
  const read = async (after: number | null, size: number) => {
    reads.push(after);
    const start = (after ?? 0) + 1;
    return Array.from({ length: Math.max(0, Math.min(size, n - start + 1)) }, (_, i) => ({ id: start + i }));
  };
  return { read, reads };
}

describe('export chunks', () => {
  it('maps in order and leaves the source empty (its rows can die young)', () => {
    const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(mapReleasing(rows, (row) => row.id * 10)).toEqual([10, 20, 30]);
    expect(rows).toEqual([]);
  });

  it('reads every row once, in order, when the reader empties each chunk it is handed', async () => {
    for (const [n, size] of [
      [0, 4],
      [3, 4],
      [8, 4],
      [10, 4],
    ] as const) {
      const { read, reads } = idsUpTo(n);
      const seen: number[] = [];
      for await (const chunk of keysetChunks(read, (row) => row.id, size))
        seen.push(...mapReleasing(chunk, (row) => row.id));
      expect(seen, `${n} rows, ${size} a chunk`).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      // The key of each next read is the last id handed on; a short chunk ends it, a full last one costs one empty read.
      const expected: Array<number | null> = [null];
      for (let after = size; after <= n; after += size) expected.push(after);
      expect(reads, `${n} rows, ${size} a chunk`).toEqual(expected);
    }
  });
});
