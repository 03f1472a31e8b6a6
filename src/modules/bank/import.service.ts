/**
 * Bank reports in (docs/payouts.md, "Bank reports"): a pain.002 or camt.054 is checked (size, no
 * DOCTYPE or entities, its schema) before anything in it is used (the parser reads it while the
 * schema is checked, never before the DOCTYPE and entity checks); its lines are matched to the
 * payment files by trace id, and what they say is applied through the payouts' lifecycle in one
 * transaction, with each applied line kept in the payout's bank history. The same report twice
 * changes nothing; what cannot be applied is listed, never guessed.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { currentActor } from '../../platform/actor.js';
import type { FieldCrypto } from '../../platform/field-crypto.js';
import type { AuditService } from '../audit/index.js';
import { fromMinorUnits, type BankQueue, type BankVerdict } from '../payouts/index.js';
import * as repo from './bank.repository.js';
import {
  parseReport,
  reportTypeOf,
  REPORT_TYPES,
  type ParsedReport,
  type ReportLine,
  type ReportType,
} from './reports.js';
import { schemaProblems } from './xml.js';

/** The largest report read: a camt.054 of 10 000 transactions is about 10 MB. */
export const MAX_REPORT_BYTES = 32 * 1024 * 1024;

export interface ImportProblem {
  reference: string;
  problem: string;
}

export interface ImportReport {
  message_id: string;
  message_type: ReportType;
  applied: number;
  unchanged: number;
  problems: ImportProblem[];
}

export interface ImportDeps {
  db: Kysely<Database>;
  clock: Clock;
  queue: Pick<BankQueue, 'settle'>;
  audit: Pick<AuditService, 'record'>;
  crypto: FieldCrypto;
}

const invalid = (problem: string) => new AppError('bank_report_invalid', problem);

const OSLO_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Oslo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** 00:00 in Europe/Oslo on `day` (YYYY-MM-DD), as a UTC ISO timestamp. */
export function osloMidnight(day: string): string {
  const base = Date.parse(`${day}T00:00:00.000Z`);
  for (const hours of [1, 2]) {
    const at = new Date(base - hours * 3_600_000);
    const parts = Object.fromEntries(OSLO_PARTS.formatToParts(at).map((p) => [p.type, p.value]));
    if (`${parts.year}-${parts.month}-${parts.day}` === day && parts.hour === '00') return at.toISOString();
  }
  return new Date(base - 3_600_000).toISOString();
}

type Attempt = Awaited<ReturnType<typeof repo.attemptsByTrace>>[number];

/**
 * The report's lines, refused whole unless its bytes are a valid report of a known type. The
 * parser reads the text while libxml2 checks it against the schema in its own thread; what it read
 * is used only once the schema has passed (and a file the parser cannot read is named by the
 * schema's words when the schema fails it too).
 */
async function readable(content: Buffer): Promise<{ parsed: ParsedReport; type: ReportType }> {
  if (content.byteLength > MAX_REPORT_BYTES)
    throw invalid(`The report is ${content.byteLength} bytes; the limit is ${MAX_REPORT_BYTES} bytes (32 MiB).`);
  const xml = content.toString('utf8');
  // A bank report never needs a DTD: a DOCTYPE or an entity is refused before any parser sees it.
  if (/<!DOCTYPE/i.test(xml))
    throw invalid('The report has a DOCTYPE; bank reports have none, and onpay refuses them.');
  if (/<!ENTITY/i.test(xml)) throw invalid('The report declares entities; onpay refuses them.');
  const type = reportTypeOf(xml);
  if (!type)
    throw invalid(
      `The file is not a bank report onpay reads: its Document namespace must be one of ${REPORT_TYPES.map((t) => `urn:iso:std:iso:20022:tech:xsd:${t}`).join(', ')}.`,
    );
  const validation = schemaProblems(xml, type);
  let parsed: ParsedReport | undefined;
  let unreadable: unknown;
  try {
    parsed = parseReport(xml, type);
  } catch (error) {
    unreadable = error;
  }
  const problems = await validation;
  if (problems.length > 0) throw invalid(`The report is not valid ${type}: ${problems.join('; ')}`);
  if (!parsed) throw unreadable;
  return { parsed, type };
}

/** What the lines of one report point at, read at once: their attempts, files and payment informations. */
interface Lookups {
  byTrace: Map<string, Attempt>;
  files: Map<string, File | undefined>;
  /** A file's attempts (`${fileId}`), or one PmtInf's (`${fileId}/${pmtInfId}`), for group and PmtInf lines. */
  ofFile: Map<string, Attempt[]>;
}

type File = Awaited<ReturnType<typeof repo.fileByMessageId>>;

const scopeKey = (fileId: number, line: ReportLine) =>
  line.scope === 'payment_information' ? `${fileId}/${line.pmtInfId}` : `${fileId}`;

