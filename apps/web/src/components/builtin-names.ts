/**
 * Names the server seeds in Chinese (built-in roles, the built-in default
 * template) shown in the reader's language from the locale files: the
 * database text is the identity, not the label (issue 19: "默认模板" and
 * "系统管理员" in English pages, English role descriptions in Chinese ones).
 * A built-in item an administrator renamed is shown as stored.
 */
import i18n from '../locales/i18n.ts';

/** Server seed names (apps/server/src/domain/seed.ts, migration 006) → locale keys. */
const BUILTIN_ROLES: Record<string, string> = { 系统管理员: 'admin', 测评员: 'evaluator' };
const BUILTIN_TEMPLATE = '默认模板';

export function roleName(name: string): string {
  const key = BUILTIN_ROLES[name];
  return key ? i18n.t(`builtin.roles.${key}.name`) : name;
}

export function roleDescription(name: string, description: string): string {
  const key = BUILTIN_ROLES[name];
  return key ? i18n.t(`builtin.roles.${key}.description`) : description;
}

export function templateName(name: string): string {
  return name === BUILTIN_TEMPLATE ? i18n.t('builtin.defaultTemplate') : name;
}
