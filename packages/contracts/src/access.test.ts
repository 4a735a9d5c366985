import { describe, expect, it } from 'vitest';
import { buttonPermissions, canOpenRoute, can, filterMenu } from './access.ts';
import { formatFileSize, taskPercent } from './format.ts';
import { passwordPolicyError } from './password-policy.ts';
import { ROUTES, walkRoutes } from './routes.ts';

const keys = (items: { key: string; children?: { key: string }[] }[]): string[] => items.flatMap((i) => [i.key, ...(i.children ? keys(i.children) : [])]);

describe('SPEC §6 menu filtering', () => {
  it('gives admin every visible entry and no hidden one', () => {
    const menu = filterMenu(ROUTES, { isAdmin: true, permissions: [] });
    const all = keys(menu);
    expect(all).toContain('Prod_AndroidAudit');
    expect(all).toContain('systemAccout');
    expect(all).not.toContain('Prod_AndroidAudit_Create');
    expect(all).not.toContain('applicationResult');
  });

  it('shows only granted leaves, their parents, and attaches the operations', () => {
    const menu = filterMenu(ROUTES, { isAdmin: false, permissions: [{ resources: 'Prod_AndroidAudit', operations: ['view', 'add'] }] });
    expect(menu.map((m) => m.key)).toEqual(['safeservice']);
    expect(menu[0]!.children!.map((c) => c.key)).toEqual(['Prod_AndroidAudit']);
    expect(menu[0]!.children![0]!.grantedOperations).toEqual(['view', 'add']);
  });

  it('treats an empty list as no menu at all', () => {
    expect(filterMenu(ROUTES, { isAdmin: false, permissions: [] })).toEqual([]);
  });

  it('inserts behaviour detection third, only for the airline customer with a configured address', () => {
    const base = { isAdmin: true, permissions: [] };
    expect(keys(filterMenu(ROUTES, { ...base, siteCustomer: 'airline' }))).not.toContain('behaviourDetection');
    const menu = filterMenu(ROUTES, { ...base, siteCustomer: 'airline', behaviourUrl: 'https://compliance.test/' });
    expect(menu[2]).toMatchObject({ key: 'behaviourDetection', href: 'https://compliance.test/' });
    expect(keys(filterMenu(ROUTES, { ...base, siteCustomer: 'bank', behaviourUrl: 'https://x.test/' }))).not.toContain('behaviourDetection');
  });

  it('opens hidden create/result pages through their list resource', () => {
    const subject = { isAdmin: false, permissions: [{ resources: 'Prod_AndroidAudit', operations: ['view' as const] }] };
    const create = walkRoutes().find((n) => n.key === 'Prod_AndroidAudit_Create')!;
    const roles = walkRoutes().find((n) => n.key === 'permission')!;
    expect(canOpenRoute(create, subject)).toBe(true);
    expect(canOpenRoute(roles, subject)).toBe(false);
    expect(can(subject, 'Prod_AndroidAudit', 'view')).toBe(true);
    expect(can(subject, 'Prod_AndroidAudit', 'delete')).toBe(false);
    expect(buttonPermissions(subject)).toEqual(['Prod_AndroidAudit-view']);
  });

  it('has unique keys and paths across the route table', () => {
    const nodes = walkRoutes();
    expect(new Set(nodes.map((n) => n.key)).size).toBe(nodes.length);
    const leafPaths = nodes.filter((n) => !n.children || n.page).map((n) => n.path);
    expect(new Set(leafPaths).size).toBe(leafPaths.length);
  });
});

describe('SPEC §5/§9 rules', () => {
  it('applies the password policy', () => {
    expect(passwordPolicyError('Ab1!')).toBe('password_too_short');
    expect(passwordPolicyError('abcdefg1!')).toBe('password_needs_upper');
    expect(passwordPolicyError('Abcdefgh!')).toBe('password_needs_digit');
    expect(passwordPolicyError('Abcdefg12')).toBe('password_needs_special');
    expect(passwordPolicyError('Abcdef1!')).toBeNull();
    expect(passwordPolicyError(`Ab1!${'x'.repeat(61)}`)).toBe('password_too_long');
  });

  it('formats sizes and percentages', () => {
    expect(formatFileSize(512)).toBe('0.50KB');
    expect(formatFileSize(1024 * 1001)).toBe('0.98MB');
    expect(formatFileSize(5 * 1024 * 1024 * 1024)).toBe('5.00GB');
    expect(taskPercent(0, 10)).toBe(0);
    expect(taskPercent(3, 0)).toBe(0);
    expect(taskPercent(1, 3)).toBe(33);
  });
});
