/**
 * The OpenAPI document as a contract: every response the service sends through `app.inject` is
 * checked against it with a standard validator (ajv, JSON Schema 2020-12, the dialect of OpenAPI
 * 3.1). A status the operation does not document, a body that does not match the documented
 * schema, or a required header that is missing (or a documented one of the wrong type), is a
 * ContractViolation naming all three.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import * as addFormatsModule from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsModule.default as unknown as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, unknown>;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
/** Components get their own schema ids, so `#/components/schemas/X` can be resolved outside the document. */
const COMPONENTS = 'https://onpay.test/contract/components/';
const JSON_MEDIA = 'application/json';
const NDJSON_MEDIA = 'application/x-ndjson';

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

export interface DocumentedResponse {
  description: string;
  /** Media type → validator of its schema. */
  content: Map<string, ValidateFunction>;
  /** Header name → its Header Object. */
  headers: Record<string, Json>;
}

export interface Operation {
  /** `POST /api/v1/users/{id}/terms` */
  key: string;
  method: string;
  path: string;
  object: Json;
  responses: Map<string, DocumentedResponse>;
  pattern: RegExp;
  /** Path templates, fewer first: `/users/lookup` wins over `/users/{id}`. */
  templates: number;
}

/** A media type of the document with its schema and examples: request bodies and responses. */
export interface MediaTypeEntry {
  where: string;
  schema: Json;
  examples: unknown[];
}

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/components/schemas/', COMPONENTS)
        : rewriteRefs(value);
  }
  return out;
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((e) => `  ${e.instancePath || '(body)'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`)
    .join('\n');
}

