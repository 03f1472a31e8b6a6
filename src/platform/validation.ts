import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import * as addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { AppError, type FieldErrors } from '../errors.js';
import { bodyRuleMessage, compileBodyRules, unknownFieldPointer } from './body-rules.js';
import { compileQueryRules, queryRuleMessage } from './query-rules.js';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsModule.default as unknown as (ajv: Ajv) => Ajv;

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    // A body's unknown fields are refused by the input rules, never removed: removing them in one
    // branch of a union would also strip fields another branch names (IBAN and BIC, say).
    removeAdditional: coerce,
    strict: false,
    verbose: true,
  });
  addFormats(ajv);
  return ajv;
}

// Bodies are JSON: types are checked strictly (a price sent as "12.5" is an error, not a number).
// Query strings and path parameters are text: they are coerced.
const strictAjv = makeAjv(false);
const coercingAjv = makeAjv(true);

type BodyValidator = ((data: unknown, context?: object) => boolean) & Pick<ValidateFunction, 'errors' | 'schemaEnv'>;
const cache = new WeakMap<object, BodyValidator>();

/**
 * A body's validator: the input rules every body follows (body-rules.ts), then its schema. The
 * rules read the body as sent, before ajv fills in defaults; their problems come first.
 */
function compileBody(schema: object): BodyValidator {
  const checkSchema = strictAjv.compile(schema);
  const checkRules = compileBodyRules(schema);
  const validate: BodyValidator = Object.assign(
    (data: unknown, context?: object) => {
      const problems = checkRules(data);
      // Fastify hands ajv the body's parent (the request) only for a function that has `schemaEnv`.
      const valid = context === undefined ? checkSchema(data) : checkSchema(data, context as never);
      if (problems.length === 0) {
        validate.errors = checkSchema.errors;
        return valid;
      }
      // A closed schema's complaint about a field the rules already named would say it twice, worse.
      const named = new Set(problems.map(unknownFieldPointer));
      const schemaErrors = (checkSchema.errors ?? []).filter(
        (e) =>
          !(
            e.keyword === 'additionalProperties' &&
            named.has(`${e.instancePath}/${String((e.params as { additionalProperty?: unknown }).additionalProperty)}`)
          ),
      );
      validate.errors = [...problems, ...schemaErrors];
      return false;
    },
    { errors: null, schemaEnv: checkSchema.schemaEnv },
  );
  return validate;
}

type QueryValidator = ((data: unknown) => boolean) & Pick<ValidateFunction, 'errors'>;
const queryCache = new WeakMap<object, QueryValidator>();

/**
 * A query string's validator: the rules every query string follows (query-rules.ts) on the text as
 * sent, then its schema, which coerces the text to the declared types. A parameter the rules
 * refused is left out of the schema's check: one problem per name, the rules' own.
 */
function compileQuery(schema: object): QueryValidator {
  const checkSchema = coercingAjv.compile(schema);
  const checkRules = compileQueryRules(schema);
  const validate: QueryValidator = Object.assign(
    (data: unknown) => {
      const problems = checkRules(data);
      if (problems.length === 0) {
        const valid = checkSchema(data);
        validate.errors = checkSchema.errors;
        return valid;
      }
      const query = data as Record<string, unknown>;
      for (const problem of problems) delete query[(problem.params as { name: string }).name];
      checkSchema(query);
      validate.errors = [...problems, ...(checkSchema.errors ?? [])];
      return false;
    },
    { errors: null },
  );
  return validate;
}

function cached<V>(cache: WeakMap<object, V>, schema: object, compile: (schema: object) => V): V {
  let validate = cache.get(schema);
  if (!validate) {
    validate = compile(schema);
    cache.set(schema, validate);
  }
  return validate;
}

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  if (httpPart === 'body') return cached(cache, schema, compileBody);
  if (httpPart === 'querystring') return cached(queryCache, schema, compileQuery);
  return coercingAjv.compile(schema);
};

function describeType(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  const named = types
    .filter((t) => t !== 'null')
    .map((t) => (t === 'integer' ? 'an integer' : t === 'array' || t === 'object' ? `an ${t}` : `a ${t}`));
  return named.join(' or ');
}

