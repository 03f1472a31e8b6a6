/**
 * Where the seed's links are sealed (bench/seed.ts): in a worker thread when the seed has the
 * keys, so the second core encrypts one batch while the seed's thread inserts the one before
 * (docs/performance.md "The 1 000 000 seed"); otherwise on the seed's own thread. Either way by
 * the same function (`sealedBatch`), so both store the same.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FieldCrypto, FieldKey } from '../src/platform/field-crypto.js';
import { sealedBatch, type PeopleContext, type SealedBatch } from './seed-people.js';

/** The field keys behind a FieldCrypto, for a thread that seals with them too. */
export interface SealingKeys {
  data: readonly FieldKey[];
  index: readonly FieldKey[];
}

export interface LinkSealer {
  /** The threads sealing (batches worth asking for ahead). */
  readonly threads: number;
  /** The batch of people from `start` (the i-th is `ids[i]`), sealed; batches are answered in the order asked. */
  seal(start: number, ids: readonly number[]): Promise<SealedBatch>;
  close(): Promise<void>;
}

export function linkSealer(
  context: PeopleContext,
  crypto: FieldCrypto,
  keys: SealingKeys | undefined,
  threads = availableParallelism(),
): LinkSealer {
  if (keys === undefined)
    return {
      threads: 1,
      seal: async (start, ids) => sealedBatch(context, crypto, start, ids),
      close: async () => undefined,
    };
  // As many as there are cores: the seed's own thread waits whenever its next batch is not sealed
  // yet, so the cores are shared by whichever threads have work. Batches go round in turn.
  const workers = Array.from({ length: Math.max(1, threads) }, () => sealingWorker(context, keys));
  let turn = 0;
  return {
    threads: workers.length,
    seal: (start, ids) => (workers[turn++ % workers.length] as SealingWorker).seal(start, ids),
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
    },
  };
}

type SealingWorker = Omit<LinkSealer, 'threads'>;

function sealingWorker(context: PeopleContext, keys: SealingKeys): SealingWorker {
  // The seed runs through tsx's loader (bin/run-ts.js), which a worker does not inherit.
  const worker = new Worker(new URL('./seed-worker.ts', import.meta.url), {
    execArgv: ['--import', import.meta.resolve('tsx/esm')],
    workerData: { context, dataKeys: keys.data, indexKeys: keys.index },
  });
  const waiting: Array<{ start: number; resolve(batch: SealedBatch): void; reject(error: unknown): void }> = [];
  let failure: unknown;
  let closing = false;
  const fail = (error: unknown) => {
    failure ??= error;
    for (const entry of waiting.splice(0)) entry.reject(failure);
  };
  worker.on('message', (message: { start: number; batch: SealedBatch }) => {
    const entry = waiting.shift();
    if (entry?.start !== message.start)
      return fail(new Error(`sealing worker answered batch ${message.start} out of order`));
    entry.resolve(message.batch);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (!closing) fail(new Error(`sealing worker exited (code ${code})`));
  });
  return {
    seal(start, ids) {
      if (failure !== undefined) return Promise.reject(failure);
      const sealed = new Promise<SealedBatch>((resolve, reject) => {
        waiting.push({ start, resolve, reject });
        worker.postMessage({ start, ids });
      });
      // The seed awaits each batch later, after other inserts: a failure meanwhile is not unhandled.
      sealed.catch(() => undefined);
      return sealed;
    },
    async close() {
      closing = true;
      await worker.terminate();
    },
  };
}
