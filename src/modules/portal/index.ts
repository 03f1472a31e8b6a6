/** The portal module: the employee's own pages and their sessions (table: employee_sessions). */
export {
  createPortalService,
  EMPLOYEE_SESSION_LIFETIME_MS,
  EMPLOYEE_SESSION_RETENTION_MS,
  type EmployeeSession,
  type PortalHome,
  type PortalPayout,
  type PortalPayoutDetail,
  type PortalService,
} from './portal.service.js';
export { createPortalRights, type PortalRights } from './rights.js';
