/**
 * Payment files (docs/payouts.md, "Payment files"): export the pending payouts into a pain.001,
 * recorded with its bytes in the transaction that moves its payouts to processing; list, download
 * and void files. Each action is audited.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { PayerConfig } from '../../config.js';
import type { BankFileFormat, Database, Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { parseId } from '../../ids.js';
import { currentActor } from '../../platform/actor.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import type { AuditService } from '../audit/index.js';
import { fromMinorUnits, type BankQueue, type QueuedPayout } from '../payouts/index.js';
import type { Directory } from '../users/index.js';
import * as repo from './bank.repository.js';
import { buildPain001, PAIN001_FORMATS, type PaymentGroup } from './pain001.js';
import { bankText } from './text.js';

export interface BankFilesDeps {
  db: Kysely<Database>;
  clock: Clock;
  payer: PayerConfig;
  queue: Pick<BankQueue, 'takeForFile' | 'releaseFile'>;
  directory: Pick<Directory, 'linkNames'>;
  audit: Pick<AuditService, 'record'>;
  crypto: FieldCrypto;
}

export interface ExportRequest {
  format?: string;
  /** YYYY-MM-DD: only payouts whose invoice is due on or before it. */
  dueBefore?: string;
  partnerId?: number;
}

/** What an export made: no file (payouts 0) when nothing was pending. */
export interface ExportResult {
  fileId: number | null;
  messageId: string | null;
  format: BankFileFormat;
  payouts: number;
  /** Decimal string, NOK. */
  controlSum: string;
  /** Payouts of 0.00 marked paid without a transfer. */
  settledWithoutTransfer: number;
  /** The file's bytes, UTF-8 XML as stored and sent (null without a file): never copied into a string. */
  xml: Buffer | null;
}

export interface BankFileView {
  file_id: number;
  message_id: string;
  format: BankFileFormat;
  payouts: number;
  control_sum: string;
  status: 'live' | 'voided';
  created_at: string;
  created_by: string;
  voided_at: string | null;
  voided_by: string | null;
}

/** A payout and the bank, as the employee's page tells it. */
export interface PayoutBankState {
  /** When its latest attempt's payment file was made; null when it was never sent (or its file was voided). */
  sentAt: string | null;
  /** The day the file asked the bank to pay it. */
  executionDate: string | null;
  /** Whether a bank report settled it (else an operator did, for a payment made another way). */
  settledByBank: boolean;
}

type FileRow = NonNullable<Awaited<ReturnType<typeof repo.findFile>>>;

function fileRowToView(row: FileRow): BankFileView {
  return {
    file_id: row.id,
    message_id: row.message_id,
    format: row.format,
    payouts: row.payouts,
    control_sum: fromMinorUnits(Number(row.control_sum)),
    status: row.status,
    created_at: row.created_at,
    created_by: row.created_by,
    voided_at: row.voided_at,
    voided_by: row.voided_by,
  };
}

