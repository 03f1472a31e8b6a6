/**
 * Payment files in tests: read a pain.001 back (fast-xml-parser, every value a string) and check
 * it against its official schema (libxml2, src/modules/bank/schemas).
 */
import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';
import { schemaProblems, type MessageSchema } from '../../src/modules/bank/index.js';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  isArray: (name) => ['PmtInf', 'CdtTrfTxInf', 'Othr'].includes(name),
});

export interface ParsedTx {
  PmtId: { InstrId: string; EndToEndId: string };
  Amt: { InstdAmt: { '#text': string; '@Ccy': string } };
  CdtrAgt?: { FinInstnId: Record<string, string> };
  Cdtr: { Nm: string };
  CdtrAcct: { Id: { IBAN?: string; Othr?: Array<{ Id: string; SchmeNm: { Cd: string } }> } };
  RmtInf: { Ustrd: string };
}

export interface ParsedPmtInf {
  PmtInfId: string;
  BtchBookg: string;
  NbOfTxs: string;
  CtrlSum: string;
  PmtTpInf: { CtgyPurp: { Cd: string } };
  ReqdExctnDt: string | { Dt: string };
  ChrgBr?: string;
  CdtTrfTxInf: ParsedTx[];
}

export interface ParsedPain001 {
  namespace: string;
  GrpHdr: { MsgId: string; NbOfTxs: string; CtrlSum: string; InitgPty: { Nm: string } };
  PmtInf: ParsedPmtInf[];
}

export function parsePain001(xml: string): ParsedPain001 {
  const doc = parser.parse(xml) as {
    Document: { '@xmlns': string; CstmrCdtTrfInitn: Omit<ParsedPain001, 'namespace'> };
  };
  return { namespace: doc.Document['@xmlns'], ...doc.Document.CstmrCdtTrfInitn };
}

/** Fails the test with libxml2's words unless `xml` is valid against the schema of `message`. */
export async function expectValid(xml: string, message: MessageSchema): Promise<void> {
  expect(await schemaProblems(xml, message), `${message} schema problems`).toEqual([]);
}

/** A reason as banks send it: a code and, optionally, words. */
export interface FixtureReason {
  code: string;
  text?: string;
}

const reasonXml = (r?: FixtureReason) =>
  r ? `<StsRsnInf><Rsn><Cd>${r.code}</Cd></Rsn>${r.text ? `<AddtlInf>${r.text}</AddtlInf>` : ''}</StsRsnInf>` : '';

/** A pain.002 status report (.03 or .10) answering one payment file, as a bank writes it. */
export function pain002(report: {
  version: '03' | '10';
  msgId: string;
  orgnlMsgId: string;
  orgnlFormat?: string;
  grpSts?: string;
  grpReason?: FixtureReason;
  infos?: Array<{
    pmtInfId: string;
    sts?: string;
    reason?: FixtureReason;
    txs?: Array<{ trace: string; sts: string; reason?: FixtureReason; amount?: string; accepted?: string }>;
  }>;
}): string {
  const infos = (report.infos ?? [])
    .map(
      (info) =>
        `<OrgnlPmtInfAndSts><OrgnlPmtInfId>${info.pmtInfId}</OrgnlPmtInfId>${info.sts ? `<PmtInfSts>${info.sts}</PmtInfSts>` : ''}${reasonXml(info.reason)}${(
          info.txs ?? []
        )
          .map(
            (tx) =>
              `<TxInfAndSts><OrgnlInstrId>${tx.trace}</OrgnlInstrId><OrgnlEndToEndId>${tx.trace}</OrgnlEndToEndId><TxSts>${tx.sts}</TxSts>${reasonXml(tx.reason)}${tx.accepted ? `<AccptncDtTm>${tx.accepted}</AccptncDtTm>` : ''}${tx.amount ? `<OrgnlTxRef><Amt><InstdAmt Ccy="NOK">${tx.amount}</InstdAmt></Amt></OrgnlTxRef>` : ''}</TxInfAndSts>`,
          )
          .join('')}</OrgnlPmtInfAndSts>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.${report.version}"><CstmrPmtStsRpt><GrpHdr><MsgId>${report.msgId}</MsgId><CreDtTm>2026-11-26T07:30:00</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${report.orgnlMsgId}</OrgnlMsgId><OrgnlMsgNmId>${report.orgnlFormat ?? 'pain.001.001.03'}</OrgnlMsgNmId>${report.grpSts ? `<GrpSts>${report.grpSts}</GrpSts>` : ''}${reasonXml(report.grpReason)}</OrgnlGrpInfAndSts>${infos}</CstmrPmtStsRpt></Document>
`;
}

/** A camt.054 debit notification (.02 or .08): booked entries, batch-booked or one per transaction, and returns. */
export function camt054(report: {
  version: '02' | '08';
  msgId: string;
  entries: Array<{
    amount: string;
    credit?: boolean;
    status?: string;
    date: string;
    ref: string;
    batch?: { msgId: string; pmtInfId: string };
    /** `currency` defaults to NOK; without `amount` the transaction has none of its own (a batch entry's). */
    txs: Array<{ trace: string; amount?: string; currency?: string; ret?: FixtureReason }>;
  }>;
}): string {
  const v08 = report.version === '08';
  const entries = report.entries
    .map((e) => {
      const txs = e.txs
        .map((tx) => {
          const ccy = tx.currency ?? 'NOK';
          const amount =
            tx.amount === undefined
              ? ''
              : v08
                ? `<Amt Ccy="${ccy}">${tx.amount}</Amt>`
                : `<AmtDtls><TxAmt><Amt Ccy="${ccy}">${tx.amount}</Amt></TxAmt></AmtDtls>`;
          const ret = tx.ret
            ? `<RtrInf><Rsn><Cd>${tx.ret.code}</Cd></Rsn>${tx.ret.text ? `<AddtlInf>${tx.ret.text}</AddtlInf>` : ''}</RtrInf>`
            : '';
          return `<TxDtls><Refs><InstrId>${tx.trace}</InstrId><EndToEndId>${tx.trace}</EndToEndId></Refs>${amount}${ret}</TxDtls>`;
        })
        .join('');
      const batch = e.batch
        ? `<Btch><MsgId>${e.batch.msgId}</MsgId><PmtInfId>${e.batch.pmtInfId}</PmtInfId><NbOfTxs>${e.txs.length}</NbOfTxs></Btch>`
        : '';
      const status = e.status ?? 'BOOK';
      return `<Ntry><Amt Ccy="NOK">${e.amount}</Amt><CdtDbtInd>${e.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>${v08 ? `<Sts><Cd>${status}</Cd></Sts>` : `<Sts>${status}</Sts>`}<BookgDt><Dt>${e.date}</Dt></BookgDt><AcctSvcrRef>${e.ref}</AcctSvcrRef><BkTxCd><Prtry><Cd>SALARY</Cd></Prtry></BkTxCd><NtryDtls>${batch}${txs}</NtryDtls></Ntry>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.${report.version}"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>${report.msgId}</MsgId><CreDtTm>2026-11-27T06:00:00</CreDtTm></GrpHdr><Ntfctn><Id>${report.msgId}-1</Id><CreDtTm>2026-11-27T06:00:00</CreDtTm><Acct><Id><Othr><Id>12345678903</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr></Id></Acct>${entries}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>
`;
}
