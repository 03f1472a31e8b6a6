import nodemailer from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per outbox row, so a receiving server can drop a duplicate after a crash-and-retry. */
  messageId: string;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Bounds on one delivery, far below the worker's lease (2 minutes, renewed per message), so a
 * server that hangs fails the attempt instead of holding it for nodemailer's default 10 minutes.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 60_000,
  dnsTimeout: 10_000,
} as const;

/** SMTP through nodemailer; SMTP_URL carries host, port, credentials and TLS (smtps://). */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transporter.sendMail({ ...message });
    },
    close() {
      transporter.close();
    },
  };
}