/** Thrown inside the export's transaction to undo it when it took nothing (no file row is kept). */
class NothingPending extends Error {
  constructor(readonly settledWithoutTransfer: number) {
    super('nothing pending');
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const OSLO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Oslo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Europe/Oslo at `moment` (YYYY-MM-DD). */
export function osloDay(moment: Date): string {
  return OSLO_DAY.format(moment);
}

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A message id never used before: ≤ 35 characters, the time and 40 random bits. */
function newMessageId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `ONP-${stamp}-${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** Domestic: a Norwegian account (BBAN, or a Norwegian IBAN sent as its BBAN); foreign: any other IBAN. */
function transferAccount(account: QueuedPayout['account']) {
  if (account.style === 'iban' && account.iban.startsWith('NO') && account.iban.length === 15)
    return { style: 'bban' as const, bban: account.iban.slice(4) };
  return account;
}

export function createBankFiles({ db, clock, payer, queue, directory, audit, crypto }: BankFilesDeps) {
  function readFormat(raw: string | undefined): BankFileFormat {
    const format = raw ?? 'pain.001.001.03';
    if (!PAIN001_FORMATS.includes(format as BankFileFormat))
      throw AppError.field('format', `The format must be one of ${PAIN001_FORMATS.join(', ')} (got "${format}").`);
    return format as BankFileFormat;
  }

  async function groupsOf(
    trx: Executor,
    taken: QueuedPayout[],
    messageId: string,
    today: string,
  ): Promise<PaymentGroup[]> {
    const userIds = [...new Set(taken.map((p) => p.userId))];
    const names = new Map<string, string>();
    for (let i = 0; i < userIds.length; i += 500)
      for (const [key, name] of await directory.linkNames(userIds.slice(i, i + 500), trx)) names.set(key, name);
    const groups = new Map<string, PaymentGroup>();
    for (const payout of taken) {
      const account = transferAccount(payout.account);
      const domestic = account.style === 'bban';
      const executionDate = payout.dueDate < today ? today : payout.dueDate;
      const key = `${executionDate}:${domestic ? 'domestic' : 'foreign'}`;
      let group = groups.get(key);
      if (!group) {
        group = { pmtInfId: '', executionDate, domestic, transfers: [] };
        groups.set(key, group);
      }
      const name = names.get(`${payout.partnerId}:${payout.userId}`) ?? '';
      group.transfers.push({
        traceId: payout.traceId,
        amount: payout.amount,
        creditorName: bankText(name, 70, domestic, `Employee ${payout.userId}`),
        account,
        remittance: domestic ? `Lønn ${payout.date} via onpay` : `Salary ${payout.date} via onpay`,
      });
    }
    const ordered = [...groups.values()].sort(
      (a, b) => a.executionDate.localeCompare(b.executionDate) || Number(b.domestic) - Number(a.domestic),
    );
    ordered.forEach((group, i) => (group.pmtInfId = `${messageId}-${i + 1}`));
    return ordered;
  }

  async function fileOrThrow(rawId: string | number) {
    const id = parseId(String(rawId));
    const row = id === null ? undefined : await repo.findFile(db, id);
    if (!row) throw new AppError('bank_file_not_found', `Payment file ${rawId} does not exist.`);
    return row;
  }

  return {
    /**
     * Exports the pending payouts (optionally due on or before a date, of one partner) into one
     * payment file. The file row, its payouts' attempts and their move to processing commit
     * together; a payout another export took first is not in this one. Nothing pending: no file.
     */
    async exportFile(request: ExportRequest): Promise<ExportResult> {
      const format = readFormat(request.format);
      if (request.dueBefore !== undefined && !isRealDate(request.dueBefore))
        throw AppError.field('due_before', `The due date must be a date as YYYY-MM-DD (got "${request.dueBefore}").`);
      const now = clock.now();
      const createdAt = now.toISOString();
      const today = osloDay(now);
      const messageId = newMessageId(now);
      const by = currentActor().label.slice(0, 255);
      try {
        return await db.transaction().execute(async (trx): Promise<ExportResult> => {
          const fileId = await repo.insertFile(trx, {
            message_id: messageId,
            format,
            payouts: 0,
            control_sum: 0,
            sha256: '',
            content: '',
            status: 'live',
            created_by: by,
            created_at: createdAt,
          });
          const { taken, settledWithoutTransfer } = await queue.takeForFile(
            trx,
            { dueBefore: request.dueBefore, partnerId: request.partnerId },
            `OP-${fileId}-`,
          );
          if (taken.length === 0) throw new NothingPending(settledWithoutTransfer);
          const groups = await groupsOf(trx, taken, messageId, today);
          const built = buildPain001({ format, messageId, createdAt, payer, groups });
          await repo.completeFile(trx, crypto, fileId, {
            payouts: built.count,
            control_sum: built.controlSum,
            sha256: built.sha256,
            content: built.bytes,
          });
          await repo.insertFilePayouts(
            trx,
            groups.flatMap((group) =>
              group.transfers.map((t) => ({
                file_id: fileId,
                payout_id: Number(t.traceId.slice(`OP-${fileId}-`.length)),
                trace_id: t.traceId,
                pmt_inf_id: group.pmtInfId,
                amount: t.amount,
                execution_date: group.executionDate,
              })),
            ),
          );
          await audit.record(trx, { action: 'bank_file.exported', object: { type: 'bank_file', id: fileId } });
          return {
            fileId,
            messageId,
            format,
            payouts: built.count,
            controlSum: fromMinorUnits(built.controlSum),
            settledWithoutTransfer,
            xml: built.bytes,
          };
        });
      } catch (error) {
        if (!(error instanceof NothingPending)) throw error;
        // Payouts of 0.00 are still settled when nothing else was pending.
        if (error.settledWithoutTransfer > 0) return this.settleZeroOnly(request, format);
        return {
          fileId: null,
          messageId: null,
          format,
          payouts: 0,
          controlSum: '0.00',
          settledWithoutTransfer: 0,
          xml: null,
        };
      }
    },

    /** Nothing to send, but payouts of 0.00 to settle: they are marked paid, and no file is written. */
    async settleZeroOnly(request: ExportRequest, format: BankFileFormat): Promise<ExportResult> {
      const settled = await db.transaction().execute(async (trx) => {
        const { taken, settledWithoutTransfer } = await queue.takeForFile(
          trx,
          { dueBefore: request.dueBefore, partnerId: request.partnerId },
          // Nothing is taken into a file here; were a payout to be, the transaction is undone.
          'OP-0-',
        );
        if (taken.length > 0) throw new Error('a payout became pending during the export; run it again');
        return settledWithoutTransfer;
      });
      return {
        fileId: null,
        messageId: null,
        format,
        payouts: 0,
        controlSum: '0.00',
        settledWithoutTransfer: settled,
        xml: null,
      };
    },

    /** The bank reports imported, newest first. */
    async reports(limit = 1000) {
      return repo.listReports(db, limit);
    },

    /** A payout's bank history: what each imported report said of it (status, reason, date), oldest first. */
    async history(payoutId: number) {
      return (await repo.historyOfPayout(db, crypto, payoutId)).map((row) => ({
        report_message_id: row.report_message_id,
        report_type: row.report_type,
        trace_id: row.trace_id,
        bank_status: row.bank_status,
        outcome: row.outcome,
        code: row.code,
        text: row.text,
        date: row.date,
        recorded_at: row.created_at,
      }));
    },

    /** A payout's attempts, oldest first: each payment file it went into, under which trace id, and the file's status. */
    async attemptsOfPayout(payoutId: number) {
      return (await repo.attemptsOfPayout(db, payoutId)).map((row) => ({
        file_id: row.file_id,
        message_id: row.message_id,
        trace_id: row.trace_id,
        status: row.status,
        created_at: row.created_at,
      }));
    },

    /**
     * What the employee's page says of a payout and the bank: when its latest attempt went to the
     * bank (and for which day), and whether a bank report (not an operator) settled it.
     */
    async payoutBankState(payoutId: number, traceId: string | null): Promise<PayoutBankState> {
      const attempt = traceId === null ? undefined : await repo.latestLiveAttempt(db, payoutId);
      const current = attempt && attempt.trace_id === traceId ? attempt : undefined;
      const history = current ? await repo.historyOfPayout(db, crypto, payoutId) : [];
      const last = history.filter((line) => line.trace_id === traceId).at(-1);
      return {
        sentAt: current?.created_at ?? null,
        executionDate: current?.execution_date ?? null,
        settledByBank: last !== undefined,
      };
    },

    /** A file's transactions: each payout's attempt (trace id, amount, execution date, PmtInf). */
    async attempts(rawId: string | number) {
      const row = await fileOrThrow(rawId);
      return (await repo.attemptsOfFile(db, row.id, null)).map((a) => ({
        payoutId: a.payout_id,
        traceId: a.trace_id,
        pmtInfId: a.pmt_inf_id,
        amount: fromMinorUnits(Number(a.amount)),
      }));
    },

    /** Every payment file, newest first. */
    async files(limit = 1000): Promise<BankFileView[]> {
      return (await repo.listFiles(db, limit)).map(fileRowToView);
    },

    async file(rawId: string | number): Promise<BankFileView> {
      return fileRowToView(await fileOrThrow(rawId));
    },

    /** The file's bytes as exported (audited: a download is a copy of payment data leaving onpay). */
    async download(rawId: string | number): Promise<{ file: BankFileView; xml: string }> {
      const row = await fileOrThrow(rawId);
      const stored = (await repo.fileContent(db, crypto, row.id))!;
      await db
        .transaction()
        .execute((trx) =>
          audit.record(trx, { action: 'bank_file.downloaded', object: { type: 'bank_file', id: row.id } }),
        );
      return { file: fileRowToView(row), xml: stored.content };
    },

    /**
     * Voids a live file that no imported report names: its payouts still processing go back to
     * pending (all at once), to be sent again in a later file under new trace ids.
     */
    async voidFile(rawId: string | number): Promise<{ file: BankFileView; released: number }> {
      const row = await fileOrThrow(rawId);
      const now = clock.now().toISOString();
      const by = currentActor().label.slice(0, 255);
      const released = await db.transaction().execute(async (trx) => {
        if (await repo.reportNamed(trx, row.id))
          throw new AppError(
            'conflict',
            `Payment file ${row.id} cannot be voided: the bank has reported on it, so its payouts are with the bank.`,
          );
        if (!(await repo.voidFile(trx, row.id, by, now)))
          throw new AppError('conflict', `Payment file ${row.id} is already voided.`);
        const count = await queue.releaseFile(trx, await repo.traceIdsOfFile(trx, row.id));
        await audit.record(trx, { action: 'bank_file.voided', object: { type: 'bank_file', id: row.id } });
        return count;
      });
      return { file: await this.file(row.id), released };
    },
  };
}

export type BankFiles = ReturnType<typeof createBankFiles>;
