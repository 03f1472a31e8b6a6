import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../platform/openapi.js';
import { TermsResponse } from './terms.schemas.js';
import { termsRowToMetadata, type TermsService } from './terms.service.js';

export function termsRoutes(terms: TermsService): FastifyPluginAsyncTypebox {
  return async (app) => {
    const schema = {
      tags: ['Terms'],
      response: { 200: TermsResponse, ...errorResponses(401, 429) },
    };

    app.get('/terms', { schema: { ...schema, summary: 'Current terms (global)' } }, async () => ({
      terms: termsRowToMetadata(await terms.current()),
    }));

    app.get('/users/terms', { schema: { ...schema, summary: 'Current terms (same as GET /terms)' } }, async () => ({
      terms: termsRowToMetadata(await terms.current()),
    }));
  };
}
