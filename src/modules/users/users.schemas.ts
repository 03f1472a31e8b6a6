import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DOCUMENT_ONLY, exactlyOneOf, MULTILINE } from '../../platform/body-rules.js';
import { PaginatedList } from '../../platform/pagination.js';
import { TERMS_EXAMPLE, TermsMetadata } from '../terms/index.js';
import { ONBOARDING_EXAMPLE, OnboardingSchema } from './onboarding.js';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const text = (max: number, description?: string) =>
  Type.String({ maxLength: max, ...(description ? { description } : {}) });

export const PHONE_PATTERN = '^[0-9]{4,15}$';
const phone = Type.String({
  pattern: PHONE_PATTERN,
  errorMessage: 'phone must contain only digits, 4 to 15 of them.',
  description: 'Digits only, 4 to 15',
});
const mainWork = Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Boolean()], {
  errorMessage: 'main_work must be "true" or "false".',
  description: 'Whether primary work is through the service: "true" or "false" (JSON booleans accepted)',
});
const dialCode = text(254, 'Country calling code, e.g. "+47"');
const internalId = Type.Integer({
  minimum: 0,
  maximum: Number.MAX_SAFE_INTEGER,
  description: 'Partner-specific id, unique among your employees',
});
const bankFields = {
  bank_account_number: Type.Optional(nullable(text(64, 'Domestic account (Norway: 11 digits, MOD11)'))),
  bank_iban_number: Type.Optional(nullable(text(64, 'International: IBAN, together with bank_bic_number'))),
  bank_bic_number: Type.Optional(nullable(text(16, 'International: BIC, together with bank_iban_number'))),
};

/** A bank field that is there: a string with something in it (null and blanks count as absent). */
const presentText = { type: 'string', pattern: '\\S' } as const;
const has = (field: string) => ({ properties: { [field]: presentText }, required: [field] });

/**
 * One bank style, for the document (the service checks it with its own messages): a domestic
 * account excludes IBAN and BIC, and an IBAN goes with a BIC.
 */
const ONE_BANK_STYLE = {
  allOf: [
    { if: has('bank_account_number'), then: { not: { anyOf: [has('bank_iban_number'), has('bank_bic_number')] } } },
    { if: has('bank_iban_number'), then: has('bank_bic_number') },
    { if: has('bank_bic_number'), then: has('bank_iban_number') },
  ],
};

/** The optional fields POST /users and PUT /users/{id} share, with the same limits (spec). */
const userFields = {
  internal_id: Type.Optional(nullable(internalId)),
  first_name: Type.Optional(nullable(text(254))),
  last_name: Type.Optional(nullable(text(254))),
  address: Type.Optional(nullable(text(255))),
  postal_code: Type.Optional(nullable(text(10))),
  city: Type.Optional(nullable(text(255))),
  dial_code: Type.Optional(nullable(dialCode)),
  phone: Type.Optional(nullable(phone)),
  main_work: Type.Optional(nullable(mainWork)),
  // The one text field that may hold line breaks and tabs.
  note: Type.Optional(
    nullable(Type.String({ maxLength: 4096, [MULTILINE]: true, description: 'May hold line breaks and tabs' })),
  ),
  ...bankFields,
};

export const CreateUserBody = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 254 }), ...userFields },
  {
    [DOCUMENT_ONLY]: ONE_BANK_STYLE,
    examples: [{ email: 'kari.nordmann@example.com', internal_id: 1001, bank_account_number: '12345678903' }],
  },
);
export type CreateUserBody = Static<typeof CreateUserBody>;

export const UpdateUserBody = Type.Object(userFields, {
  [DOCUMENT_ONLY]: ONE_BANK_STYLE,
  examples: [{ bank_iban_number: 'NO9386011117947', bank_bic_number: 'DNBANOKKXXX', note: 'Weekend shifts' }],
});
export type UpdateUserBody = Static<typeof UpdateUserBody>;

const required = (max: number) => Type.String({ minLength: 1, maxLength: max });
export const ProfileBody = Type.Object(
  {
    first_name: required(254),
    last_name: required(254),
    address: required(255),
    postal_code: required(10),
    city: required(255),
    dial_code: Type.String({ minLength: 1, maxLength: 254, description: 'Country calling code, e.g. "+47"' }),
    phone,
    main_work: mainWork,
  },
  {
    examples: [
      {
        first_name: 'Kari',
        last_name: 'Nordmann',
        address: 'Storgata 1',
        postal_code: '0155',
        city: 'Oslo',
        dial_code: '+47',
        phone: '41234567',
        main_work: 'true',
      },
    ],
  },
);
export type ProfileBody = Static<typeof ProfileBody>;

