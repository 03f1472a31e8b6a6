import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { described } from '../../platform/openapi.js';
import { callerOf } from '../../platform/request-context.js';
import type { SandboxMailbox } from './mailbox.service.js';

const MailMessage = Type.Object(
  {
    id: Type.Integer(),
    to: Type.String(),
    subject: Type.String(),
    text: Type.String({
      description:
        'The plain-text body (with any link in it); once the link in it expired or was used, a note that the body was removed',
    }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed')], {
      description:
        '`pending` in a sandbox without SMTP, until the link in it is used or expires: then `failed` (it will not be sent)',
    }),
    created_at: Type.String({ format: 'date-time' }),
    page_url: Type.String({ description: 'The message on your mailbox page' }),
  },
  { additionalProperties: false },
);

export const MailboxResponse = Type.Object(
  {
    mailbox_url: Type.String({ description: 'Your mailbox page: unguessable, yours only; open it in a browser' }),
    messages: Type.Array(MailMessage, { description: 'The last 100 messages your requests caused, newest first' }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        mailbox_url: 'https://onpay.example/sandbox/mailbox/3.Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg',
        messages: [
          {
            id: 17,
            to: 'kari.nordmann@example.com',
            subject: 'Sign in to onpay (Acme AS)',
            text: 'Hi Kari,\n\nAcme AS sent you a link to see your onpay account and payouts: ...',
            status: 'pending',
            created_at: '2026-11-21T10:00:00.000Z',
            page_url: 'https://onpay.example/sandbox/mailbox/3.Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg/17',
          },
        ],
      },
    ],
  },
);

/** Sandbox only: the calling partner's own mail (nobody else's). */
export function mailRoutes(mailbox: SandboxMailbox): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/test-helpers/mailbox',
      {
        schema: {
          tags: ['Sandbox test helpers'],
          operationId: 'getSandboxMailbox',
          summary: 'Sandbox only: the mail your requests caused',
          description:
            'The sandbox sends no e-mail: it keeps it in an outbox. This answers the last 100 messages your own requests caused (login links with `send_email: true`), newest first, and the address of your mailbox page. You never see mail another partner caused. Absent in live (404).',
          response: { 200: described(MailboxResponse, 'Your sandbox mailbox') },
        },
      },
      async (request) => {
        const partnerId = callerOf(request).partnerId;
        const base = mailbox.pageUrl(partnerId);
        const messages = await mailbox.list(partnerId);
        return {
          mailbox_url: base,
          messages: messages.map((m) => ({
            id: m.id,
            to: m.to,
            subject: m.subject,
            text: m.text,
            status: m.status,
            created_at: m.created_at,
            page_url: `${base}/${m.id}`,
          })),
        };
      },
    );
  };
}
