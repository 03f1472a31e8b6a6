import { Type, type Static } from '@sinclair/typebox';

export const TermsMetadata = Type.Object(
  {
    code: Type.String({ description: 'Identifier of this terms version; approvals are recorded per code.' }),
    title: Type.String(),
    url: Type.String({ description: 'Where the full text of the terms can be read.' }),
  },
  { $id: 'TermsMetadata', additionalProperties: false },
);
export type TermsMetadata = Static<typeof TermsMetadata>;

export const TermsResponse = Type.Object({ terms: TermsMetadata }, { additionalProperties: false });
export type TermsResponse = Static<typeof TermsResponse>;
