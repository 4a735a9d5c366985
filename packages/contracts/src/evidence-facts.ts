/**
 * Evidence as structured facts: an engine says *what* it saw (a fact id and its
 * values — code, paths and values verbatim), and the report or result page
 * makes the sentence in the reader's language from this catalogue. An
 * Evidence or Unreadable entry may carry a `fact`; its `detail`/`reason` stays
 * the English sentence for the CLI, SARIF and older readers.
 *
 * Templates name their values in braces: {name}. A value missing from the
 * fact prints as "?"; an unknown fact id falls back to the English detail.
 */
import type { Locale } from './assessment.ts';

export interface EvidenceFact {
  /** An id of FACT_TEXTS, e.g. "cert.debug". */
  id: string;
  values?: Record<string, string | number | boolean>;
}

type Texts = Record<Locale, string>;

const t = (zhCN: string, zhTW: string, en: string, ja: string): Texts => ({ 'zh-CN': zhCN, 'zh-TW': zhTW, en, ja });

export const FACT_TEXTS: Record<string, Texts> = {
  // Signing and certificates (android, harmony, ios).
  'cert.debug': t('使用 Android 调试证书签名（{scheme}）', '使用 Android 除錯憑證簽章（{scheme}）', 'signed with the Android debug certificate ({scheme})', 'Android デバッグ証明書で署名（{scheme}）'),
  'cert.weak_algorithm': t('{scheme} 签名使用 {algorithm}', '{scheme} 簽章使用 {algorithm}', '{scheme} signature uses {algorithm}', '{scheme} 署名が {algorithm} を使用'),
  'cert.expired': t('证书已于 {date} 过期：{subject}', '憑證已於 {date} 到期：{subject}', 'certificate expired on {date}: {subject}', '証明書は {date} に期限切れ：{subject}'),
  'cert.not_yet_valid': t('证书自 {date} 起才生效：{subject}', '憑證自 {date} 起才生效：{subject}', 'certificate not valid before {date}: {subject}', '証明書は {date} まで有効になりません：{subject}'),
  'profile.expired': t('描述文件已于 {date} 过期', '描述檔已於 {date} 到期', 'profile expired on {date}', 'プロファイルは {date} に期限切れ'),
  'profile.expired_named': t('描述文件 {name} 已过期', '描述檔 {name} 已到期', 'profile {name} expired', 'プロファイル {name} は期限切れ'),
  'cert.signing_expired': t('签名证书 {subject} 已过期', '簽章憑證 {subject} 已到期', 'signing certificate {subject} expired', '署名証明書 {subject} は期限切れ'),
  'cert.test_ca': t('证书链属于公开的 OpenHarmony 测试 CA：{subject}', '憑證鏈屬於公開的 OpenHarmony 測試 CA：{subject}', 'chain of the public OpenHarmony test CA: {subject}', '公開されている OpenHarmony テスト CA のチェーン：{subject}'),
  'cert.janus': t('签名方案：{schemes}；minSdkVersion {minSdk}（< 24）：可安装在受 Janus（CVE-2017-13156）影响的 Android 5.0–7.0 上', '簽章方案：{schemes}；minSdkVersion {minSdk}（< 24）：可安裝在受 Janus（CVE-2017-13156）影響的 Android 5.0–7.0 上', 'signature schemes: {schemes}; minSdkVersion {minSdk} (< 24): installable on Android 5.0–7.0 where Janus (CVE-2017-13156) applies', '署名スキーム：{schemes}、minSdkVersion {minSdk}（< 24）：Janus（CVE-2017-13156）の影響を受ける Android 5.0–7.0 にインストール可能'),
  // Manifest.
  'manifest.cleartext_default': t('未设置 usesCleartextTraffic 且没有网络安全配置：targetSdkVersion {targetSdk}（< 28）默认允许明文传输', '未設定 usesCleartextTraffic 且沒有網路安全設定：targetSdkVersion {targetSdk}（< 28）預設允許明文傳輸', 'usesCleartextTraffic not set and no network security config: cleartext is permitted by default for targetSdkVersion {targetSdk} (< 28)', 'usesCleartextTraffic が未設定でネットワークセキュリティ構成もない：targetSdkVersion {targetSdk}（< 28）では平文通信が既定で許可される'),
  'manifest.exported_implicit': t('{component} {name}：通过 intent-filter 隐式导出（未设置 android:exported），无权限保护', '{component} {name}：透過 intent-filter 隱式匯出（未設定 android:exported），無權限保護', '{component} {name}: exported implicitly through its intent-filter (no android:exported), no permission', '{component} {name}：intent-filter により暗黙的にエクスポート（android:exported なし）、権限なし'),
  'manifest.exported_explicit': t('{component} {name}：android:exported="true"，无权限保护', '{component} {name}：android:exported="true"，無權限保護', '{component} {name}: android:exported="true", no permission', '{component} {name}：android:exported="true"、権限なし'),
  'manifest.strandhogg2': t('{name}：已导出，launchMode {launchMode}，minSdkVersion {minSdk}（< 29）', '{name}：已匯出，launchMode {launchMode}，minSdkVersion {minSdk}（< 29）', '{name}: exported, launchMode {launchMode}, minSdkVersion {minSdk} (< 29)', '{name}：エクスポート済み、launchMode {launchMode}、minSdkVersion {minSdk}（< 29）'),
  'manifest.min_sdk_low': t('minSdkVersion {minSdk}（< {recommended}）', 'minSdkVersion {minSdk}（< {recommended}）', 'minSdkVersion {minSdk} (< {recommended})', 'minSdkVersion {minSdk}（< {recommended}）'),
  // Native libraries.
  'native.exec_stack': t('{lib}：PT_GNU_STACK 为 RWX，栈可执行', '{lib}：PT_GNU_STACK 為 RWX，堆疊可執行', '{lib}: PT_GNU_STACK RWX: executable stack', '{lib}：PT_GNU_STACK が RWX：スタックが実行可能'),
  'native.no_canary': t('{lib}：未使用 __stack_chk_fail / __stack_chk_guard', '{lib}：未使用 __stack_chk_fail / __stack_chk_guard', '{lib}: no __stack_chk_fail / __stack_chk_guard', '{lib}：__stack_chk_fail / __stack_chk_guard なし'),
  'native.no_fortify': t('{lib}：未导入任何 __*_chk 函数', '{lib}：未匯入任何 __*_chk 函式', '{lib}: no __*_chk functions imported', '{lib}：__*_chk 関数のインポートなし'),
  'native.imports': t('{lib}：导入 {symbol}', '{lib}：匯入 {symbol}', '{lib}: imports {symbol}', '{lib}：{symbol} をインポート'),
  'native.page_alignment': t('{lib}：LOAD 段对齐 {align} 字节（< 16384）', '{lib}：LOAD 區段對齊 {align} 位元組（< 16384）', '{lib}: LOAD alignment {align} bytes (< 16384)', '{lib}：LOAD アラインメント {align} バイト（< 16384）'),
  // Code and secrets.
  'code.in_method': t('方法 {method}', '方法 {method}', 'in {method}', 'メソッド {method}'),
  'secret.compared_constant': t('{method}：用户输入与常量 "{value}" 比较', '{method}：使用者輸入與常數 "{value}" 比較', '{method}: user input compared with the constant "{value}"', '{method}：ユーザー入力を定数 "{value}" と比較'),
  'secret.after_label': t('标签 "{label}" 之后的凭据：{value}', '標籤 "{label}" 之後的憑證：{value}', 'credential after the label "{label}": {value}', 'ラベル "{label}" の後の認証情報：{value}'),
  'resilience.obfuscation_ratio': t('{total} 个应用类中有 {short} 个使用一到两个字符的名称（{percent}%）', '{total} 個應用類別中有 {short} 個使用一到兩個字元的名稱（{percent}%）', '{short} of {total} app classes have one- or two-character names ({percent}%)', 'アプリのクラス {total} 個のうち {short} 個が 1〜2 文字の名前（{percent}%）'),
  'resilience.no_sign': t('任何二进制文件的导入、字符串和代码中均未发现该防护措施', '任何二進位檔的匯入、字串和程式碼中均未發現該防護措施', 'no sign of this protection in the imports, strings or code of any binary', 'どのバイナリのインポート、文字列、コードにもこの保護の形跡なし'),
  // iOS.
  'ios.cryptid_zero': t('{arch}：cryptid 为 0（未加密）', '{arch}：cryptid 為 0（未加密）', '{arch}: cryptid 0', '{arch}：cryptid 0（暗号化なし）'),
  'ios.no_restrict': t('所有架构中均没有 __RESTRICT,__restrict 段', '所有架構中均沒有 __RESTRICT,__restrict 區段', 'no __RESTRICT,__restrict section in any slice', 'どのスライスにも __RESTRICT,__restrict セクションなし'),
  'ios.unsafe_function': t('{symbol}（{archs}）：自身不做边界检查，长度受攻击者控制时会溢出', '{symbol}（{archs}）：自身不做邊界檢查，長度受攻擊者控制時會溢位', '{symbol} ({archs}): no bounds check of its own; overflows when the length is attacker-controlled', '{symbol}（{archs}）：自身で境界チェックをせず、長さを攻撃者が制御するとオーバーフロー'),
  'ios.min_os': t('{file}：MinimumOSVersion {version} 低于 {recommended}', '{file}：MinimumOSVersion {version} 低於 {recommended}', '{file}: MinimumOSVersion {version} is below {recommended}', '{file}：MinimumOSVersion {version} は {recommended} 未満'),
  'ios.get_task_allow': t('代码签名的授权（entitlements）中 get-task-allow 为 true', '程式碼簽章的授權（entitlements）中 get-task-allow 為 true', 'entitlements of the code signature', 'コード署名のエンタイトルメントで get-task-allow が true'),
  'ios.development_profile': t('{name}：开发描述文件，{devices} 台授权设备', '{name}：開發描述檔，{devices} 台授權裝置', '{name}: development, {devices} provisioned devices', '{name}：開発用、登録デバイス {devices} 台'),
  // HarmonyOS.
  'harmony.app_debug': t('app.debug = true', 'app.debug = true', 'app.debug = true', 'app.debug = true'),
  'harmony.exported_launcher': t('Ability {name} 无权限导出（带 home skill 的启动 Ability 必须导出；请检查它是否校验收到的 Want）', 'Ability {name} 無權限匯出（帶 home skill 的啟動 Ability 必須匯出；請檢查它是否驗證收到的 Want）', 'ability {name} is exported without permissions (launcher ability with the home skill: must be exported; check it validates the Want it receives)', 'Ability {name} は権限なしでエクスポート（home skill を持つランチャー Ability はエクスポートが必須。受け取る Want を検証しているか確認）'),
  'harmony.exported': t('{kind} {name} 无权限保护即导出', '{kind} {name} 無權限保護即匯出', '{kind} {name} is exported without permissions', '{kind} {name} は権限なしでエクスポートされている'),
  'harmony.old_api': t('目标 API {target}，兼容 API {compatible}；建议至少 {recommended}', '目標 API {target}，相容 API {compatible}；建議至少 {recommended}', 'target API {target}, compatible API {compatible}; recommended at least {recommended}', 'ターゲット API {target}、互換 API {compatible}。推奨は {recommended} 以上'),
  // Not executed.
  'not_executed.no_sensitive_words': t('本任务未配置敏感词', '本任務未設定敏感詞', 'no sensitive words were configured for this task', 'このタスクには機密ワードが設定されていません'),
  'not_executed.file_unreadable': t('{file} 无法读取', '{file} 無法讀取', '{file} could not be read', '{file} を読み取れません'),
  'not_executed.not_run': t('引擎未运行该检测', '引擎未執行該檢測', 'the engine did not run this check', 'エンジンはこのチェックを実行していません'),
  'not_executed.check_failed': t('检测过程出错，未能完成', '檢測過程出錯，未能完成', 'the check failed and did not complete', 'チェック中にエラーが発生し完了しませんでした'),
  // Unreadable parts (what could not be read, and why).
  'unreadable.size_mismatch': t('解压后的实际大小超过声明的 {declared} 字节（伪造大小的压缩炸弹），已停止读取', '解壓後的實際大小超過宣告的 {declared} 位元組（偽造大小的壓縮炸彈），已停止讀取', 'inflates past its declared size of {declared} bytes (a zip bomb lying about its size); reading stopped', '展開後のサイズが宣言された {declared} バイトを超過（サイズを偽った ZIP 爆弾）。読み取りを中止'),
  'unreadable.too_large': t('大小超过上限 {limit} 字节，未读取', '大小超過上限 {limit} 位元組，未讀取', 'larger than the limit of {limit} bytes; not read', 'サイズが上限 {limit} バイトを超過。未読取'),
  'unreadable.ratio': t('压缩比超过 {ratio}:1（疑似压缩炸弹），未读取', '壓縮比超過 {ratio}:1（疑似壓縮炸彈），未讀取', 'expands more than {ratio}:1 (zip bomb?); not read', '圧縮率が {ratio}:1 を超過（ZIP 爆弾の疑い）。未読取'),
  'unreadable.too_many_entries': t('条目数超过上限 {limit}，其余未读取', '條目數超過上限 {limit}，其餘未讀取', 'more than {limit} entries; the rest were not read', 'エントリ数が上限 {limit} を超過。残りは未読取'),
  'unreadable.too_many_strings': t('字符串池声明了 {count} 个字符串，超过上限 {limit}，该文件未解析', '字串池宣告了 {count} 個字串，超過上限 {limit}，該檔案未解析', 'string pool declares {count} strings, over the limit of {limit}; the file was not parsed', '文字列プールが {count} 個の文字列を宣言し上限 {limit} を超過。ファイルは解析されず'),
  'unreadable.too_deep': t('嵌套超过 {limit} 层，更深的内容未读取', '巢狀超過 {limit} 層，更深的內容未讀取', 'nested more than {limit} levels deep; deeper content was not read', '入れ子が {limit} 階層を超過。それより深い内容は未読取'),
  'unreadable.crc': t('CRC-32 校验不一致，内容已损坏或被篡改', 'CRC-32 校驗不一致，內容已損毀或遭竄改', 'CRC-32 mismatch: the content is corrupt or was altered', 'CRC-32 が一致しない：内容が破損または改ざんされている'),
  'unreadable.overlap': t('条目数据相互重叠（压缩炸弹或自包含压缩包），未读取', '條目資料相互重疊（壓縮炸彈或自包含壓縮檔），未讀取', 'entries overlap (zip bomb or quine); not read', 'エントリが重なっている（ZIP 爆弾またはクワイン）。未読取'),
  'unreadable.truncated': t('文件被截断或已损坏', '檔案被截斷或已損毀', 'truncated or corrupt', '切り詰められているか破損している'),
  'unreadable.unsafe_name': t('条目名称不安全（路径穿越等），已跳过', '條目名稱不安全（路徑穿越等），已略過', 'unsafe entry name (path traversal or similar); skipped', '安全でないエントリ名（パストラバーサルなど）。スキップ'),
  'unreadable.format': t('格式错误，无法解析', '格式錯誤，無法解析', 'malformed; could not be parsed', '形式が不正で解析できません'),
};

