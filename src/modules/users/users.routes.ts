import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../platform/openapi.js';
import { PageQuery, toPage } from '../../platform/pagination.js';
import { callerOf, writeContext } from '../../platform/request-context.js';
import type { IdentityService } from './identity.service.js';
import type { UserTermsService } from './user-terms.service.js';
import type { UserService } from './users.service.js';
import {
  CreateUserBody,
  IdentityBody,
  LookupBody,
  ProfileBody,
  TermsApprovalBody,
  UpdateUserBody,
  UserIdParams,
  UserList,
  UserPayload,
  UserTermsChange,
  UserTermsStatus,
} from './users.schemas.js';

export interface UserRoutesDeps {
  users: UserService;
  identity: IdentityService;
  userTerms: UserTermsService;
  publicBaseUrl: string;
}

const tags = ['Users'];
const writeErrors = errorResponses(400, 401, 404, 422, 429);
const readErrors = errorResponses(400, 401, 404, 429);

export function userRoutes({ users, identity, userTerms, publicBaseUrl }: UserRoutesDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/users',
      {
        schema: {
          tags,
          summary: 'Create or link an employee by e-mail',
          description: 'Creates the employee, or links an existing one (same e-mail) to you; then only `email` and `internal_id` apply. Answers 200 in both cases.',
          body: CreateUserBody,
          response: { 200: UserPayload, ...writeErrors },
        },
      },
      async (request) => users.createOrLink(writeContext(request), request.body),
    );

    app.get(
      '/users',
      { schema: { tags, summary: 'Your employees, newest link first', querystring: PageQuery, response: { 200: UserList, ...errorResponses(400, 401, 422, 429) } } },
      async (request) => {
        const { total, results } = await users.list(callerOf(request).partnerId, request.query);
        return toPage(request, publicBaseUrl, request.query, total, results);
      },
    );

    app.post(
      '/users/lookup',
      { schema: { tags, summary: 'Find one of your employees by user_id, phone or ssn', body: LookupBody, response: { 200: UserPayload, ...writeErrors } } },
      async (request) => users.lookup(callerOf(request).partnerId, request.body),
    );

    app.get(
      '/users/:id',
      { schema: { tags, summary: 'One employee', params: UserIdParams, response: { 200: UserPayload, ...readErrors } } },
      async (request) => users.get(callerOf(request).partnerId, request.params.id),
    );

    for (const method of ['PUT', 'PATCH'] as const) {
      app.route({
        method,
        url: '/users/:id',
        schema: {
          tags,
          summary: 'Partial update: bank account, note, internal_id, profile fields',
          params: UserIdParams,
          body: UpdateUserBody,
          response: { 200: UserPayload, ...writeErrors },
        },
        handler: async (request) => users.update(writeContext(request), request.params.id, request.body),
      });
      app.route({
        method,
        url: '/users/:id/profile',
        schema: {
          tags,
          summary: 'Replace the full profile (completes the profile step)',
          params: UserIdParams,
          body: ProfileBody,
          response: { 200: UserPayload, ...writeErrors },
        },
        handler: async (request) => users.replaceProfile(writeContext(request), request.params.id, request.body),
      });
    }

    app.put(
      '/users/:id/identity',
      { schema: { tags, summary: 'Create or update the identity', params: UserIdParams, body: IdentityBody, response: { 200: UserPayload, ...writeErrors } } },
      async (request) => identity.setIdentity(writeContext(request), request.params.id, request.body),
    );

    app.get(
      '/users/:id/terms',
      { schema: { tags: ['Terms'], summary: "The employee's approval of the current terms", params: UserIdParams, response: { 200: UserTermsStatus, ...readErrors } } },
      async (request) => userTerms.get(callerOf(request).partnerId, request.params.id),
    );

    app.post(
      '/users/:id/terms',
      {
        schema: {
          tags: ['Terms'],
          summary: 'Approve (true) or withdraw (false) the current terms',
          params: UserIdParams,
          body: TermsApprovalBody,
          response: { 200: UserTermsChange, ...writeErrors },
        },
      },
      async (request) => userTerms.set(writeContext(request), request.params.id, request.body.approved),
    );
  };
}
