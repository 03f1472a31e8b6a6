/** The ways a request can name an employee (lookup, payout items): exactly one must be given. */
const EMPLOYEE_KEYS = ['user_id', 'phone', 'ssn'] as const;
export type EmployeeKey = (typeof EMPLOYEE_KEYS)[number];

/** Which of user_id, phone and ssn the request names the employee by, in that order. */
export function namedBy(item: Partial<Record<EmployeeKey, unknown>>): EmployeeKey[] {
  return EMPLOYEE_KEYS.filter((field) => item[field] !== undefined);
}

/** A phone number as stored and searched: without spaces or dashes. */
export function normalisePhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}