export const IdentityBody = Type.Object(
  {
    identification: Type.String({ minLength: 1, maxLength: 64, description: 'National identity number' }),
    country_code: Type.String({
      pattern: '^[A-Za-z]{2}$',
      errorMessage: 'country_code must be an ISO 3166-1 alpha-2 code.',
    }),
    birthday: Type.String({ format: 'date', errorMessage: 'birthday must be a date as YYYY-MM-DD.' }),
    document_id: Type.Optional(nullable(text(64))),
  },
  {
    examples: [{ identification: '17059012355', country_code: 'NO', birthday: '1990-05-17', document_id: 'FH1234567' }],
  },
);
export type IdentityBody = Static<typeof IdentityBody>;

export const LookupBody = Type.Object(
  {
    user_id: Type.Optional(Type.Integer({ minimum: 1 })),
    phone: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    ssn: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  {
    description: 'Exactly one of `user_id`, `phone` or `ssn`',
    [DOCUMENT_ONLY]: exactlyOneOf('user_id', 'phone', 'ssn'),
    examples: [{ phone: '41234567' }],
  },
);
export type LookupBody = Static<typeof LookupBody>;

export const UserIdParams = Type.Object({ id: Type.String({ description: 'Employee id', examples: ['42'] }) });

export const USER_EXAMPLE = {
  id: '42',
  email: 'kari.nordmann@example.com',
  internal_id: '1001',
  name: 'Kari Nordmann',
  phone: '41234567',
  address: 'Storgata 1',
  postal_code: '0155',
  city: 'Oslo',
  main_work: 'true' as const,
  nationality: 'NO',
  note: '',
  bank_account_number: '12345678903',
  bank_iban_number: null,
  bank_bic_number: null,
  tax_percent: null,
  tax_type: '',
  tax_start: '',
  tax_table: '',
  tax_free_card: '',
  onboarding: ONBOARDING_EXAMPLE,
  created_at: '2026-11-21T10:00:00.000Z',
};

export const UserPayload = Type.Object(
  {
    id: Type.String({ description: 'Employee id (a number, as a string)' }),
    email: Type.String(),
    internal_id: Type.String({ description: 'Your id for the employee; "" when none' }),
    name: Type.String(),
    phone: Type.String(),
    address: Type.String(),
    postal_code: Type.String(),
    city: Type.String(),
    main_work: Type.Union([Type.Literal('true'), Type.Literal('false')]),
    nationality: Type.String(),
    note: Type.String(),
    bank_account_number: nullable(Type.String()),
    bank_iban_number: nullable(Type.String()),
    bank_bic_number: nullable(Type.String()),
    tax_percent: nullable(Type.String()),
    tax_type: Type.String(),
    tax_start: Type.String(),
    tax_table: Type.String(),
    tax_free_card: Type.String(),
    onboarding: OnboardingSchema,
    created_at: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'User',
    additionalProperties: false,
    description: 'An employee (the same shape from every user operation)',
    examples: [USER_EXAMPLE],
  },
);
export type UserPayload = Static<typeof UserPayload>;

export const UserList = {
  ...PaginatedList(UserPayload),
  examples: [{ total: 1, next: '', previous: '', count: 1, results: [USER_EXAMPLE] }],
};

export const TermsApprovalBody = Type.Object(
  {
    approved: Type.Boolean({ description: 'true records approval of the current terms; false withdraws it' }),
  },
  { examples: [{ approved: true }] },
);
export type TermsApprovalBody = Static<typeof TermsApprovalBody>;

const userTermsFields = {
  user_id: Type.String(),
  terms_approved: Type.Boolean(),
  approved_at: nullable(
    Type.String({ format: 'date-time', description: 'When the current terms were approved; null when not approved' }),
  ),
  terms: TermsMetadata,
};
const USER_TERMS_EXAMPLE = {
  user_id: '42',
  terms_approved: true,
  approved_at: '2026-11-21T10:02:00.000Z',
  terms: TERMS_EXAMPLE,
};
export const UserTermsStatus = Type.Object(userTermsFields, {
  additionalProperties: false,
  examples: [USER_TERMS_EXAMPLE],
});
export type UserTermsStatus = Static<typeof UserTermsStatus>;
export const UserTermsChange = Type.Object(
  { ...userTermsFields, changed: Type.Boolean({ description: 'true when the stored value was updated' }) },
  { additionalProperties: false, examples: [{ ...USER_TERMS_EXAMPLE, changed: true }] },
);
export type UserTermsChange = Static<typeof UserTermsChange>;
export { ONBOARDING_EXAMPLE, OnboardingSchema };
