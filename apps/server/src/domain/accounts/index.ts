/**
 * Account, role, customer and site-settings management (SPEC §2 system/*, §3,
 * §5, §6): the rules every /um call enforces on the server, whatever the browser
 * checked. Tenant isolation lives here: a manager who is not admin sees and
 * changes only accounts of their own customer and hands out only roles whose
 * grants are within their own (see manager-scope.ts).
 */
export { AccountService, type AccountRow, type AccountInput } from './account-service.ts';
export { RoleService, type RoleInput } from './role-service.ts';
export { CustomerService, type CustomerInput } from './customer-service.ts';
export { validateSiteSettings, imageDataUrlProblem, MAX_IMAGE_BYTES } from './site-settings.ts';
export { type Actor, managerScope, recordAction } from './manager-scope.ts';
