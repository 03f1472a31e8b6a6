import { Type, type TSchema } from '@sinclair/typebox';

/** The spec's error body shapes (decisions §4), as schemas for serialisation and the OpenAPI document. */
export const ErrorBody = Type.Object({ error: Type.String() }, { $id: 'ErrorBody', additionalProperties: false });
export const MessageBody = Type.Object({ message: Type.String() }, { $id: 'MessageBody', additionalProperties: false });
export const BadRequestBody = Type.Object(
  { error: Type.String(), data: Type.Optional(Type.String({ description: 'What is wrong with the body' })) },
  { $id: 'BadRequestBody', additionalProperties: false, description: '`{error}`, or `{error: "Validation error", data}` for a body that is not a JSON object' },
);
export const ValidationBody = Type.Object(
  {
    message: Type.String({ description: 'The first problem, readable' }),
    errors: Type.Record(Type.String(), Type.Array(Type.String()), {
      description: 'Field path (dot-separated, e.g. `payouts.3.products.0.price`) → problems',
    }),
  },
  { $id: 'ValidationBody', additionalProperties: false },
);

const byStatus: Record<number, TSchema> = {
  400: BadRequestBody,
  401: MessageBody,
  403: ErrorBody,
  404: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  422: ValidationBody,
  429: MessageBody,
  500: MessageBody,
};

/** Response schemas for the listed error statuses, keyed by status, to spread into a route's `response`. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const status of statuses) {
    const schema = byStatus[status];
    if (!schema) throw new Error(`no error body schema for status ${status}`);
    out[status] = schema;
  }
  return out;
}

/** Same, with `{message}` bodies for 404 (the payout routes, decisions §4). */
export function messageErrorResponses(...statuses: number[]): Record<number, TSchema> {
  const out = errorResponses(...statuses.filter((s) => s !== 404));
  if (statuses.includes(404)) out[404] = MessageBody;
  return out;
}
