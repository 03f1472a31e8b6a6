/**
 * The invoice and the payout statement as PDF (pdfkit; docs/decisions.md §24). Pure: the data in,
 * the bytes out. The standard Helvetica fonts carry Norwegian letters (WinAnsi holds æ, ø, å).
 */

/** The seller: onpay's operator (PAYER_*). */
export interface InvoiceSeller {
  name: string;
  orgNumber: string;
  address: string | null;
}

/** The buyer: the partner, as its invoice details say (its name when no legal name is set). */
export interface InvoiceBuyer {
  name: string;
  orgNumber: string | null;
  address: string | null;
}

export interface InvoiceLine {
  payoutId: number;
  employee: string;
  date: string;
  excl: string;
  vat: string;
  incl: string;
}

export interface InvoiceDocument {
  number: number;
  issueDate: string;
  dueDate: string;
  currency: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  totals: { salary: string; vacation: string; pension: string; employerContribution: string; serviceFee: string };
  totalExcl: string;
  vat: string;
  totalIncl: string;
}

export interface PayoutStatementDocument {
  payoutId: number;
  employee: string;
  employer: string;
  date: string;
  status: string;
  paidAt: string | null;
  description: string;
  salary: string;
  vacation: string;
  taxWithheld: string;
  netSalary: string;
  netVacation: string;
  pension: string;
  seller: InvoiceSeller;
}