function snippet(text: string): string {
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

export class Contract {
  readonly operations: Operation[] = [];
  private readonly ajv: Ajv2020;
  private readonly seen = new Map<string, Set<number>>();

  /**
   * Compiles every schema of the document. ajv runs in strict mode, so a keyword that is not
   * JSON Schema 2020-12 (a private `errorMessage`, an OpenAPI 3.0 `nullable`) fails here.
   */
  constructor(readonly document: Json) {
    this.ajv = new Ajv2020({ strict: true, strictTypes: false, strictTuples: false, allErrors: true });
    addFormats(this.ajv);
    const components = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
    for (const [name, schema] of Object.entries(components))
      this.ajv.addSchema({ ...(rewriteRefs(schema) as Json), $id: `${COMPONENTS}${name}` });

    const paths = (document.paths ?? {}) as Record<string, Json>;
    for (const [path, item] of Object.entries(paths)) {
      for (const method of HTTP_METHODS) {
        const object = item[method] as Json | undefined;
        if (!object) continue;
        const responses = new Map<string, DocumentedResponse>();
        for (const [status, response] of Object.entries((object.responses ?? {}) as Record<string, Json>)) {
          const content = new Map<string, ValidateFunction>();
          for (const [mediaType, media] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
            content.set(mediaType, this.compile(media.schema as Json, `${method.toUpperCase()} ${path} ${status}`));
          }
          responses.set(status, {
            description: String(response.description ?? ''),
            content,
            headers: (response.headers ?? {}) as Record<string, Json>,
          });
        }
        const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
        this.operations.push({
          key: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          object,
          responses,
          pattern: new RegExp(`^${source}$`),
          templates: (path.match(/\{/g) ?? []).length,
        });
      }
    }
  }

  /** Compiles one schema of the document (its `$ref`s to components resolved). */
  compile(schema: Json, where: string): ValidateFunction {
    try {
      return this.ajv.compile(rewriteRefs(schema) as Json);
    } catch (error) {
      throw new ContractViolation(
        `${where}: the schema does not compile as JSON Schema 2020-12: ${(error as Error).message}`,
      );
    }
  }

  operation(key: string): Operation {
    const found = this.operations.find((o) => o.key === key);
    if (!found) throw new ContractViolation(`the document has no operation ${key}`);
    return found;
  }

  /** The documented operation a request hits, or undefined. */
  match(method: string, url: string): Operation | undefined {
    const path = url.split('?', 1)[0] as string;
    return this.operations
      .filter((o) => o.method === method.toUpperCase() && o.pattern.test(path))
      .sort((a, b) => a.templates - b.templates)[0];
  }

  /** Checks one actual response against the document and records that its operation answered that status. */
  check(method: string, url: string, res: LightMyRequestResponse): Operation {
    const operation = this.match(method, url);
    if (!operation)
      throw new ContractViolation(
        `${method} ${url} answered ${res.statusCode}, but the document has no such operation`,
      );
    const where = `${operation.key} (${method} ${url}) answered ${res.statusCode}`;
    const documented = operation.responses.get(String(res.statusCode));
    if (!documented) {
      throw new ContractViolation(
        `${where}, a status the document does not list for it (documented: ${[...operation.responses.keys()].join(', ')}). Body: ${snippet(res.body)}`,
      );
    }

    for (const [name, header] of Object.entries(documented.headers)) {
      const value = res.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required === true) throw new ContractViolation(`${where} without its required header ${name}`);
        continue;
      }
      const type = (header.schema as Json | undefined)?.type;
      if (type === 'integer' && !/^\d+$/.test(String(value)))
        throw new ContractViolation(`${where} with header ${name}: ${String(value)}, not an integer`);
    }

    if (documented.content.size === 0) {
      if (res.body !== '')
        throw new ContractViolation(`${where} with a body, but the document describes none: ${snippet(res.body)}`);
    } else {
      const contentType = String(res.headers['content-type'] ?? '');
      const mediaType = contentType.split(';', 1)[0]?.trim() ?? '';
      const validate = documented.content.get(mediaType);
      if (!validate)
        throw new ContractViolation(
          `${where} with Content-Type "${contentType}" (documented: ${[...documented.content.keys()].join(', ')})`,
        );
      // NDJSON: the documented schema is each line's (docs/basics.md, "Exports"); every line ends in LF.
      if (mediaType === NDJSON_MEDIA && res.body !== '' && !res.body.endsWith('\n'))
        throw new ContractViolation(`${where} with NDJSON whose last line does not end: ${snippet(res.body)}`);
      let bodies: unknown[];
      try {
        if (mediaType === JSON_MEDIA) bodies = [JSON.parse(res.body)];
        else if (mediaType === NDJSON_MEDIA)
          bodies = res.body
            .split('\n')
            .slice(0, -1)
            .map((line) => JSON.parse(line) as unknown);
        else bodies = [res.body];
      } catch {
        throw new ContractViolation(`${where} with a body that is not JSON: ${snippet(res.body)}`);
      }
      for (const body of bodies) {
        if (!validate(body)) {
          throw new ContractViolation(
            `${where} with a body that does not match the documented schema:\n${describeErrors(validate.errors)}\nBody: ${snippet(JSON.stringify(body))}`,
          );
        }
      }
    }

    const statuses = this.seen.get(operation.key) ?? new Set<number>();
    statuses.add(res.statusCode);
    this.seen.set(operation.key, statuses);
    return operation;
  }

  /**
   * From now on, every response of `app.inject` to a partner route is checked (and a violation
   * fails the request that caused it): the helpers' requests are held to the contract too.
   */
  observe(app: FastifyInstance): void {
    const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
    const observed = async (options: InjectOptions | string): Promise<LightMyRequestResponse> => {
      const res = await inject(options);
      const method = typeof options === 'string' ? 'GET' : (options.method ?? 'GET');
      const url = typeof options === 'string' ? options : (options.url ?? options.path);
      if (typeof url === 'string' && url.startsWith('/api/v1/') && !url.startsWith('/api/v1/openapi.json'))
        this.check(String(method), url, res);
      return res;
    };
    Object.assign(app, { inject: observed });
  }

  /** The statuses each operation was seen answering. */
  exercised(key: string): number[] {
    return [...(this.seen.get(key) ?? [])].sort((a, b) => a - b);
  }

  /** Every media type of the document (request bodies and responses) with its schema and examples. */
  mediaTypes(): MediaTypeEntry[] {
    const entries: MediaTypeEntry[] = [];
    const collect = (where: string, content: Record<string, Json> | undefined) => {
      for (const [mediaType, media] of Object.entries(content ?? {})) {
        const named = Object.values((media.examples ?? {}) as Record<string, Json>).map((e) => e.value);
        entries.push({
          where: `${where} ${mediaType}`,
          schema: media.schema as Json,
          examples: [...('example' in media ? [media.example] : []), ...named],
        });
      }
    };
    for (const operation of this.operations) {
      collect(
        `${operation.key} request body`,
        (operation.object.requestBody as Json | undefined)?.content as Record<string, Json> | undefined,
      );
      for (const [status, response] of Object.entries((operation.object.responses ?? {}) as Record<string, Json>)) {
        collect(`${operation.key} ${status}`, response.content as Record<string, Json> | undefined);
      }
    }
    return entries;
  }
}

/** The first example of an operation's request body. */
export function requestExample(operation: Operation): Json {
  const media = (((operation.object.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>)[
    JSON_MEDIA
  ];
  if (!media || !('example' in media))
    throw new ContractViolation(`${operation.key} documents no request body example`);
  return structuredClone(media.example) as Json;
}
