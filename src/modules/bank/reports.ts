/**
 * Bank reports read (docs/payouts.md, "Bank reports"): pain.002 status reports (.03, .10) and
 * camt.054 debit notifications (.02, .08), parsed with fast-xml-parser (entities off, every value
 * kept as a string) into lines the import matches against the payment files. Pure: no I/O.
 * With entities off the parser leaves even XML's own escapes (`&amp;`, `&#248;`) as written:
 * `str` reads those, and only those (a report has no DOCTYPE, so it can declare no others).
 */
import { XMLParser } from 'fast-xml-parser';
import { osloDay } from './bank-files.service.js';

export const REPORT_TYPES = ['pain.002.001.03', 'pain.002.001.10', 'camt.054.001.02', 'camt.054.001.08'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** One thing the bank said, at the level it said it. */
export interface ReportLine {
  /** What the import report names the line by: the EndToEndId, or the message / payment information. */
  reference: string;
  scope: 'transaction' | 'payment_information' | 'group';
  /** A group line: the PmtInf it does not apply to, having their own status in the report. */
  exceptPmtInfIds?: string[];
  /** pain.002: the file it answers (OrgnlMsgId). */
  fileMessageId: string | null;
  pmtInfId: string | null;
  traceId: string | null;
  /** ACSC, RJCT, PART, ACCP, … (pain.002); BOOK, RTRN (camt.054). */
  bankStatus: string;
  outcome: 'paid' | 'failed' | 'none';
  code: string | null;
  text: string | null;
  /** YYYY-MM-DD: the booking or acceptance date. */
  date: string | null;
  /** The amount as the bank reported it (decimal text, currency); null when the line carries none. */
  amount: ReportedAmount | null;
  /**
   * camt.054: the entry of a line that has no amount of its own, when the entry books several
   * transactions (`key` tells entries apart): its amount must be the sum of theirs.
   */
  entry?: { key: number; amount: ReportedAmount | null; transactions: number };
  /** camt.054: a booked credit without return information (money back, reason unknown). */
  unexplainedCredit?: boolean;
}

export interface ReportedAmount {
  text: string;
  currency: string | null;
  /** Minor units; null when `text` is not a whole number of øre (the import calls that a mismatch). */
  minor: number | null;
}

export interface ParsedReport {
  messageId: string;
  messageType: ReportType;
  lines: ReportLine[];
}

const ARRAYS = new Set([
  'Ntfctn',
  'Ntry',
  'NtryDtls',
  'TxDtls',
  'OrgnlPmtInfAndSts',
  'TxInfAndSts',
  'StsRsnInf',
  'AddtlInf',
  'OrgnlGrpInfAndSts',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  // The callbacks get the path as an object, not a string built for every element (a tenth of
  // the parse of a 10 000-transaction report).
  jPath: false,
  isArray: (name) => ARRAYS.has(name),
});

type Node = Record<string, unknown>;
const obj = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});
const list = (value: unknown): Node[] =>
  Array.isArray(value) ? value.map(obj) : value === undefined ? [] : [obj(value)];
