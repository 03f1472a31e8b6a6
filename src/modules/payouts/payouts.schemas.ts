import { Type, type Static } from '@sinclair/typebox';
import { DOCUMENT_ONLY, exactlyOneOf } from '../../platform/body-rules.js';
import { PageQuery, PaginatedList } from '../../platform/pagination.js';

const date = (description: string) =>
  Type.String({ format: 'date', errorMessage: 'must be a date as YYYY-MM-DD.', description });

export const MAX_PAYOUT_ITEMS = 1000;
export const MAX_PRODUCTS = 100;

export const ProductInput = Type.Object({
  quantity: Type.Number({
    exclusiveMinimum: 0,
    maximum: 10_000,
    description: 'Greater than 0 (at most 10 000), at most 4 decimals',
  }),
  price: Type.Number({
    minimum: 0,
    maximum: 1_000_000,
    description: 'At least 0 (at most 1 000 000), at most 2 decimals',
  }),
  description: Type.String({ minLength: 1, maxLength: 255 }),
});

export const PayoutItemInput = Type.Object(
  {
    date: date('The work date (YYYY-MM-DD), from 2000-01-01 to one year after today; decides the tax year'),
    hours: Type.Optional(
      Type.Number({ minimum: 0, maximum: 10_000, description: 'Hours worked (informative), at most 2 decimals' }),
    ),
    products: Type.Array(ProductInput, {
      minItems: 1,
      maxItems: MAX_PRODUCTS,
      description: 'At most 1 000 000.00 of salary (Σ round(quantity × price)) per item',
    }),
    user_id: Type.Optional(Type.Integer({ minimum: 1 })),
    phone: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    ssn: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    description: Type.Optional(Type.String({ maxLength: 255 })),
  },
  {
    description: 'Names its employee with exactly one of `user_id`, `phone` or `ssn`',
    [DOCUMENT_ONLY]: exactlyOneOf('user_id', 'phone', 'ssn'),
  },
);
export type PayoutItemInput = Static<typeof PayoutItemInput>;

export const CreatePayoutsBody = Type.Object(
  {
    due_date: date('When the invoice is due (YYYY-MM-DD), from 2000-01-01 to one year after today'),
    payouts: Type.Array(PayoutItemInput, {
      minItems: 1,
      maxItems: MAX_PAYOUT_ITEMS,
      description: `1 to ${MAX_PAYOUT_ITEMS} items; each names its employee with exactly one of \`user_id\`, \`phone\` or \`ssn\``,
    }),
  },
  {
    examples: [
      {
        due_date: '2026-12-01',
        payouts: [
          {
            user_id: 42,
            date: '2026-11-20',
            hours: 7.5,
            description: 'Warehouse, Friday',
            products: [{ quantity: 7.5, price: 220, description: 'Hours' }],
          },
          {
            phone: '41234567',
            date: '2026-11-21',
            products: [{ quantity: 1, price: 950, description: 'Event shift' }],
          },
        ],
      },
    ],
  },
);
export type CreatePayoutsBody = Static<typeof CreatePayoutsBody>;

export const PayoutsCreated = Type.Object(
  {
    count: Type.Integer(),
    results: Type.String({ description: 'e.g. "3 payouts created on invoice 12"' }),
    invoice_id: Type.Integer(),
    payout_ids: Type.Array(Type.Integer(), { description: 'The new payouts, in item order' }),
  },
  {
    additionalProperties: false,
    examples: [{ count: 2, results: '2 payouts created on invoice 77', invoice_id: 77, payout_ids: [501, 502] }],
  },
);
export type PayoutsCreated = Static<typeof PayoutsCreated>;

const money = (description?: string) =>
  Type.String({ pattern: '^\\d+\\.\\d{2}$', ...(description ? { description } : {}) });

const PAYOUT_EXAMPLE = {
  id: 501,
  user_id: 42,
  invoice_id: 77,
  status: 'pending' as const,
  type: 'salary' as const,
  salary: '1650.00',
  vacation: '198.00',
  pension: '33.00',
  net_salary: '1072.50',
  net_vacation: '128.70',
  invoice_excl: '2248.65',
  invoice_incl: '2810.81',
  paid_at: null,
  created_at: '2026-11-21T10:10:00.000Z',
  updated_at: '2026-11-21T10:10:00.000Z',
  date: '2026-11-20',
  hours: '7.5',
  description: 'Warehouse, Friday',
  tax_withheld: '646.80',
  employer_contribution: '260.57',
  service_fee: '107.08',
  vat: '562.16',
  trace_id: null,
  failure_code: null,
  failure_message: null,
};

