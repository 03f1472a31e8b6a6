/**
 * The operators module: the people who run onpay in the console, their credentials (argon2id
 * password, TOTP, recovery codes), roles and sessions (tables: operators, operator_sessions).
 */
export {
  can,
  CONSOLE_SIGN_IN_LIMITS,
  createOperatorService,
  PERMISSIONS,
  requirePermission,
  ROLES,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SETUP_LINK_LIFETIME_MS,
  type ConsoleOperator,
  type OperatorService,
  type Permission,
  type SetupStep,
  type SignInResult,
} from './operators.service.js';
export { MIN_PASSWORD_LENGTH, PASSWORD_HASHING } from './credentials.js';
