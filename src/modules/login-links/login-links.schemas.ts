import { Type, type Static } from '@sinclair/typebox';

export const LoginLinkBody = Type.Object({
  send_email: Type.Optional(Type.Boolean({ description: 'true also e-mails the link to the employee' })),
});
export type LoginLinkBody = Static<typeof LoginLinkBody>;

export const LoginLinkSchema = Type.Object(
  {
    login_url: Type.String({ description: 'Single-use magic link; opens a page with a Continue button' }),
    expires_at: Type.String({ format: 'date-time', description: '24 hours after creation' }),
  },
  { $id: 'LoginLink', additionalProperties: false },
);
