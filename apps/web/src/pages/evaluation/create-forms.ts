/**
 * What each platform's create form asks for (SPEC §5 required fields, the
 * accept list of its upload), as data: adding a platform is a row here.
 */
import { SDK_CATEGORIES, type Platform, type UploadKind } from '@citadel/contracts';

/** The SPEC §5 create-form fields, sent in CreateTaskRequest.fields under these names. */
export type CreateField = 'sdk_name' | 'sdk_version' | 'category' | 'app_name' | 'abbreviation' | 'program_version' | 'web_name' | 'web_version';

export interface CreateFormSpec {
  /** The target is a URL (web), not an upload. */
  url?: true;
  /** The upload kind (contracts UPLOAD_KINDS): its extension list is the accept list the widget and the server enforce. */
  kind?: UploadKind;
  /**
   * The files this platform's engine reads. Where no upload kind accepts them yet
   * (Alipay mini-programs), the form shows them and says uploads open soon.
   */
  accept: readonly string[];
  /** Most files in one task (WeChat mini-program: the main package plus sub-packages). */
  maxCount?: number;
  /** Required fields, in form order. */
  fields: readonly CreateField[];
  /** Optional engine parameters (CreateTaskRequest.params). */
  params?: readonly 'appid'[];
}

export const CREATE_FORMS: Partial<Record<Platform, CreateFormSpec>> = {
  android: { kind: 'android', accept: ['apk', 'aab', 'apks', 'xapk'], fields: [] },
  ios: { kind: 'ios', accept: ['ipa'], fields: [] },
  harmony: { kind: 'harmony', accept: ['hap', 'app'], fields: [] },
  harmony_next: { kind: 'harmony_next', accept: ['hap', 'app'], fields: [] },
  android_sdk: { kind: 'android_sdk', accept: ['aar', 'jar'], fields: ['sdk_name', 'sdk_version', 'category'] },
  ios_sdk: { kind: 'ios_sdk', accept: ['zip', 'framework', 'xcframework', 'a', 'dylib'], fields: ['sdk_name', 'sdk_version', 'category'] },
  source: { kind: 'source', accept: ['zip', 'tar.gz', 'tgz'], fields: ['app_name', 'abbreviation', 'program_version'] },
  web: { url: true, accept: [], fields: ['web_name', 'web_version'] },
  miniprogram: { kind: 'miniprogram', accept: ['wxapkg'], maxCount: 20, fields: ['app_name'], params: ['appid'] },
  alipay_miniprogram: { kind: 'alipay_miniprogram', accept: ['amr', 'zip', 'tar'], fields: ['app_name'] },
};

export const CATEGORY_OPTIONS = SDK_CATEGORIES;

/** A proper network address for a web scan: http(s) with a host. */
export function isScanUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && !/\s/.test(value.trim());
}
