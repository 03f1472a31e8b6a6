import type { ErrorObject } from 'ajv';

/**
 * Rules every JSON request body follows, whatever its route, read from the route's own body
 * schema so a new field or route is covered without code of its own:
 *
 * - no field the schema does not name: a payroll API must not drop a misspelled field silently;
 * - no text that hides or disguises what it says: control characters (C0, DEL, C1),
 *   bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), and
 *   unpaired surrogates (PostgreSQL cannot store U+0000; an unpaired surrogate is not Unicode and
 *   would be stored as U+FFFD). A string field whose schema says `multiline: true` may also hold
 *   tabs and line breaks (`\n`, `\r\n`). The bidirectional marks U+200E, U+200F and U+061C are
 *   allowed: they are ordinary in right-to-left names and addresses, and reorder nothing.
 *
 * The rules see every schema that can apply at a place of the body (the branches of `anyOf`,
 * `oneOf`, `allOf`, `if`/`then`/`else` included), so a field any branch names is known there.
 */

type Schema = Record<string, unknown>;

/** The schema keyword (private: the OpenAPI document leaves it out) that allows tabs and line breaks. */
export const MULTILINE = 'multiline';
/** Rules for the published document only: the service's own checks enforce them with their own messages. */
export const DOCUMENT_ONLY = 'documentOnly';

/** Exactly one of these fields, for the document under DOCUMENT_ONLY (the service checks it with its own messages). */
export const exactlyOneOf = (...fields: string[]) => ({
  oneOf: fields.map((field) => ({ properties: { [field]: true }, required: [field] })),
});
/** A body schema marked so may be left out: no body, or an empty one (the route reads it as `{}`). */
export const OPTIONAL_BODY = 'optionalBody';

/** A request with more problems than this is told the first ones only: the answer stays small. */
const MAX_PROBLEMS = 100;

const BRANCHES = ['anyOf', 'oneOf', 'allOf'] as const;
const CONDITIONALS = ['if', 'then', 'else'] as const;

// Matching control characters is the point of these two.
// eslint-disable-next-line no-control-regex
const SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;
// eslint-disable-next-line no-control-regex
const MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|\r(?!\n)|\p{Cs}/u;
const UNSAFE_GLOBAL = new RegExp(SINGLE_LINE.source, 'gu');

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema and, recursively, every branch that applies at the same place of the data. */
function expand(schemas: Schema[]): Schema[] {
  const out: Schema[] = [];
  const visit = (schema: Schema) => {
    out.push(schema);
    for (const key of BRANCHES) {
      const branches = schema[key];
      if (Array.isArray(branches)) for (const branch of branches) if (isSchema(branch)) visit(branch);
    }
    for (const key of CONDITIONALS) {
      const branch = schema[key];
      if (isSchema(branch)) visit(branch);
    }
  };
  schemas.forEach(visit);
  return out;
}

function propertiesOf(schema: Schema): Schema | null {
  return isSchema(schema.properties) ? schema.properties : null;
}

/** True when some schema here takes fields it does not name (a map whose keys are data): no name is unknown there. */
function isOpen(schemas: Schema[]): boolean {
  return schemas.some(
    (s) =>
      (s.additionalProperties !== undefined && s.additionalProperties !== false) ||
      s.patternProperties !== undefined ||
      (s.unevaluatedProperties !== undefined && s.unevaluatedProperties !== false),
  );
}

/** One place of a body (the root, a field, an array's items), with every schema that applies there. */
interface Place {
  /** The field names known here, in schema order; null where no schema describes an object. */
  names: readonly string[] | null;
  knows(name: string): boolean;
  open: boolean;
  multiline: boolean;
  child(name: string): Place;
  item(index: number): Place;
}

const NOWHERE: Place = {
  names: null,
  knows: () => false,
  open: true,
  multiline: false,
  child: () => NOWHERE,
  item: () => NOWHERE,
};

function place(roots: Schema[]): Place {
  if (roots.length === 0) return NOWHERE;
  const all = expand(roots);
  const withProperties = all.map(propertiesOf).filter((p): p is Schema => p !== null);
  const names = withProperties.length > 0 ? [...new Set(withProperties.flatMap((p) => Object.keys(p)))] : null;
  const known = new Set(names ?? []);
  // Children are built when first needed and kept only for known names, so unknown keys cost no memory.
  const children = new Map<string, Place>();
  let items: Place | undefined;
  const tuples = all.flatMap((s) => [s.prefixItems, s.items]).filter((list): list is unknown[] => Array.isArray(list));
  return {
    names,
    knows: (name) => known.has(name),
    open: isOpen(all),
    multiline: all.some((s) => s[MULTILINE] === true),
    child(name) {
      if (!known.has(name)) return NOWHERE;
      let found = children.get(name);
      if (!found) {
        found = place(withProperties.map((p) => p[name]).filter(isSchema));
        children.set(name, found);
      }
      return found;
    },
    item(index) {
      if (tuples.length > 0) {
        const positional = tuples.flatMap((list) => [list[index]]).filter(isSchema);
        if (positional.length > 0) return place(positional);
      }
      items ??= place(all.map((s) => s.items).filter(isSchema));
      return items;
    },
  };
}

