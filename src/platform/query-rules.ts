import type { ErrorObject } from 'ajv';
import { displayName, nearestName } from './body-rules.js';

/**
 * Rules every query string of the partner API follows, read from the route's own querystring
 * schema (a route without one takes no parameters), so a new parameter is covered by declaring it:
 *
 * - no parameter the schema does not name: a filter misspelled (`stauts=paid`) must not answer
 *   every row as if it had not been sent. 422 naming each, with the nearest known name, as for
 *   body fields (docs/decisions.md §6);
 * - a number is written in decimal digits (a leading `-` aside): `0x10`, `1e1`, `+16`, ` 16` and
 *   `16.0` are not read as numbers, as the schema coercion alone would read them.
 */

type Schema = Record<string, unknown>;

const UNKNOWN_PARAMETER = 'unknownParameter';
const INTEGER = /^-?[0-9]+$/;
const NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The form a parameter's text must have, when its schema is a number. */
function numberForm(schema: unknown): { form: RegExp; type: 'integer' | 'number' } | null {
  if (!isSchema(schema)) return null;
  if (schema.type === 'integer') return { form: INTEGER, type: 'integer' };
  if (schema.type === 'number') return { form: NUMBER, type: 'number' };
  return null;
}

/**
 * Compiles the rules for one querystring schema: a function from the parsed query (as sent,
 * before coercion) to the problems found, as ajv-style errors; `params.name` is the name as sent.
 */
export function compileQueryRules(schema: object): (query: unknown) => ErrorObject[] {
  const properties = isSchema((schema as Schema).properties) ? ((schema as Schema).properties as Schema) : {};
  const known = Object.keys(properties);
  const numbers = new Map(
    known.flatMap((name) => {
      const form = numberForm(properties[name]);
      return form ? [[name, form] as const] : [];
    }),
  );
  return (query) => {
    if (!isSchema(query)) return [];
    const problems: ErrorObject[] = [];
    for (const [name, value] of Object.entries(query)) {
      const pointer = `/${displayName(name).replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (!Object.hasOwn(properties, name)) {
        problems.push({
          keyword: UNKNOWN_PARAMETER,
          instancePath: pointer,
          schemaPath: '',
          params: { name, suggestion: nearestName(name, known), known },
        });
        continue;
      }
      const number = numbers.get(name);
      const texts = Array.isArray(value) ? value : [value];
      if (number && texts.some((text) => typeof text === 'string' && !number.form.test(text))) {
        problems.push({ keyword: 'type', instancePath: pointer, schemaPath: '', params: { name, type: number.type } });
      }
    }
    return problems;
  };
}

/** What an unknown parameter is told: the nearest known name, or else every name the operation takes. */
export function unknownParameterMessage(field: string, known: readonly string[], suggestion?: string): string {
  if (suggestion !== undefined) return `${field} is not a known query parameter; did you mean ${suggestion}?`;
  if (known.length === 0) return `${field} is not a known query parameter; this operation takes none.`;
  return `${field} is not a known query parameter; this operation takes ${known.join(', ')}.`;
}

/** The message for an unknown parameter, named by its field path; null for any other error. */
export function queryRuleMessage(error: ErrorObject, field: string): string | null {
  if (error.keyword !== UNKNOWN_PARAMETER) return null;
  const p = error.params as { suggestion?: string; known: string[] };
  return unknownParameterMessage(field, p.known, p.suggestion);
}
