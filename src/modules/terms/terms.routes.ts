import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { described } from '../../platform/openapi.js';
import { TermsResponse } from './terms.schemas.js';
import type { TermsService } from './terms.service.js';

const DESCRIPTION =
  'The terms every employee must approve (`POST /users/{id}/terms`) before they are onboarded. One version is current at a time; publishing a new one makes `terms_approved` false for everyone until they approve its `code`.';

export function termsRoutes(terms: TermsService): FastifyPluginAsyncTypebox {
  return async (app) => {
    const schema = {
      tags: ['Terms'],
      description: DESCRIPTION,
      response: { 200: described(TermsResponse, 'The current terms') },
    };

    app.get(
      '/terms',
      { schema: { ...schema, operationId: 'getTerms', summary: 'Current terms (global)' } },
      async () => ({ terms: await terms.currentMetadata() }),
    );

    app.get(
      '/users/terms',
      {
        schema: {
          ...schema,
          operationId: 'getUsersTerms',
          summary: 'Current terms (same as GET /terms)',
          description: `Same answer as \`GET /terms\`. ${DESCRIPTION}`,
        },
      },
      async () => ({ terms: await terms.currentMetadata() }),
    );
  };
}