async function lookups(trx: Transaction<Database>, lines: readonly ReportLine[], type: ReportType): Promise<Lookups> {
  const traces = lines.flatMap((line) => (line.traceId === null ? [] : [line.traceId]));
  const byTrace = new Map((await repo.attemptsByTrace(trx, traces)).map((a) => [a.trace_id, a]));
  const files = new Map<string, File | undefined>();
  const ofFile = new Map<string, Attempt[]>();
  if (!type.startsWith('pain.002')) return { byTrace, files, ofFile };
  for (const line of lines) {
    const messageId = line.fileMessageId ?? '';
    if (!files.has(messageId)) files.set(messageId, await repo.fileByMessageId(trx, messageId));
    const file = files.get(messageId);
    if (!file || line.scope === 'transaction' || ofFile.has(scopeKey(file.id, line))) continue;
    const pmtInfId = line.scope === 'payment_information' ? line.pmtInfId : null;
    ofFile.set(scopeKey(file.id, line), await repo.attemptsOfFile(trx, file.id, pmtInfId));
  }
  return { byTrace, files, ofFile };
}

/** The attempts a line is about, or the problem that stops it. */
function attemptsOf(line: ReportLine, type: ReportType, found: Lookups): { attempts: Attempt[] } | { problem: string } {
  const attempt = line.traceId === null ? undefined : found.byTrace.get(line.traceId);
  if (!type.startsWith('pain.002')) {
    if (line.traceId === null) return { problem: 'the bank gives no EndToEndId: nothing to match it by' };
    if (!attempt) return { problem: `no payment file has a transaction ${line.traceId}` };
    return { attempts: [attempt] };
  }
  const file = found.files.get(line.fileMessageId ?? '');
  if (!file) return { problem: `no payment file has the message id ${line.fileMessageId ?? '(none)'}` };
  if (line.scope !== 'transaction') {
    const attempts = found.ofFile.get(scopeKey(file.id, line)) ?? [];
    if (attempts.length === 0)
      return { problem: `payment file ${file.id} has no payment information ${line.pmtInfId}` };
    const except = new Set(line.exceptPmtInfIds ?? []);
    return { attempts: except.size === 0 ? attempts : attempts.filter((a) => !except.has(a.pmt_inf_id)) };
  }
  if (!attempt || attempt.file_id !== file.id)
    return { problem: `payment file ${file.id} (${file.message_id}) has no transaction ${line.traceId ?? '(none)'}` };
  return { attempts: [attempt] };
}

/**
 * camt.054 entries that book several transactions without an amount for each: why the entry's
 * amount is not the sum of its transactions' attempts (every one must be known), by entry key;
 * absent when it is.
 */
function entryProblems(lines: readonly ReportLine[], found: Lookups): Map<number, string> {
  const entries = new Map<number, { line: ReportLine; sent: number; known: number }>();
  for (const line of lines) {
    if (!line.entry) continue;
    const entry = entries.get(line.entry.key) ?? { line, sent: 0, known: 0 };
    const attempt = line.traceId === null ? undefined : found.byTrace.get(line.traceId);
    if (attempt) {
      entry.sent += Number(attempt.amount);
      entry.known++;
    }
    entries.set(line.entry.key, entry);
  }
  const problems = new Map<number, string>();
  for (const [key, { line, sent, known }] of entries) {
    const { amount, transactions } = line.entry!;
    const booked = amount === null ? 'no amount' : `${amount.text} ${amount.currency ?? 'NOK'}`;
    if (known < transactions)
      problems.set(
        key,
        `the entry books ${booked} for ${transactions} transactions without an amount for each, and not all of them are in onpay's payment files: nothing to check the amount against`,
      );
    else if (amount?.minor !== sent || (amount.currency ?? 'NOK') !== 'NOK')
      problems.set(
        key,
        `the entry books ${booked} for ${transactions} transactions, the payment files sent ${fromMinorUnits(sent)} NOK for them`,
      );
  }
  return problems;
}

/** Why a line's amount is not the attempt's (to the øre, in NOK), or null when it is (or the line has none). */
function amountProblem(line: ReportLine, attempt: Attempt): string | null {
  const reported = line.amount;
  const sent = Number(attempt.amount);
  const currency = reported?.currency ?? 'NOK';
  if (reported === null || (reported.minor === sent && currency === 'NOK')) return null;
  const shown = reported.minor === null ? reported.text : fromMinorUnits(reported.minor);
  return `the bank reports ${shown} ${currency}, the payment file sent ${fromMinorUnits(sent)} NOK`;
}

type Verdict = BankVerdict & { line: ReportLine; fileId: number };

/** What the payout's bank history keeps of an applied line. */
const historyLine = (v: Verdict): repo.HistoryLine => ({
  payout_id: v.payoutId,
  file_id: v.fileId,
  trace_id: v.traceId,
  bank_status: v.line.bankStatus.slice(0, 8),
  outcome: v.to,
  code: v.line.code?.slice(0, 8) ?? null,
  text: v.line.text,
  date: v.line.date,
});

