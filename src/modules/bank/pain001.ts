/**
 * A pain.001 credit-transfer file (docs/payouts.md, "Payment files"), built with xmlbuilder2: the
 * message's namespace as the default namespace (no prefixes, as in the banks' examples), one group
 * header, one PmtInf per execution date and kind (domestic, foreign) with category purpose SALA
 * and batch booking, one CdtTrfTxInf per payout. Pure: no I/O, the same input gives the same bytes.
 *
 * Built in pieces so a file of 10 000 transactions never exists as one document tree (about 200 MiB
 * for 10 000; docs/performance.md, "Payment files"): the group header and each PmtInf's own elements
 * are one small document, and the transactions are built TX_STEP at a time as xmlbuilder2
 * fragments, serialised and let go. Every byte is still written by xmlbuilder2 (escaping, the
 * namespace, indentation): a piece goes where the document holds a comment marking its place, on a
 * line of its own, and a marker cannot come from the data because text never serialises as `<!--`.
 */
import { createHash } from 'node:crypto';
import { create, fragment } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { PayerConfig } from '../../config.js';
import type { BankFileFormat } from '../../db/database.js';
import { fromMinorUnits } from '../payouts/index.js';

export const PAIN001_FORMATS: readonly BankFileFormat[] = ['pain.001.001.03', 'pain.001.001.09'];

export const namespaceOf = (format: string) => `urn:iso:std:iso:20022:tech:xsd:${format}`;

/** One transaction: the creditor's account as a BBAN (domestic) or an IBAN with its bank's BIC (foreign). */
export interface Transfer {
  traceId: string;
  /** Minor units, > 0. */
  amount: number;
  creditorName: string;
  account: { style: 'bban'; bban: string } | { style: 'iban'; iban: string; bic: string };
  remittance: string;
}

export interface PaymentGroup {
  pmtInfId: string;
  executionDate: string;
  domestic: boolean;
  transfers: Transfer[];
}

export interface Pain001 {
  format: BankFileFormat;
  messageId: string;
  createdAt: string;
  payer: PayerConfig;
  groups: PaymentGroup[];
}

const sum = (amounts: number[]) => amounts.reduce((a, b) => a + b, 0);

