import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors.js';
import { described, errorResponses } from '../../platform/openapi.js';
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

// The 400, 401, 413, 415, 422, 429 and 500 every route shares come from addSharedErrorResponses;
// a route lists its own errors, with an example that tells what typically goes wrong there.
const notLinked = errorResponses('user_not_found');

export function userRoutes({ users, identity, userTerms, publicBaseUrl }: UserRoutesDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/users',
      {
        schema: {
          tags,
          operationId: 'createOrLinkUser',
          summary: 'Create or link an employee by e-mail',
          description:
            'Creates the employee, or links an existing one (same e-mail, in any letter case) to you; then only `email` and `internal_id` apply, and the other fields are checked as for a new employee (422 when one is invalid) and then ignored. Answers 200 in both cases. Bank fields are optional: exactly one style, domestic (`bank_account_number`) or international (`bank_iban_number` with `bank_bic_number`). Employees created here have `email_verified` true at once.',
          body: CreateUserBody,
          response: {
            200: described(UserPayload, 'The employee, created or linked'),
            ...errorResponses(AppError.field('email', 'email must be a valid email address.')),
          },
        },
      },
      async (request) => users.createOrLink(writeContext(request), request.body),
    );

    app.get(
      '/users',
      {
        schema: {
          tags,
          operationId: 'listUsers',
          summary: 'Your employees, newest link first',
          description:
            'A page of your employees (full User payloads), newest link first. `next` and `previous` are absolute URLs, or "" when there is no such page.',
          querystring: PageQuery,
          response: {
            200: described(UserList, 'One page of your employees'),
            ...errorResponses(AppError.field('per_page', 'per_page must not be greater than 100.')),
          },
        },
      },
      async (request) => {
        const { total, results } = await users.list(callerOf(request).partnerId, request.query);
        return toPage(request, publicBaseUrl, request.query, total, results);
      },
    );

    app.post(
      '/users/lookup',
      {
        schema: {
          tags,
          operationId: 'lookupUser',
          summary: 'Find one of your employees by user_id, phone or ssn',
          description:
            'Send exactly one of `user_id`, `phone` (the profile phone; spaces and dashes ignored) or `ssn` (the identity number). Only your own employees are searched. A phone or ssn shared by several of your employees is a 422: look them up by `user_id`.',
          body: LookupBody,
          response: {
            200: described(UserPayload, 'The employee (same as GET /users/{id})'),
            ...errorResponses(
              'user_not_found',
              AppError.field('user_id', 'Send exactly one of user_id, phone or ssn.'),
            ),
          },
        },
      },
      async (request) => users.lookup(callerOf(request).partnerId, request.body),
    );

    app.get(
      '/users/:id',
      {
        schema: {
          tags,
          operationId: 'getUser',
          summary: 'One employee',
          description:
            'The employee with their `onboarding` status. Poll it after verification until `onboarding.is_onboarded` is true.',
          params: UserIdParams,
          response: { 200: described(UserPayload, 'The employee'), ...notLinked },
        },
      },
      async (request) => users.get(callerOf(request).partnerId, request.params.id),
    );

    for (const method of ['PUT', 'PATCH'] as const) {
      const verb = method === 'PUT' ? 'update' : 'patch';
      app.route({
        method,
        url: '/users/:id',
        schema: {
          tags,
          operationId: `${verb}User`,
          summary: 'Partial update: bank account, note, internal_id, profile fields',
          description:
            'Only supplied fields change (null counts as not supplied). Mainly for setting or changing the bank account: exactly one style, domestic or international; switching style clears the other. When the employee has no profile yet, sending any profile field requires all of them (422 naming the missing ones); use `PUT /users/{id}/profile` for a full profile. `PUT` and `PATCH` behave the same.',
          params: UserIdParams,
          body: UpdateUserBody,
          response: {
            200: described(UserPayload, 'The employee after the update'),
            ...notLinked,
            ...errorResponses(AppError.field('bank_bic_number', 'bank_bic_number is required with bank_iban_number.')),
          },
        },
        handler: async (request) => users.update(writeContext(request), request.params.id, request.body),
      });
      app.route({
        method,
        url: '/users/:id/profile',
        schema: {
          tags,
          operationId: `${verb}Profile`,
          summary: 'Replace the full profile (completes the profile step)',
          description:
            'Every field is required; the dial code is checked against the country calling codes in use. Completes the `profile` onboarding step. `PUT` and `PATCH` behave the same.',
          params: UserIdParams,
          body: ProfileBody,
          response: {
            200: described(UserPayload, 'The employee with the new profile'),
            ...notLinked,
            ...errorResponses(AppError.field('dial_code', 'dial_code must be a country calling code such as +47.')),
          },
        },
        handler: async (request) => users.replaceProfile(writeContext(request), request.params.id, request.body),
      });
    }

    app.put(
      '/users/:id/identity',
      {
        schema: {
          tags,
          operationId: 'setIdentity',
          summary: 'Create or update the identity',
          description:
            "Records the identity you register for the employee (it does not verify it; a verification session does). `identification` (national identity number), `country_code` (ISO 3166-1 alpha-2) and `birthday` are required; `document_id` is optional. Numbers are checked by country where a rule is known (Norway, Sweden, Denmark, Finland). What you register is yours: another partner linked to the same person never sees it. Once a provider verified the person's identity, sending that identity again is accepted and changes nothing, and a different one is a 409: it changes only through a new verification.",
          params: UserIdParams,
          body: IdentityBody,
          response: {
            200: described(UserPayload, 'The employee with the identity stored'),
            ...notLinked,
            ...errorResponses('identity_conflict'),
            ...errorResponses(
              AppError.field('identification', 'identification is not a valid national identity number for NO.'),
            ),
          },
        },
      },
      async (request) => identity.setIdentity(writeContext(request), request.params.id, request.body),
    );

    app.get(
      '/users/:id/terms',
      {
        schema: {
          tags: ['Terms'],
          operationId: 'getUserTerms',
          summary: "The employee's approval of the current terms",
          description:
            '`terms_approved` is true when the employee approved the current terms version; `approved_at` is null otherwise.',
          params: UserIdParams,
          response: { 200: described(UserTermsStatus, "The employee's terms status"), ...notLinked },
        },
      },
      async (request) => userTerms.get(callerOf(request).partnerId, request.params.id),
    );

    app.post(
      '/users/:id/terms',
      {
        schema: {
          tags: ['Terms'],
          operationId: 'setUserTerms',
          summary: 'Approve (true) or withdraw (false) the current terms',
          description:
            'Records or withdraws approval of the current terms version and updates the `terms_approved` onboarding step. `changed` is true when the stored value was updated.',
          params: UserIdParams,
          body: TermsApprovalBody,
          response: {
            200: described(UserTermsChange, "The employee's terms status after the change"),
            ...notLinked,
            ...errorResponses(AppError.field('approved', 'approved must be a boolean.')),
          },
        },
      },
      async (request) => userTerms.set(writeContext(request), request.params.id, request.body.approved),
    );
  };
}
