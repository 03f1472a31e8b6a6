import { Type, type Static } from '@sinclair/typebox';

export const TERMS_EXAMPLE = {
  code: 'onpay-terms-2026-01',
  title: 'onpay terms of service',
  url: 'https://onpay.example/terms/2026-01',
};

export const TermsMetadata = Type.Object(
  {
    code: Type.String({ description: 'Identifier of this terms version; approvals are recorded per code.' }),
    title: Type.String(),
    url: Type.String({ description: 'Where the full text of the terms can be read.' }),
  },
  {
    $id: 'TermsMetadata',
    additionalProperties: false,
    description: 'One version of the terms',
    examples: [TERMS_EXAMPLE],
  },
);
export type TermsMetadata = Static<typeof TermsMetadata>;

export const TermsResponse = Type.Object(
  { terms: TermsMetadata },
  { additionalProperties: false, examples: [{ terms: TERMS_EXAMPLE }] },
);
export type TermsResponse = Static<typeof TermsResponse>;