/** 1234567.5 → "1 234 567,50": the Norwegian way of writing an amount (a decimal string in, never a float). */
export function norwegianAmount(amount: string): string {
  const [whole = '0', fraction = '00'] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${fraction.padEnd(2, '0')}`;
}

/** 923609016 → "923 609 016". */
function orgNumberText(orgNumber: string): string {
  return orgNumber.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

const MARGIN = 50;

/**
 * pdfkit is loaded on the first PDF, not at start-up: importing it costs about 0.4 s of CPU, which
 * every process (each command-line run included) would otherwise pay for a document it rarely makes.
 */
async function newDocument(title: string): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  return new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title, Author: 'onpay' }, lang: 'nb-NO' });
}

function party(doc: PDFKit.PDFDocument, heading: string, lines: string[], x: number, y: number): number {
  doc.font('Helvetica-Bold').fontSize(10).text(heading, x, y, { width: 240 });
  doc.font('Helvetica').fontSize(10);
  for (const line of lines) doc.text(line, x, doc.y, { width: 240 });
  return doc.y;
}

/** The invoice as a PDF: seller with "MVA", buyer, number, dates, every line, VAT and totals. */
export async function invoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const doc = await newDocument(`Faktura ${invoice.number}`);
  const done = collect(doc);
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(18).text(`Faktura / Invoice ${invoice.number}`, MARGIN, MARGIN);
  doc.moveDown(0.5);
  const top = doc.y;
  const sellerEnd = party(
    doc,
    'Selger / Seller',
    [
      invoice.seller.name,
      `Org.nr. ${orgNumberText(invoice.seller.orgNumber)} MVA`,
      ...(invoice.seller.address ? invoice.seller.address.split('\n') : []),
    ],
    MARGIN,
    top,
  );
  const buyerEnd = party(
    doc,
    'Kjøper / Buyer',
    [
      invoice.buyer.name,
      ...(invoice.buyer.orgNumber ? [`Org.nr. ${orgNumberText(invoice.buyer.orgNumber)}`] : []),
      ...(invoice.buyer.address ? invoice.buyer.address.split('\n') : []),
    ],
    MARGIN + width / 2,
    top,
  );
  doc.y = Math.max(sellerEnd, buyerEnd) + 12;
  doc.font('Helvetica').fontSize(10);
  for (const [label, value] of [
    ['Fakturanummer / Invoice number', String(invoice.number)],
    ['Fakturadato / Issue date', invoice.issueDate],
    ['Forfallsdato / Due date', invoice.dueDate],
    ['Valuta / Currency', invoice.currency],
  ] as const)
    doc.text(`${label}: ${value}`, MARGIN, doc.y, { width });
  doc.moveDown();

  const columns = [
    { title: 'Utbetaling', x: MARGIN, w: 60, align: 'left' as const },
    { title: 'Ansatt / Employee', x: MARGIN + 62, w: 160, align: 'left' as const },
    { title: 'Dato', x: MARGIN + 224, w: 62, align: 'left' as const },
    { title: 'Eks. MVA', x: MARGIN + 288, w: 70, align: 'right' as const },
    { title: 'MVA', x: MARGIN + 360, w: 64, align: 'right' as const },
    { title: 'Inkl. MVA', x: MARGIN + 426, w: width - 426, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let bottom = y;
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (!column) return;
      doc.text(cell, column.x, y, { width: column.w, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 2;
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  for (const line of invoice.lines)
    row([
      String(line.payoutId),
      line.employee,
      line.date,
      norwegianAmount(line.excl),
      norwegianAmount(line.vat),
      norwegianAmount(line.incl),
    ]);
  doc.moveDown();

  const total = (label: string, amount: string, bold = false) => {
    if (doc.y > doc.page.height - MARGIN - 20) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, MARGIN + width / 2, y, { width: width / 4 });
    doc.text(`${norwegianAmount(amount)} ${invoice.currency}`, MARGIN + (3 * width) / 4, y, {
      width: width / 4,
      align: 'right',
    });
  };
  total('Lønn / Salary', invoice.totals.salary);
  total('Feriepenger / Holiday pay', invoice.totals.vacation);
  total('Pensjon / Pension', invoice.totals.pension);
  total('Arbeidsgiveravgift', invoice.totals.employerContribution);
  total('Servicegebyr / Service fee', invoice.totals.serviceFee);
  total('Sum eks. MVA / Total excl. VAT', invoice.totalExcl, true);
  total('MVA 25 % / VAT', invoice.vat, true);
  total('Å betale / Total incl. VAT', invoice.totalIncl, true);
  doc.end();
  return done;
}

/** The employee's own payout statement as a PDF: what was earned, withheld and paid out (no account, no identity number). */
export async function payoutStatementPdf(statement: PayoutStatementDocument): Promise<Buffer> {
  const doc = await newDocument(`Lønnsslipp ${statement.payoutId}`);
  const done = collect(doc);
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(18).text(`Utbetaling / Payout ${statement.payoutId}`, MARGIN, MARGIN);
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(10);
  const facts: Array<[string, string]> = [
    ['Ansatt / Employee', statement.employee],
    ['Arbeidsgiver / Employer', statement.employer],
    ['Utbetalt av / Paid by', `${statement.seller.name}, org.nr. ${orgNumberText(statement.seller.orgNumber)}`],
    ['Arbeidsdato / Work date', statement.date],
    ['Status', statement.paidAt ? `${statement.status} (${statement.paidAt.slice(0, 10)})` : statement.status],
    ...(statement.description ? [['Beskrivelse / Description', statement.description] as [string, string]] : []),
  ];
  for (const [label, value] of facts) doc.text(`${label}: ${value}`, MARGIN, doc.y, { width });
  doc.moveDown();
  const amount = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, MARGIN, y, { width: width / 2 });
    doc.text(`${norwegianAmount(value)} NOK`, MARGIN + width / 2, y, { width: width / 2, align: 'right' });
  };
  amount('Lønn / Salary', statement.salary);
  amount('Feriepenger / Holiday pay', statement.vacation);
  amount('Forskuddstrekk / Tax withheld', statement.taxWithheld);
  amount('Netto lønn / Net salary', statement.netSalary, true);
  amount('Netto feriepenger / Net holiday pay', statement.netVacation, true);
  amount('Pensjon (arbeidsgiver) / Pension (employer)', statement.pension);
  doc.end();
  return done;
}
