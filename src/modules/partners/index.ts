/** The partners module: partners and their credentials (tables: partners, api_keys, access_tokens). */
export {
  checkFeeRate,
  checkInvoiceDetails,
  checkPartnerName,
  createPartnerService,
  CREDENTIAL_CACHE_TTL_MS,
  DEFAULT_FEE_RATE,
  TOKEN_USE_INTERVAL_MS,
  type InvoiceDetailsInput,
  type IssuedToken,
  type PartnerCredentials,
  type PartnerInvoiceDetails,
  type PartnerService,
  type PartnerSummary,
} from './partners.service.js';
