import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, with the parts a test reads decoded. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** Envelope sender (MAIL FROM). */
  from: string;
  headers: Record<string, string>;
  text: string | undefined;
  html: string | undefined;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Stops listening (connections then get refused) and waits until it has stopped. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const at = raw.indexOf('\r\n\r\n');
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** The leaf parts of a MIME message (enough of RFC 2046 for what nodemailer writes). */
function leaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((s) => !s.startsWith('--'))
    .flatMap((s) => leaves(splitHeaders(s.replace(/^\r\n/, '').replace(/\r\n$/, ''))));
}

/** Parses a raw RFC 5322 message into headers and its decoded text/plain and text/html bodies. */
export function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'text' | 'html'> {
  const root = splitHeaders(raw);
  const parts = leaves(root);
  const find = (mime: string) => {
    const part = parts.find((p) => (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(mime));
    return part ? decodeBody(part) : undefined;
  };
  return { headers: root.headers, text: find('text/plain'), html: find('text/html') };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.listen(0, '127.0.0.1', resolve).once('error', reject));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts. With `listening: false`
 * it starts stopped: its URL names a port where nothing listens until `start()`.
 */
export async function startSmtpServer(options: { listening?: boolean } = {}): Promise<TestSmtpServer> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;

  async function start(): Promise<void> {
    if (server) return;
    const created = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 2000,
      disableReverseLookup: true,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const from = session.envelope.mailFrom;
          received.push({
            ...parseMail(raw),
            to: session.envelope.rcptTo.map((r) => r.address),
            from: from ? from.address : '',
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        created.off('error', reject);
        resolve();
      });
    });
    server = created;
  }

  async function stop(): Promise<void> {
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  if (options.listening !== false) await start();
  return { port, url: `smtp://127.0.0.1:${port}`, received, start, stop };
}