const historyKey = (h: Pick<repo.HistoryLine, 'trace_id' | 'bank_status' | 'outcome' | 'code' | 'date'>) =>
  JSON.stringify([h.trace_id, h.bank_status, h.outcome, h.code ?? null, h.date ?? null]);

export function createBankImport({ db, clock, queue, audit, crypto }: ImportDeps) {
  return {
    /**
     * Imports one bank report. Refused whole (nothing changes) when it is too large, has a DOCTYPE
     * or entities, or is not valid against its schema; otherwise applied line by line, and the
     * answer counts what was applied and unchanged and lists every problem.
     */
    async importReport(content: Buffer): Promise<ImportReport> {
      const { parsed, type } = await readable(content);
      const sha256 = createHash('sha256').update(content).digest('hex');
      const by = currentActor().label.slice(0, 255);
      const now = clock.now().toISOString();

      return db.transaction().execute(async (trx) => {
        const problems: ImportProblem[] = [];
        let unchanged = 0;
        const verdicts: Verdict[] = [];
        const named = new Set<number>();
        const looked = await lookups(trx, parsed.lines, type);
        // 00:00 in Oslo once per day named, not once per line.
        const midnights = new Map<string, string>();
        const midnight = (day: string) => midnights.get(day) ?? midnights.set(day, osloMidnight(day)).get(day)!;
        const entries = entryProblems(parsed.lines, looked);
        for (const line of parsed.lines) {
          const found = attemptsOf(line, type, looked);
          if ('problem' in found) {
            problems.push({ reference: line.reference, problem: found.problem });
            continue;
          }
          for (const attempt of found.attempts) {
            named.add(attempt.file_id);
            const reference = attempt.trace_id;
            if (attempt.status === 'voided') {
              problems.push({
                reference,
                problem: `payment file ${attempt.file_id} was voided: nothing is applied from a report about it`,
              });
              continue;
            }
            const mismatch = amountProblem(line, attempt) ?? (line.entry ? entries.get(line.entry.key) : null) ?? null;
            if (mismatch !== null) {
              problems.push({ reference, problem: mismatch });
              continue;
            }
            if (line.unexplainedCredit) {
              problems.push({
                reference,
                problem:
                  'the bank booked money back for this payment without return information (RtrInf): nothing is applied; ask the bank whether it was returned',
              });
              continue;
            }
            if (line.outcome === 'none') {
              unchanged++;
              continue;
            }
            verdicts.push({
              payoutId: attempt.payout_id,
              traceId: attempt.trace_id,
              to: line.outcome,
              isReturn: line.bankStatus === 'RTRN',
              ...(line.outcome === 'paid'
                ? { paidAt: line.date ? midnight(line.date) : now }
                : {
                    code: line.code ?? 'NARR',
                    message: line.text ?? `The bank reported ${line.bankStatus}${line.code ? ` (${line.code})` : ''}.`,
                  }),
              line,
              fileId: attempt.file_id,
            });
          }
        }
        const outcomes = await queue.settle(trx, verdicts);
        // A line the lifecycle refuses now but whose payout's bank history already has (the same
        // report, or another with the same line, imported before) is unchanged, not a problem: a
        // booking and its return in one report, imported again.
        const refused = verdicts.filter((_, i) => outcomes[i]!.outcome === 'refused');
        const kept = new Set(
          (await repo.historyOfPayouts(trx, [...new Set(refused.map((v) => v.payoutId))])).map(historyKey),
        );
        let applied = 0;
        const history: typeof verdicts = [];
        outcomes.forEach((outcome, i) => {
          const verdict = verdicts[i]!;
          if (outcome.outcome === 'unchanged') unchanged++;
          else if (outcome.outcome === 'refused' && kept.has(historyKey(historyLine(verdict)))) unchanged++;
          else if (outcome.outcome === 'refused')
            problems.push({ reference: verdict.traceId, problem: outcome.problem });
          else {
            applied++;
            history.push(verdict);
          }
        });

        const existing = await repo.reportBySha(trx, sha256);
        const reportId =
          existing?.id ??
          (await repo.insertReport(trx, {
            message_id: parsed.messageId.slice(0, 35),
            message_type: type,
            sha256,
            applied,
            unchanged,
            problems: problems.length,
            created_by: by,
            created_at: now,
          }));
        if (!existing) await repo.noteReportFiles(trx, reportId, [...named]);
        await repo.insertHistory(trx, crypto, reportId, now, history.map(historyLine));
        await audit.record(trx, { action: 'bank_report.imported', object: { type: 'bank_report', id: reportId } });
        return { message_id: parsed.messageId, message_type: type, applied, unchanged, problems };
      });
    },
  };
}

export type BankImport = ReturnType<typeof createBankImport>;