/** The sentence of a fact in `locale`, or undefined for an unknown fact id. */
export function factText(fact: EvidenceFact | undefined, locale: Locale): string | undefined {
  if (!fact || typeof fact.id !== 'string' || !Object.hasOwn(FACT_TEXTS, fact.id)) return undefined;
  const template = FACT_TEXTS[fact.id]![locale] ?? FACT_TEXTS[fact.id]!.en;
  const values = fact.values ?? {};
  return template.replace(/\{(\w+)\}/g, (_, k: string) => (Object.hasOwn(values, k) ? String(values[k]) : '?'));
}

/**
 * Reasons engines and the shared readers give in English (FormatError and
 * limit messages of engine-core, the engines' not-executed reasons), as facts.
 * Stored assessments made before engines attached facts print in the
 * reader's language through this too. Order matters: the first match wins.
 */
const REASON_PATTERNS: { re: RegExp; id: string; values?: (m: RegExpExecArray) => EvidenceFact['values'] }[] = [
  { re: /no sensitive words were configured/i, id: 'not_executed.no_sensitive_words' },
  { re: /the engine did not run this check/i, id: 'not_executed.not_run' },
  { re: /^check failed:/i, id: 'not_executed.check_failed' },
  { re: /^(\S+) could not be read$/i, id: 'not_executed.file_unreadable', values: (m) => ({ file: m[1]! }) },
  { re: /inflates past its declared size (\d+)/i, id: 'unreadable.size_mismatch', values: (m) => ({ declared: m[1]! }) },
  { re: /inflated to \d+ bytes, declared (\d+)/i, id: 'unreadable.size_mismatch', values: (m) => ({ declared: m[1]! }) },
  { re: /string pool: count (\d+) over the limit of (\d+)/i, id: 'unreadable.too_many_strings', values: (m) => ({ count: m[1]!, limit: m[2]! }) },
  { re: /expands more than (\d+):1/i, id: 'unreadable.ratio', values: (m) => ({ ratio: m[1]! }) },
  { re: /nested (?:deeper|more) than (\d+)/i, id: 'unreadable.too_deep', values: (m) => ({ limit: m[1]! }) },
  { re: /more than (\d+) entries/i, id: 'unreadable.too_many_entries', values: (m) => ({ limit: m[1]! }) },
  { re: /(?:larger than the (?:limit|caller's cap) of|over the (?:total size )?limit of) (\d+)/i, id: 'unreadable.too_large', values: (m) => ({ limit: m[1]! }) },
  { re: /CRC-32 mismatch/i, id: 'unreadable.crc' },
  { re: /overlap/i, id: 'unreadable.overlap' },
  { re: /unsafe entry name/i, id: 'unreadable.unsafe_name' },
  { re: /truncated|past the end|ended early|corrupt/i, id: 'unreadable.truncated' },
];

/** The fact an English engine reason states, when it is one of the known forms. */
export function reasonFact(reason: string): EvidenceFact | undefined {
  for (const p of REASON_PATTERNS) {
    const m = p.re.exec(reason);
    if (m) return { id: p.id, ...(p.values ? { values: p.values(m) } : {}) };
  }
  return undefined;
}

/**
 * A reason (unreadable part, not-executed item, occurrence detail) in
 * `locale`: its fact, else the fact its English words state, else — in an
 * English page — the words themselves; other languages get `fallback`
 * (never an English sentence).
 */
export function reasonText(reason: string | undefined, fact: EvidenceFact | undefined, locale: Locale, fallback = ''): string {
  const said = factText(fact, locale) ?? (reason ? factText(reasonFact(reason), locale) : undefined);
  if (said) return said;
  if (!reason) return '';
  return locale === 'en' ? reason : fallback;
}

/**
 * Words of English prose (three lowercase words in a row): a detail like that
 * is a sentence, not a value such as `android:debuggable="true"` or a method
 * signature, and an engine that gave no fact for it cannot be shown in
 * another language.
 */
const ENGLISH_PROSE = /\b[a-z]{2,}(?: [a-z]{2,}){2,}\b/;

/**
 * An occurrence's detail in `locale`: its fact's sentence (or the fact its
 * English words state), values and code as they are, and English prose only
 * in English — a Chinese or Japanese reader never gets an English sentence.
 */
export function evidenceDetail(e: { detail?: string; fact?: EvidenceFact }, locale: Locale): string {
  if (!e.detail && !e.fact) return '';
  const text = reasonText(e.detail, e.fact, locale, '');
  if (text) return text;
  return e.detail && !ENGLISH_PROSE.test(e.detail) ? e.detail : '';
}
