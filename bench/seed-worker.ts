/**
 * The seed's sealing thread (bench/link-sealer.ts starts it): seals each batch of links it is
 * sent, in the order sent, with the service's field crypto under the same keys as the seed's.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createFieldCrypto, type FieldKey } from '../src/platform/field-crypto.js';
import { sealedBatch, type PeopleContext } from './seed-people.js';

interface Setup {
  context: PeopleContext;
  dataKeys: FieldKey[];
  indexKeys: FieldKey[];
}

const setup = workerData as Setup;
// Buffers arrive as plain Uint8Arrays.
const asKeys = (keys: FieldKey[]) => keys.map((k) => ({ id: k.id, key: Buffer.from(k.key) }));
const crypto = createFieldCrypto(asKeys(setup.dataKeys), asKeys(setup.indexKeys));

parentPort?.on('message', (message: { start: number; ids: number[] }) => {
  parentPort?.postMessage({
    start: message.start,
    batch: sealedBatch(setup.context, crypto, message.start, message.ids),
  });
});
