import { Type, type Static } from '@sinclair/typebox';
import { OPTIONAL_BODY } from '../../platform/body-rules.js';

export const LoginLinkBody = Type.Object(
  {
    send_email: Type.Optional(Type.Boolean({ description: 'true also e-mails the link to the employee' })),
  },
  {
    description:
      'Optional: no body, or an empty one, means `{"send_email": false}`; a body that is sent must be a JSON object',
    [OPTIONAL_BODY]: true,
    examples: [{ send_email: true }],
  },
);
export type LoginLinkBody = Static<typeof LoginLinkBody>;

export const LoginLinkSchema = Type.Object(
  {
    login_url: Type.String({ description: 'Single-use magic link; opens a page with a Continue button' }),
    expires_at: Type.String({ format: 'date-time', description: '24 hours after creation' }),
  },
  {
    $id: 'LoginLink',
    additionalProperties: false,
    examples: [
      {
        login_url:
          'https://onpay.example.com/login/42.Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4.3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        expires_at: '2026-11-22T10:00:00.000Z',
      },
    ],
  },
);