function problemFor(error: ErrorObject, field: string): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${field} is required.`;
    case 'type':
      return `${field} must be ${describeType(p.type)}.`;
    case 'maxLength':
      return `${field} must not be longer than ${String(p.limit)} characters.`;
    case 'minLength':
      return p.limit === 1 ? `${field} must not be empty.` : `${field} must be at least ${String(p.limit)} characters.`;
    case 'pattern':
      return `${field} has an invalid format.`;
    case 'format':
      return p.format === 'email'
        ? `${field} must be a valid email address.`
        : `${field} must be a valid ${String(p.format)}.`;
    case 'enum':
      return `${field} must be one of: ${((p.allowedValues as unknown[]) ?? []).map(String).join(', ')}.`;
    case 'const':
      return `${field} must be ${JSON.stringify(p.allowedValue)}.`;
    case 'minimum':
      return `${field} must be at least ${String(p.limit)}.`;
    case 'maximum':
      return `${field} must not be greater than ${String(p.limit)}.`;
    case 'exclusiveMinimum':
      return `${field} must be greater than ${String(p.limit)}.`;
    case 'exclusiveMaximum':
      return `${field} must be less than ${String(p.limit)}.`;
    case 'multipleOf':
      return `${field} must be a multiple of ${String(p.multipleOf)}.`;
    case 'maxItems':
      return `${field} must not have more than ${String(p.limit)} items.`;
    case 'minItems':
      return `${field} must have at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}.`;
    default:
      return `${field} is invalid.`;
  }
}

function fieldPath(error: ErrorObject, part: string): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required')
    segments.push(String((error.params as { missingProperty: string }).missingProperty));
  return segments.length > 0 ? segments.join('.') : part;
}

function customMessage(error: ErrorObject): string | null {
  const custom = (error.parentSchema as { errorMessage?: unknown } | undefined)?.errorMessage;
  return typeof custom === 'string' ? custom : null;
}

/** For one field, the problems worth telling: the input rules' first, then the schema's. */
function problemsForField(field: string, errors: ErrorObject[]): string[] {
  const ruleMessage = (e: ErrorObject) => bodyRuleMessage(e, field) ?? queryRuleMessage(e, field);
  const rules = errors.map(ruleMessage).filter((m): m is string => m !== null);
  const schema = errors.filter((e) => ruleMessage(e) === null);
  return [...new Set([...rules, ...(schema.length > 0 || rules.length === 0 ? schemaProblems(field, schema) : [])])];
}

/** A schema's own message wins; union noise is dropped. */
function schemaProblems(field: string, errors: ErrorObject[]): string[] {
  const custom = errors.map(customMessage).filter((m): m is string => m !== null);
  if (custom.length > 0) return [...new Set(custom)];
  let relevant = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if');
  // A nullable field that failed its real type also "failed" the null branch: say only the real problem.
  const nonNull = relevant.filter((e) => !(e.keyword === 'type' && (e.params as { type?: unknown }).type === 'null'));
  if (nonNull.length > 0) relevant = nonNull;
  const nonType = relevant.filter((e) => e.keyword !== 'type');
  if (nonType.length > 0 && nonType.length < relevant.length && errors.some((e) => e.keyword === 'anyOf'))
    relevant = nonType;
  if (relevant.length === 0) return [`${field} is invalid.`];
  return [...new Set(relevant.map((e) => problemFor(e, field)))];
}

/**
 * Turns ajv errors into the service's error: a body that is not an object is a 400
 * `Validation error`; anything else is a 422 naming every failing field.
 */
export function toValidationError(errors: ErrorObject[], context: string): AppError {
  if (context === 'body' && errors.some((e) => e.instancePath === '' && e.keyword === 'type')) {
    return new AppError('malformed_body', 'The request body must be a JSON object.');
  }
  const byField = new Map<string, ErrorObject[]>();
  // A failed `if` only announces its `then` branch's errors, which name the real fields.
  for (const error of errors.filter((e) => e.keyword !== 'if')) {
    const field = fieldPath(error, context);
    const list = byField.get(field) ?? [];
    list.push(error);
    byField.set(field, list);
  }
  const fields: FieldErrors = {};
  for (const [field, list] of byField) fields[field] = problemsForField(field, list);
  if (Object.keys(fields).length === 0) fields[context] = [`${context} is invalid.`];
  return AppError.fields(fields);
}