export const PayoutSchema = Type.Object(
  {
    id: Type.Integer(),
    user_id: Type.Integer(),
    invoice_id: Type.Integer(),
    status: Type.Union(
      [
        Type.Literal('pending'),
        Type.Literal('processing'),
        Type.Literal('paid'),
        Type.Literal('cancelled'),
        Type.Literal('failed'),
      ],
      {
        description:
          '`pending` until it goes to the bank in a payment file (`processing`); then `paid` when the bank booked it or `failed` when it rejected or returned it. A failed payout is retried (`pending` again) or `cancelled`. `processing` is new (2026-11-25): treat an unknown status as not final.',
      },
    ),
    type: Type.Literal('salary'),
    salary: money('Σ round(quantity × price)'),
    vacation: money('Holiday pay, 12 % of salary'),
    pension: money("Employer's occupational pension, 2 % of salary"),
    net_salary: money('Salary after tax withheld'),
    net_vacation: money('Holiday pay after tax withheld'),
    invoice_excl: money('What you are invoiced for this payout, excluding VAT'),
    invoice_incl: money('Including 25 % VAT'),
    paid_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'null until paid' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    date: Type.String({ format: 'date' }),
    hours: Type.Union([Type.String(), Type.Null()]),
    description: Type.String(),
    tax_withheld: money('Withholding on salary plus holiday pay'),
    employer_contribution: money("Employer's national insurance contribution, 14.1 % of salary + holiday pay"),
    service_fee: money('onpay service fee'),
    vat: money(),
    trace_id: Type.Union([Type.String({ maxLength: 35 }), Type.Null()], {
      description:
        'The reference of its latest attempt sent to the bank (the payment file’s EndToEndId): null before its first payment file; a retried payout gets a new one in its next file',
    }),
    failure_code: Type.Union([Type.String({ maxLength: 8 }), Type.Null()], {
      description:
        'While `failed`: the bank’s reason code (ISO 20022, e.g. AC01 wrong account, AC04 closed account, AM04 insufficient funds), or `MANUAL` when the operator marked it failed; null otherwise',
    }),
    failure_message: Type.Union([Type.String({ maxLength: 500 }), Type.Null()], {
      description: 'While `failed`: what went wrong, in words; null otherwise',
    }),
  },
  {
    $id: 'Payout',
    additionalProperties: false,
    description: 'One payout (tax card 35 % in the example)',
    examples: [PAYOUT_EXAMPLE],
  },
);
export type PayoutPayload = Static<typeof PayoutSchema>;

export const PayoutList = {
  ...PaginatedList(PayoutSchema),
  examples: [
    {
      total: 31,
      next: 'https://onpay.example/api/v1/payouts?status=pending&page=2&per_page=1',
      previous: '',
      count: 1,
      results: [PAYOUT_EXAMPLE],
    },
  ],
};

const filters = {
  status: Type.Optional(
    Type.Union(
      [
        Type.Literal('pending'),
        Type.Literal('processing'),
        Type.Literal('paid'),
        Type.Literal('cancelled'),
        Type.Literal('failed'),
      ],
      { errorMessage: 'status must be one of pending, processing, paid, cancelled, failed.' },
    ),
  ),
  from: Type.Optional(
    Type.String({
      format: 'date',
      errorMessage: 'from must be a date as YYYY-MM-DD.',
      description: 'Payout date on or after',
    }),
  ),
  to: Type.Optional(
    Type.String({
      format: 'date',
      errorMessage: 'to must be a date as YYYY-MM-DD.',
      description: 'Payout date on or before',
    }),
  ),
};

export const PayoutListQuery = Type.Composite([
  PageQuery,
  Type.Object({
    ...filters,
    user_id: Type.Optional(Type.Integer({ minimum: 1 })),
    invoice_id: Type.Optional(
      Type.Integer({ minimum: 1, description: 'One invoice’s payouts; another partner’s invoice lists nothing' }),
    ),
  }),
]);
export type PayoutListQuery = Static<typeof PayoutListQuery>;
export const UserPayoutListQuery = Type.Composite([PageQuery, Type.Object(filters)]);
export type UserPayoutListQuery = Static<typeof UserPayoutListQuery>;

/** GET /payouts/export: the list's filters, without paging (an export has every row: `page` is a 422). */
export const PayoutExportQuery = Type.Object({ ...filters, user_id: Type.Optional(Type.Integer({ minimum: 1 })) });
export type PayoutExportQuery = Static<typeof PayoutExportQuery>;

export const PayoutParams = Type.Object({ payout: Type.String({ description: 'Payout id', examples: ['501'] }) });
