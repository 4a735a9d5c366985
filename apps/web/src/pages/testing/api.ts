/** Testing-management calls (POST /rules/{key}); payloads mirror apps/server/src/domain/testing-rules. */
import { post } from '../../api/request.ts';

export type WhitelistList = 'so' | 'resource' | 'debuglog' | 'global';
export interface WhitelistRow { id: number; list: string; file_type: string; pattern: string; remark: string; enabled: boolean; client_key: string; created_at: number; editable: boolean; deletable: boolean }
export interface WhitelistInput { id?: number; file_type?: string; pattern: string; remark?: string; enabled?: boolean }
export interface SdkRow { id: number; name: string; category: string; packages: string[]; ios_frameworks: string[]; ios_class_prefixes: string[]; enabled: boolean; is_default: boolean; client_key: string; editable: boolean; deletable: boolean }
export interface EvaluationSettings { default_templates: Record<string, number | null>; task_timeout_seconds: number; concurrency: number; retention_days: number; report_template: string; report_language: string }

/** File types a global whitelist row may match (the other lists have one fixed type). */
export const GLOBAL_FILE_TYPES = ['global', 'file', 'class', 'value', 'so', 'resource', 'log_function'] as const;

export const listWhitelist = (q: { list: WhitelistList; page: number; page_size: number; keyword?: string }) => post<{ total: number; list: WhitelistRow[] }>('/rules/whitelistList', q);
export const saveWhitelist = (list: WhitelistList, rows: WhitelistInput[]) => post<{ ok: boolean }>('/rules/whitelistSave', { list, rows });
export const deleteWhitelist = (list: WhitelistList, ids: number[]) => post<{ ok: boolean }>('/rules/whitelistDelete', { list, ids });
export interface SdkQuery { page: number; page_size: number; name?: string; prefix?: string; category?: string; enabled?: boolean }
export const listSdks = (q: SdkQuery) => post<{ total: number; list: SdkRow[] }>('/rules/sdkList', q);
export const saveSdk = (s: Omit<SdkRow, 'id' | 'is_default' | 'client_key' | 'editable' | 'deletable'> & { id?: number }) => post<SdkRow>('/rules/sdkSave', s);
export const deleteSdks = (ids: number[]) => post<{ ok: boolean }>('/rules/sdkDelete', { ids });
export const getSensitiveWords = () => post<{ words: string; shared: string[] }>('/rules/sensitiveWordsGet', {});
export const saveSensitiveWords = (words: string) => post<{ words: string; shared: string[] }>('/rules/sensitiveWordsSave', { words });
/** One check item of the rule catalogue, texts in the asked language (server RuleTexts). */
export interface RuleReferenceItem { id: string; category: string; risk: string; cwe: string[]; owasp: string[]; title: string; purpose: string; description: string; testingSteps: string; solution: string }
export interface RuleReference { platforms: { platform: string; count: number }[]; platform: string | null; items: RuleReferenceItem[] }
export const ruleCatalogue = (q: { platform?: string; lang: string }) => post<RuleReference>('/rules/catalogue', q);
export const getSettings = () => post<EvaluationSettings>('/rules/settingsGet', {});
export const saveSettings = (s: Partial<EvaluationSettings>) => post<EvaluationSettings>('/rules/settingsSave', s);