const ESCAPES: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/** Text with XML's predefined escapes and character references read; anything else stays as written. */
function unescaped(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(lt|gt|amp|apos|quot|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});/g, (whole, name: string) => {
    if (name[0] !== '#') return ESCAPES[name] as string;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function str(value: unknown): string | null {
  if (typeof value === 'string') return unescaped(value.trim());
  if (value && typeof value === 'object' && typeof (value as Node)['#text'] === 'string')
    return unescaped(((value as Node)['#text'] as string).trim());
  return null;
}

/**
 * A decimal amount (the schemas allow up to five decimals) as minor units; null when it is not a
 * whole number of øre.
 */
export function toMinor(raw: string): number | null {
  const match = /^\+?(\d*)(?:\.(\d*))?$/.exec(raw);
  if (!match || `${match[1]}${match[2] ?? ''}` === '') return null;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  if (/[^0]/.test(fraction.slice(2))) return null;
  const minor = Number(match[1] || '0') * 100 + Number(fraction.slice(0, 2));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** An amount element (`<Amt Ccy="NOK">1234.50</Amt>`), or null when there is none. */
function amountOf(value: unknown): ReportedAmount | null {
  const text = str(value);
  if (text === null) return null;
  const currency = value && typeof value === 'object' ? str((value as Node)['@Ccy']) : null;
  return { text, currency, minor: toMinor(text) };
}

/**
 * The day of a date or date-time (YYYY-MM-DD): a date-time with a time zone (`Z`, `+01:00`) is the
 * day it was in Oslo then; without one it is the bank's local time, taken as written.
 */
function dateOf(raw: string | null): string | null {
  if (!raw || !/^\d{4}-\d{2}-\d{2}/.test(raw)) return null;
  if (/T.*(?:Z|[+-]\d{2}:\d{2})$/.test(raw)) {
    const moment = new Date(raw);
    if (!Number.isNaN(moment.getTime())) return osloDay(moment);
  }
  return raw.slice(0, 10);
}

function reasonOf(node: Node): { code: string | null; text: string | null } {
  const reason = list(node.StsRsnInf)[0];
  if (!reason) return { code: null, text: null };
  const rsn = obj(reason.Rsn);
  const text = list(reason.AddtlInf)
    .map((_, i) => str((reason.AddtlInf as unknown[])[i]))
    .filter(Boolean)
    .join(' ');
  return { code: str(rsn.Cd) ?? str(rsn.Prtry), text: text === '' ? null : text.slice(0, 500) };
}

const outcomeOf = (status: string): ReportLine['outcome'] =>
  status === 'ACSC' ? 'paid' : status === 'RJCT' ? 'failed' : 'none';

function pain002(root: Node, messageType: ReportType): ParsedReport {
  const report = obj(root.CstmrPmtStsRpt);
  const header = obj(report.GrpHdr);
  const messageId = str(header.MsgId) ?? '';
  const reportDate = dateOf(str(header.CreDtTm));
  const lines: ReportLine[] = [];
  for (const group of list(report.OrgnlGrpInfAndSts)) {
    const fileMessageId = str(group.OrgnlMsgId);
    const infos = list(report.OrgnlPmtInfAndSts);
    const hasTransactions = infos.some((info) => list(info.TxInfAndSts).length > 0);
    const groupStatus = str(group.GrpSts);
    // A group status without transaction lines is every transaction's, but for the PmtInf the
    // report gives a status of their own.
    if (groupStatus && !hasTransactions) {
      lines.push({
        reference: fileMessageId ?? '',
        scope: 'group',
        exceptPmtInfIds: infos.filter((info) => str(info.PmtInfSts)).map((info) => str(info.OrgnlPmtInfId) ?? ''),
        fileMessageId,
        pmtInfId: null,
        traceId: null,
        bankStatus: groupStatus,
        outcome: outcomeOf(groupStatus),
        ...reasonOf(group),
        date: reportDate,
        amount: null,
      });
    }
    for (const info of infos) {
      const pmtInfId = str(info.OrgnlPmtInfId);
      const infoStatus = str(info.PmtInfSts);
      const transactions = list(info.TxInfAndSts);
      if (infoStatus && transactions.length === 0) {
        lines.push({
          reference: pmtInfId ?? '',
          scope: 'payment_information',
          fileMessageId,
          pmtInfId,
          traceId: null,
          bankStatus: infoStatus,
          outcome: outcomeOf(infoStatus),
          ...reasonOf(info),
          date: reportDate,
          amount: null,
        });
      }
      for (const tx of transactions) {
        const traceId = str(tx.OrgnlEndToEndId) ?? str(tx.OrgnlInstrId);
        const status = str(tx.TxSts) ?? infoStatus ?? groupStatus ?? '';
        const ref = obj(tx.OrgnlTxRef);
        lines.push({
          reference: traceId ?? '(no OrgnlEndToEndId)',
          scope: 'transaction',
          fileMessageId,
          pmtInfId,
          traceId,
          bankStatus: status,
          outcome: outcomeOf(status),
          ...reasonOf(tx),
          date: dateOf(str(tx.AccptncDtTm)) ?? reportDate,
          amount: amountOf(obj(ref.Amt).InstdAmt),
        });
      }
    }
  }
  return { messageId, messageType, lines };
}

function camt054(root: Node, messageType: ReportType): ParsedReport {
  const notification = obj(root.BkToCstmrDbtCdtNtfctn);
  const messageId = str(obj(notification.GrpHdr).MsgId) ?? '';
  const lines: ReportLine[] = [];
  let entries = 0;
  for (const ntfctn of list(notification.Ntfctn)) {
    for (const entry of list(ntfctn.Ntry)) {
      const key = entries++;
      const status = str(entry.Sts) ?? str(obj(entry.Sts).Cd) ?? '';
      const debit = str(entry.CdtDbtInd) === 'DBIT';
      const bookingDate = dateOf(str(obj(entry.BookgDt).Dt) ?? str(obj(entry.BookgDt).DtTm));
      const details = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
      if (details.length === 0)
        // Nothing to match it by: listed, never applied.
        lines.push({
          reference: str(entry.AcctSvcrRef) ?? str(entry.NtryRef) ?? '(no reference)',
          scope: 'transaction',
          fileMessageId: null,
          pmtInfId: null,
          traceId: null,
          bankStatus: status,
          outcome: 'none',
          code: null,
          text: null,
          date: bookingDate,
          amount: amountOf(entry.Amt),
        });
      for (const tx of details) {
        const refs = obj(tx.Refs);
        const traceId = str(refs.EndToEndId) ?? str(refs.InstrId);
        const amountDetails = obj(tx.AmtDtls);
        const amount =
          amountOf(tx.Amt) ??
          amountOf(obj(amountDetails.TxAmt).Amt) ??
          amountOf(obj(amountDetails.InstdAmt).Amt) ??
          (details.length === 1 ? amountOf(entry.Amt) : null);
        const ret = tx.RtrInf === undefined ? null : obj(tx.RtrInf);
        const base = {
          reference: traceId ?? '(no EndToEndId)',
          scope: 'transaction' as const,
          fileMessageId: null,
          pmtInfId: null,
          traceId,
          date: bookingDate,
          amount,
          ...(amount === null && details.length > 1
            ? { entry: { key, amount: amountOf(entry.Amt), transactions: details.length } }
            : {}),
        };
        if (ret) {
          const rsn = obj(ret.Rsn);
          const text = list(ret.AddtlInf)
            .map((_, i) => str((ret.AddtlInf as unknown[])[i]))
            .filter(Boolean)
            .join(' ');
          lines.push({
            ...base,
            bankStatus: 'RTRN',
            outcome: status === 'BOOK' ? 'failed' : 'none',
            code: str(rsn.Cd) ?? str(rsn.Prtry),
            text: text === '' ? null : text.slice(0, 500),
          });
        } else {
          lines.push({
            ...base,
            bankStatus: status,
            outcome: status === 'BOOK' && debit ? 'paid' : 'none',
            code: null,
            text: null,
            ...(status === 'BOOK' && str(entry.CdtDbtInd) === 'CRDT' ? { unexplainedCredit: true } : {}),
          });
        }
      }
    }
  }
  // In booking order: a report need not list its entries so, and a payout's booking comes before its return.
  const day = (line: ReportLine) => line.date ?? '9999-12-31';
  lines.sort((a, b) => (day(a) < day(b) ? -1 : day(a) > day(b) ? 1 : 0));
  return { messageId, messageType, lines };
}

/** The report's lines; the XML must already be valid against the schema of `messageType`. */
export function parseReport(xml: string, messageType: ReportType): ParsedReport {
  const root = obj(obj(parser.parse(xml)).Document);
  return messageType.startsWith('pain.002') ? pain002(root, messageType) : camt054(root, messageType);
}

/** The message type a report's namespace names, or null. */
export function reportTypeOf(xml: string): ReportType | null {
  const match =
    /<(?:\w+:)?Document\b[^>]*\bxmlns(?::\w+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:([a-z0-9.]+)["']/.exec(
      xml.slice(0, 4096),
    );
  const type = match?.[1];
  return type && (REPORT_TYPES as readonly string[]).includes(type) ? (type as ReportType) : null;
}
