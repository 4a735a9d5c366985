/** User-management screens (SPEC §2 system/*): accounts, roles, customers, site settings and the audit trail. */
export { AccountsPage } from './AccountsPage.tsx';
export { RolesPage } from './RolesPage.tsx';
export { CustomersPage } from './CustomersPage.tsx';
export { SiteSettingsPage } from './SiteSettingsPage.tsx';
export { AuditLogPage } from './AuditLogPage.tsx';
