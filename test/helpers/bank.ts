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
