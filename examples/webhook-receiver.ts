/**
 * A webhook receiver for onpay: verifies each delivery's Standard Webhooks signature with the
 * `standardwebhooks` package, skips deliveries it has already processed (by `webhook-id`: a retry
 * or a replay repeats it), and answers 2xx quickly. Run it, then register its URL
 * (`POST /api/v1/webhook-endpoints`) and give it the secret the answer shows:
 *
 *   ONPAY_WEBHOOK_SECRET=whsec_... PORT=4000 node bin/run-ts.js examples/webhook-receiver.ts
 *
 * In the sandbox, http://127.0.0.1:4000/webhooks is accepted as the endpoint's URL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export interface OnpayEvent {
  id: string;
  type: string;
  sequence: number;
  created_at: string;
  data: { object: unknown };
  previous_attributes?: Record<string, unknown>;
}

export interface ReceiverOptions {
  /** The endpoint's secret (`whsec_…`); during a rotation, the new one (the old one's signature is also sent for 24 h). */
  secret: string;
  port?: number;
  host?: string;
  /** What to do with a verified, new event. Keep it quick, or queue the work and return. */
  onEvent(event: OnpayEvent): void | Promise<void>;
}

export async function startWebhookReceiver(options: ReceiverOptions): Promise<{ url: string; close(): Promise<void> }> {
  const webhook = new Webhook(options.secret);
  // Processed webhook-ids. Keep these in your database (with a unique key) in production.
  const seen = new Set<string>();

  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      // Verify the raw body exactly as received: re-serialised JSON would not match the signature.
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      let event: OnpayEvent;
      try {
        event = webhook.verify(body, headers) as OnpayEvent;
      } catch (error) {
        res.writeHead(error instanceof WebhookVerificationError ? 401 : 400).end();
        return;
      }
      if (seen.has(headers['webhook-id'])) {
        res.writeHead(200).end(); // Already processed: acknowledge, do nothing.
        return;
      }
      try {
        await options.onEvent(event);
        seen.add(headers['webhook-id']);
        res.writeHead(204).end();
      } catch {
        res.writeHead(500).end(); // onpay retries: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 4000, options.host ?? '127.0.0.1', resolve));
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}/webhooks`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1]?.endsWith('webhook-receiver.ts')) {
  const env = process.env;
  const receiver = await startWebhookReceiver({
    secret: env.ONPAY_WEBHOOK_SECRET ?? '',
    port: Number(env.PORT ?? 4000),
    onEvent: (event) => console.log(`${event.sequence} ${event.type} ${event.id}`),
  });
  console.log(`listening on ${receiver.url}`);
}
