/**
 * Don't use `db` inside a transaction. A query on `db` while the current code runs a transaction
 * waits on SQLite for the one connection the transaction holds, forever; on PostgreSQL it takes
 * another connection and reads (or writes) outside the transaction, without a word. Both fail
 * fast here: the application's Kysely marks the async context of each transaction callback, and
 * the drivers refuse to hand out a connection in a marked context.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Kysely, type Transaction, type TransactionBuilder } from 'kysely';

/** What the error says: the sentence the comments used to say. */
export const WRONG_EXECUTOR =
  "don't use `db` inside a transaction: pass the transaction as the executor (on SQLite a query on `db` waits forever for the connection the transaction holds; on PostgreSQL it runs outside the transaction)";

/** A query on `db` (or a second transaction) from inside a transaction's callback: a bug. */
export class WrongExecutorError extends Error {
  constructor() {
    super(WRONG_EXECUTOR);
    this.name = 'WrongExecutorError';
  }
}

/** Open while the callback runs; closed after, for anything it scheduled that runs later. */
interface Mark {
  open: boolean;
}

const transactionContext = new AsyncLocalStorage<Mark>();

/**
 * Called by the drivers before they hand out a connection (every query on `db`, every
 * transaction's start): one lookup of the current context on the hot path.
 */
export function refuseInsideTransaction(): void {
  if (transactionContext.getStore()?.open) throw new WrongExecutorError();
}

function marking<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  const marked = {
    setAccessMode: (mode: Parameters<TransactionBuilder<DB>['setAccessMode']>[0]) =>
      marking(builder.setAccessMode(mode)),
    setIsolationLevel: (level: Parameters<TransactionBuilder<DB>['setIsolationLevel']>[0]) =>
      marking(builder.setIsolationLevel(level)),
    execute: <T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> =>
      builder.execute(async (trx) => {
        const mark: Mark = { open: true };
        try {
          return await transactionContext.run(mark, () => callback(trx));
        } finally {
          mark.open = false;
        }
      }),
  };
  // TransactionBuilder has private fields, so nothing but itself matches its type; these are its
  // three public methods.
  return marked as unknown as TransactionBuilder<DB>;
}

/** The application's Kysely: its transactions mark their callbacks' context (see above). */
export class GuardedKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    return marking(super.transaction());
  }
}