/** The file's bytes (UTF-8 XML), their SHA-256 (hex) and its totals: the number of transactions and the control sum in minor units. */
export function buildPain001(input: Pain001): { bytes: Buffer; sha256: string; count: number; controlSum: number } {
  const v09 = input.format === 'pain.001.001.09';
  const bicTag = v09 ? 'BICFI' : 'BIC';
  const all = input.groups.flatMap((g) => g.transfers);
  const controlSum = sum(all.map((t) => t.amount));
  const { payer } = input;

  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(namespaceOf(input.format), 'Document');
  const initiation = root.ele('CstmrCdtTrfInitn');

  const header = initiation.ele('GrpHdr');
  header.ele('MsgId').txt(input.messageId);
  header.ele('CreDtTm').txt(input.createdAt);
  header.ele('NbOfTxs').txt(String(all.length));
  header.ele('CtrlSum').txt(fromMinorUnits(controlSum));
  const initiator = header.ele('InitgPty');
  initiator.ele('Nm').txt(payer.name);
  const ids = initiator.ele('Id').ele('OrgId');
  const other = (parent: XMLBuilder, id: string, scheme: string) =>
    parent.ele('Othr').ele('Id').txt(id).up().ele('SchmeNm').ele('Cd').txt(scheme);
  other(ids, payer.orgNumber, 'CUST');
  if (payer.bankCustomerId) other(ids, payer.bankCustomerId, 'BANK');

  input.groups.forEach((group, index) => {
    const info = initiation.ele('PmtInf');
    info.ele('PmtInfId').txt(group.pmtInfId);
    info.ele('PmtMtd').txt('TRF');
    info.ele('BtchBookg').txt('true');
    info.ele('NbOfTxs').txt(String(group.transfers.length));
    info.ele('CtrlSum').txt(fromMinorUnits(sum(group.transfers.map((t) => t.amount))));
    info.ele('PmtTpInf').ele('CtgyPurp').ele('Cd').txt('SALA');
    if (v09) info.ele('ReqdExctnDt').ele('Dt').txt(group.executionDate);
    else info.ele('ReqdExctnDt').txt(group.executionDate);
    const debtor = info.ele('Dbtr');
    debtor.ele('Nm').txt(payer.name);
    other(debtor.ele('Id').ele('OrgId'), payer.orgNumber, 'CUST');
    const debtorAccount = info.ele('DbtrAcct');
    account(debtorAccount.ele('Id'), payer.account.style === 'bban' ? payer.account.bban : null, payer.account);
    debtorAccount.ele('Ccy').txt('NOK');
    info.ele('DbtrAgt').ele('FinInstnId').ele(bicTag).txt(payer.bic);
    if (!group.domestic) info.ele('ChrgBr').txt('SHAR');
    info.com(marker(index));
  });

  // The skeleton, then each group's transactions in its marker's place.
  const pieces = root.end({ prettyPrint: true }).split(MARKER_LINE);
  if (pieces.length !== input.groups.length + 1) throw new Error('the payment file skeleton lost a marker');
  // Each piece is written as bytes at once into one buffer: a serialised fragment is a rope of
  // thousands of small strings, and keeping hundreds of them would hold several times their text;
  // a list of pieces to join would hold the file twice. The bytes are what is hashed, encrypted
  // and stored (docs/data-protection.md), never copied into one string.
  const sha256 = createHash('sha256');
  // Room for the longest transaction (70-character names of two-byte letters, an IBAN and a BIC):
  // pages never written are never resident, and a file that outgrows it is copied once.
  let out = Buffer.allocUnsafe(pieces[0]!.length * 4 + all.length * TX_BYTES);
  let length = 0;
  const add = (piece: string) => {
    const size = Buffer.byteLength(piece, 'utf8');
    if (length + size > out.length) {
      const grown = Buffer.allocUnsafe(Math.max(out.length * 2, length + size));
      out.copy(grown, 0, 0, length);
      out = grown;
    }
    out.write(piece, length, 'utf8');
    sha256.update(out.subarray(length, length + size));
    length += size;
  };
  add(pieces[0] as string);
  input.groups.forEach((group, index) => {
    for (let i = 0; i < group.transfers.length; i += TX_STEP)
      add(transactions(group.transfers.slice(i, i + TX_STEP), bicTag));
    add(pieces[index + 1] as string);
  });
  return { bytes: out.subarray(0, length), sha256: sha256.digest('hex'), count: all.length, controlSum };
}

/** Bytes reserved per transaction: more than one ever takes (about 580 for a domestic one). */
const TX_BYTES = 1024;
/** How many transactions one fragment holds (a few hundred KiB of tree, gone once serialised). */
const TX_STEP = 25;
/** A transaction's depth: Document > CstmrCdtTrfInitn > PmtInf > CdtTrfTxInf, two spaces a level. */
const TX_INDENT = '      ';
const marker = (index: number) => `transactions ${index}`;
/** A marker's line in the serialised skeleton, with its indentation and line break. */
const MARKER_LINE = new RegExp(`${TX_INDENT}<!--transactions \\d+-->\n`);

/** Transactions as xmlbuilder2 writes them inside a PmtInf: each on its own lines, indented, ending in a line break. */
function transactions(transfers: readonly Transfer[], bicTag: string): string {
  const doc = fragment();
  for (const transfer of transfers) {
    const tx = doc.ele('CdtTrfTxInf');
    tx.ele('PmtId').ele('InstrId').txt(transfer.traceId).up().ele('EndToEndId').txt(transfer.traceId);
    tx.ele('Amt').ele('InstdAmt', { Ccy: 'NOK' }).txt(fromMinorUnits(transfer.amount));
    if (transfer.account.style === 'iban') tx.ele('CdtrAgt').ele('FinInstnId').ele(bicTag).txt(transfer.account.bic);
    tx.ele('Cdtr').ele('Nm').txt(transfer.creditorName);
    account(
      tx.ele('CdtrAcct').ele('Id'),
      transfer.account.style === 'bban' ? transfer.account.bban : null,
      transfer.account,
    );
    tx.ele('RmtInf').ele('Ustrd').txt(transfer.remittance);
  }
  return `${doc.end({ prettyPrint: true, offset: 3 })}\n`;
}

function account(id: XMLBuilder, bban: string | null, acct: { style: 'bban' } | { style: 'iban'; iban: string }) {
  if (bban !== null) id.ele('Othr').ele('Id').txt(bban).up().ele('SchmeNm').ele('Cd').txt('BBAN');
  else if (acct.style === 'iban') id.ele('IBAN').txt(acct.iban);
}
