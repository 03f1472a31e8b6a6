/**
 * The console's query and form schemas (TypeBox, declared on each route like the API's), and the
 * console's words for a value that does not fit one: the field's label (the schema's `title`) and
 * why. A list whose query does not fit lists nothing and says so (listOrExplain); a form whose
 * body or path does not fit changes nothing and answers a 422 page naming the field.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { ErrorObject } from 'ajv';
import type { FastifyRequest } from 'fastify';

/** A text field of a query or form: a label for the messages, at most `max` characters. */
export const Text = (title: string, max = 255) => Type.Optional(Type.String({ title, maxLength: max }));

/** A list's page size: one of `sizes` (as text, as a query sends it); anything else does not fit. */
export const PerPage = (sizes: readonly number[]) =>
  Type.Optional(Type.Unsafe<string>({ type: 'string', title: 'Rows per page', enum: sizes.map(String) }));

/**
 * A list's order (`sort`): one of `orders` (`due_date` ascending, `-due_date` descending), the ones
 * its action offers because an index serves them; anything else does not fit (422, "Order: must be
 * one of …").
 */
export const Sort = <K extends string>(orders: readonly K[]) =>
  Type.Optional(Type.Unsafe<K>({ type: 'string', title: 'Order', enum: [...orders] }));

/** The fields a query or form declares (any field it does not declare is refused, as by the API). */
export const Fields = <T extends Record<string, TSchema>>(properties: T) => Type.Object(properties);

/** A path's id, read by the action with src/ids.ts's rule (parseId): here only bounded. */
export const IdParams = Type.Object({ id: Type.String({ title: 'Id', maxLength: 20 }) });

/** The CSRF field every signed-in form carries (checked before the schema, in the console plugin). */
export const Csrf = { csrf: Text('Form token', 200) };

/** A form with the CSRF field and these fields. */
export const FormFields = <T extends Record<string, TSchema>>(properties: T) => Type.Object({ ...Csrf, ...properties });

const quoted = (text: string) => `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;

function predicate(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required.';
    case 'maxLength':
      return typeof error.data === 'string'
        ? `at most ${String(p.limit)} characters (this one has ${error.data.length}).`
        : `at most ${String(p.limit)} characters.`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty.' : `must be at least ${String(p.limit)} characters.`;
    case 'enum':
      return `must be one of ${((p.allowedValues as unknown[]) ?? []).map(String).join(', ')}.`;
    case 'minimum':
      return `must be at least ${String(p.limit)}.`;
    case 'maximum':
      return `must be at most ${String(p.limit)}.`;
    case 'type':
      return p.type === 'integer' ? 'must be a whole number, in digits.' : 'is not a value this field takes.';
    case 'pattern':
      return 'is not written the way this field takes it.';
    default:
      return 'is not a value this field takes.';
  }
}

type Properties = Record<string, { title?: unknown }>;

/** One problem, in the console's words: the field's label (its schema's title) and why. */
function worded(error: ErrorObject, properties: Properties): string {
  const p = error.params as Record<string, unknown>;
  const name =
    error.keyword === 'required'
      ? String(p.missingProperty)
      : error.keyword === 'unknownParameter'
        ? String(p.name)
        : (error.instancePath.split('/').filter(Boolean).at(-1) ?? '');
  const title = properties[name]?.title;
  const label = typeof title === 'string' ? title : quoted(name);
  switch (error.keyword) {
    case 'unknownParameter':
    case 'unknownField':
      return `${quoted(name)} is not a field of this page${typeof p.suggestion === 'string' ? ` (did you mean “${p.suggestion}”?)` : ''}: remove it.`;
    case 'forbiddenText':
      return `${label}: holds a character that is not allowed here (${String(p.codePoint)}).`;
    default:
      return `${label}: ${predicate(error)}`;
  }
}

/** What a failed schema check of one part of a request (its `schema`) says, in the console's words, each problem once. */
export function unfitProblems(errors: readonly ErrorObject[], schema: unknown): string[] {
  const properties = ((schema as { properties?: Properties } | undefined)?.properties ?? {}) as Properties;
  return [
    ...new Set(errors.filter((e) => e.keyword !== 'if' && e.keyword !== 'anyOf').map((e) => worded(e, properties))),
  ];
}

/** The route's schema of the part of the request that failed (`querystring`, `body`, `params`). */
export function schemaOf(request: FastifyRequest, part: string | undefined): unknown {
  const schemas = request.routeOptions.schema as Record<string, unknown> | undefined;
  return schemas?.[part ?? 'body'];
}

const read = new WeakSet<FastifyRequest>();

/** True once the page asked for its query's problems (console.plugin.ts refuses a page that did not). */
export function unfitRead(request: FastifyRequest): boolean {
  return read.has(request);
}

/** The problems of a request whose query (or path) did not fit its route's schema; null when it fit. */
export function unfitFields(request: FastifyRequest): string[] | null {
  read.add(request);
  const error = request.validationError as
    (Error & { validation?: ErrorObject[]; validationContext?: string }) | undefined;
  if (!error) return null;
  return unfitProblems(error.validation ?? [], schemaOf(request, error.validationContext));
}