/** A body schema the rules can read: its schemas inline (a `$ref` would hide fields from them). */
function assertInline(node: unknown, path: string): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => assertInline(item, `${path}/${i}`));
    return;
  }
  if (!isSchema(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref')
      throw new Error(`Body schemas must be inline for the input rules; found $ref at ${path || '/'}.`);
    if (key !== 'examples' && key !== 'default' && key !== 'const' && key !== 'enum')
      assertInline(value, `${path}/${key}`);
  }
}

/** A JSON Pointer segment. */
function segment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A name as it may be shown back: unsafe characters escaped, and not endless. */
export function displayName(name: string): string {
  const safe = name.replace(UNSAFE_GLOBAL, (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`);
  const chars = Array.from(safe);
  return chars.length > 64 ? `${chars.slice(0, 64).join('')}…` : safe;
}

/** How far apart two names are: edits, where swapping two neighbours counts once (OSA distance). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** Letter case, `_`, `-` and spaces do not tell names apart: `firstName` is near `first_name`. */
function normalise(name: string): string {
  return name.toLowerCase().replace(/[\s_-]/g, '');
}

/** The known name nearest an unknown one, when it is near enough to be what was meant. */
export function nearestName(unknown: string, known: readonly string[]): string | undefined {
  const wanted = normalise(unknown);
  const limit = wanted.length < 4 ? 0 : wanted.length < 8 ? 1 : wanted.length < 13 ? 2 : 3;
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    const candidate = normalise(name);
    if (Math.abs(candidate.length - wanted.length) > limit) continue;
    const d = distance(wanted, candidate);
    if (d <= limit && (!best || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/** The first forbidden character of a text, or null. */
export function forbiddenCharacter(text: string, multiline: boolean): string | null {
  const match = (multiline ? MULTI_LINE : SINGLE_LINE).exec(text);
  return match ? match[0] : null;
}

const UNKNOWN_FIELD = 'unknownField';
const FORBIDDEN_TEXT = 'forbiddenText';

function unknownField(pointer: string, name: string, suggestion: string | undefined): ErrorObject {
  const shown = displayName(name);
  // `at` keeps the name as sent (never shown) to match ajv's own errors about the same field.
  return {
    keyword: UNKNOWN_FIELD,
    instancePath: `${pointer}/${segment(shown)}`,
    schemaPath: '',
    params: { suggestion, at: `${pointer}/${name}` },
  };
}

/** Where an unknown field the rules found is, as `<object's JSON Pointer>/<name as sent>`; null for other errors. */
export function unknownFieldPointer(error: ErrorObject): string | null {
  return error.keyword === UNKNOWN_FIELD ? String((error.params as { at?: unknown }).at) : null;
}

function forbiddenText(pointer: string, char: string, multiline: boolean): ErrorObject {
  const code = char.codePointAt(0) ?? 0;
  const kind = code >= 0xd800 && code <= 0xdfff ? 'surrogate' : code >= 0x2000 ? 'bidi' : 'control';
  return {
    keyword: FORBIDDEN_TEXT,
    instancePath: pointer,
    schemaPath: '',
    params: { kind, codePoint: codePoint(char), multiline },
  };
}

/** The message for a problem these rules found, named by its field path; null for any other error. */
export function bodyRuleMessage(error: ErrorObject, field: string): string | null {
  const p = error.params as Record<string, unknown>;
  if (error.keyword === UNKNOWN_FIELD) {
    return typeof p.suggestion === 'string'
      ? `${field} is not a known field; did you mean ${p.suggestion}?`
      : `${field} is not a known field.`;
  }
  if (error.keyword !== FORBIDDEN_TEXT) return null;
  const found = `(found ${String(p.codePoint)})`;
  if (p.kind === 'surrogate') return `${field} must be valid Unicode text: it has an unpaired surrogate ${found}.`;
  if (p.kind === 'bidi') return `${field} must not contain bidirectional control characters ${found}.`;
  return p.multiline
    ? `${field} must not contain control characters other than tabs and line breaks ${found}.`
    : `${field} must not contain control characters ${found}.`;
}

/**
 * Compiles the rules for one body schema: a function from a parsed body (before anything changes
 * it) to the problems found, as ajv-style errors with the body's JSON Pointer paths.
 */
export function compileBodyRules(schema: object): (body: unknown) => ErrorObject[] {
  assertInline(schema, '');
  const root = place([schema as Schema]);
  return (body) => {
    const problems: ErrorObject[] = [];
    // A body that is not an object is refused whole (400) before any field matters.
    if (isSchema(body)) walk(root, body, problems);
    return problems;
  };
}

/** A container of the body being read, and how far. */
interface Frame {
  at: Place;
  pointer: string;
  container: unknown[] | Record<string, unknown>;
  keys: string[] | null;
  next: number;
}

function frame(at: Place, container: unknown[] | Record<string, unknown>, pointer: string): Frame {
  return { at, pointer, container, keys: Array.isArray(container) ? null : Object.keys(container), next: 0 };
}

/** Reads the body depth-first in document order, with a stack of its own: no nesting depth overflows it. */
function walk(root: Place, body: Record<string, unknown>, problems: ErrorObject[]): void {
  const stack: Frame[] = [frame(root, body, '')];
  while (stack.length > 0 && problems.length < MAX_PROBLEMS) {
    const top = stack[stack.length - 1] as Frame;
    const length = top.keys === null ? (top.container as unknown[]).length : top.keys.length;
    if (top.next >= length) {
      stack.pop();
      continue;
    }
    const index = top.next++;
    let at: Place;
    let value: unknown;
    let key: string | number;
    if (top.keys === null) {
      key = index;
      value = (top.container as unknown[])[index];
      at = top.at.item(index);
    } else {
      key = top.keys[index] as string;
      const names = top.at.names;
      if (names !== null && !top.at.open && !top.at.knows(key)) {
        problems.push(unknownField(top.pointer, key, nearestName(key, names)));
        continue;
      }
      value = (top.container as Record<string, unknown>)[key];
      at = top.at.child(key);
    }
    if (typeof value === 'string') {
      const char = forbiddenCharacter(value, at.multiline);
      if (char !== null) problems.push(forbiddenText(`${top.pointer}/${segment(key)}`, char, at.multiline));
    } else if (Array.isArray(value) || isSchema(value)) {
      stack.push(frame(at, value, `${top.pointer}/${segment(key)}`));
    }
  }
}

/**
 * A copy of a body schema for the OpenAPI document, closed the way the rules close it, so a
 * validator or generated client in front of the service refuses the same unknown fields. Where
 * every object schema at a place names every field known there, each gets
 * `additionalProperties: false`; where branches name different fields, the place gets
 * `unevaluatedProperties: false`, which sees into the branches.
 */
export function documentedBodySchema<T extends object>(schema: T): T {
  const copy = JSON.parse(JSON.stringify(schema)) as Schema;
  close([copy]);
  publishDocumentOnly(copy);
  return copy as T;
}

/**
 * Keywords a schema holds under DOCUMENT_ONLY join it in the published document: rules the service
 * checks itself, with its own messages (exactly one way to name an employee, one bank style), that
 * validators and generated clients should see too.
 */
function publishDocumentOnly(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(publishDocumentOnly);
  if (!isSchema(node)) return;
  for (const value of Object.values(node)) publishDocumentOnly(value);
  const extra = node[DOCUMENT_ONLY];
  if (isSchema(extra)) {
    delete node[DOCUMENT_ONLY];
    const allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), extra];
    node.allOf = allOf;
  }
}

function close(roots: Schema[]): void {
  if (roots.length === 0) return;
  const all = expand(roots);
  const objects = all.filter((s) => propertiesOf(s) !== null);
  const names = [...new Set(objects.flatMap((s) => Object.keys(propertiesOf(s) as Schema)))];
  if (objects.length > 0 && !isOpen(all)) {
    if (objects.every((s) => names.every((n) => Object.hasOwn(propertiesOf(s) as Schema, n))))
      for (const s of objects) s.additionalProperties = false;
    else for (const r of roots) r.unevaluatedProperties = false;
  }
  for (const name of names) close(objects.map((s) => (propertiesOf(s) as Schema)[name]).filter(isSchema));
  close(
    all
      .flatMap((s) => [
        s.items,
        ...(Array.isArray(s.prefixItems) ? s.prefixItems : []),
        ...(Array.isArray(s.items) ? s.items : []),
      ])
      .filter(isSchema),
  );
}
