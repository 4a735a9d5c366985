/**
 * Labels of the target fields engines report (top-level and nested keys) and
 * of rule categories, in the four report languages — so no report prints a
 * raw field key such as `nativeLibraries` or `publicKeyBits`. Keys are the
 * ones the engines write (packages/engines/*: appTarget/sdkTarget, web and
 * source targets); targetSdkVersion and minSdkVersion stay
 * as the spec names them. A key missing here is printed in words
 * ("someNewField" → "Some new field"), never as the bare key; the test
 * packages/reports/src/reports.test.ts renders every corpus sample and fails
 * on a key missing from this table.
 */
import type { Locale } from '@citadel/contracts';

type Row = readonly [zhCN: string, zhTW: string, en: string, ja: string];

const FIELDS: Record<string, Row> = {
  kind: ['文件类型', '檔案類型', 'File type', 'ファイル形式'],
  model: ['应用模型', '應用模型', 'App model', 'アプリモデル'],
  fileName: ['文件名', '檔案名稱', 'File name', 'ファイル名'],
  file: ['文件', '檔案', 'File', 'ファイル'],
  size: ['文件大小', '檔案大小', 'File size', 'ファイルサイズ'],
  md5: ['MD5', 'MD5', 'MD5', 'MD5'],
  sha1: ['SHA-1', 'SHA-1', 'SHA-1', 'SHA-1'],
  sha256: ['SHA-256', 'SHA-256', 'SHA-256', 'SHA-256'],
  appName: ['应用名称', '應用名稱', 'App name', 'アプリ名'],
  name: ['名称', '名稱', 'Name', '名前'],
  title: ['页面标题', '頁面標題', 'Page title', 'ページタイトル'],
  packageName: ['包名', '套件名稱', 'Package name', 'パッケージ名'],
  bundleId: ['Bundle ID', 'Bundle ID', 'Bundle ID', 'Bundle ID'],
  bundleName: ['包名', '套件名稱', 'Bundle name', 'バンドル名'],
  appId: ['AppID', 'AppID', 'AppID', 'AppID'],
  appid: ['AppID', 'AppID', 'AppID', 'AppID'],
  versionName: ['版本', '版本', 'Version', 'バージョン'],
  version: ['版本', '版本', 'Version', 'バージョン'],
  versionCode: ['版本号', '版本號', 'Version code', 'バージョンコード'],
  minSdkVersion: ['minSdkVersion', 'minSdkVersion', 'minSdkVersion', 'minSdkVersion'],
  targetSdkVersion: ['targetSdkVersion', 'targetSdkVersion', 'targetSdkVersion', 'targetSdkVersion'],
  compileSdkVersion: ['编译SDK版本', '編譯SDK版本', 'Compile SDK version', 'コンパイルSDKバージョン'],
  compileSdk: ['编译SDK', '編譯SDK', 'Compile SDK', 'コンパイルSDK'],
  minAPIVersion: ['最低API版本', '最低API版本', 'Minimum API version', '最小APIバージョン'],
  targetAPIVersion: ['目标API版本', '目標API版本', 'Target API version', 'ターゲットAPIバージョン'],
  minimumOSVersion: ['最低系统版本', '最低系統版本', 'Minimum OS version', '最小OSバージョン'],
  sdkName: ['构建SDK', '建置SDK', 'Build SDK', 'ビルドSDK'],
  signatureSchemes: ['签名方案', '簽章方案', 'Signature schemes', '署名スキーム'],
  signatureVerified: ['签名校验', '簽章驗證', 'Signature verified', '署名の検証'],
  signer: ['签名证书', '簽章憑證', 'Signing certificate', '署名証明書'],
  signature: ['签名信息', '簽章資訊', 'Signature', '署名情報'],
  certificate: ['证书', '憑證', 'Certificate', '証明書'],
  permissions: ['权限', '權限', 'Permissions', '権限'],
  activities: ['Activity组件', 'Activity元件', 'Activities', 'Activity'],
  services: ['Service组件', 'Service元件', 'Services', 'Service'],
  receivers: ['Receiver组件', 'Receiver元件', 'Receivers', 'Receiver'],
  providers: ['Provider组件', 'Provider元件', 'Providers', 'Provider'],
  nativeLibraries: ['原生库', '原生函式庫', 'Native libraries', 'ネイティブライブラリ'],
  packers: ['加固', '加固', 'Packers', 'パッカー'],
  splits: ['拆分包', '分割套件', 'Split APKs', '分割APK'],
  dexFiles: ['DEX文件', 'DEX檔案', 'DEX files', 'DEXファイル'],
  schemes: ['URL Scheme', 'URL Scheme', 'URL schemes', 'URLスキーム'],
  executable: ['可执行文件', '可執行檔', 'Executable', '実行ファイル'],
  teamId: ['团队ID', '團隊ID', 'Team ID', 'チームID'],
  teamName: ['团队名称', '團隊名稱', 'Team name', 'チーム名'],
  signingIdentifier: ['签名标识', '簽章識別碼', 'Signing identifier', '署名識別子'],
  provisioning: ['描述文件', '佈建描述檔', 'Provisioning profile', 'プロビジョニングプロファイル'],
  encrypted: ['已加密', '已加密', 'Encrypted', '暗号化'],
  architectures: ['架构', '架構', 'Architectures', 'アーキテクチャ'],
  linkedFrameworks: ['链接的框架', '連結的框架', 'Linked frameworks', 'リンクされたフレームワーク'],
  embeddedFrameworks: ['内嵌框架', '內嵌框架', 'Embedded frameworks', '埋め込みフレームワーク'],
  plugins: ['插件', '外掛', 'Plug-ins', 'プラグイン'],
  fileCount: ['文件数', '檔案數', 'Files', 'ファイル数'],
  debug: ['调试模式', '除錯模式', 'Debug', 'デバッグ'],
  profileType: ['签名描述类型', '簽章描述類型', 'Profile type', 'プロファイル種別'],
  apl: ['APL等级', 'APL等級', 'APL', 'APLレベル'],
  profileIssuer: ['描述文件签发者', '描述檔簽發者', 'Profile issuer', 'プロファイル発行者'],
  modules: ['模块', '模組', 'Modules', 'モジュール'],
  ohpmPackages: ['OHPM依赖包', 'OHPM相依套件', 'OHPM packages', 'OHPMパッケージ'],
  abilities: ['Ability组件', 'Ability元件', 'Abilities', 'Ability'],
  extensionAbilities: ['扩展Ability', '擴充Ability', 'Extension abilities', '拡張Ability'],
  deviceTypes: ['设备类型', '裝置類型', 'Device types', 'デバイス種別'],
  abcFiles: ['ABC文件', 'ABC檔案', 'ABC files', 'ABCファイル'],
  abcCode: ['ABC代码', 'ABC程式碼', 'ABC code', 'ABCコード'],
  appDistributionType: ['分发类型', '發佈類型', 'Distribution type', '配布種別'],
  appFeature: ['应用特性', '應用特性', 'App feature', 'アプリ機能'],
  developerCertificates: ['开发者证书', '開發者憑證', 'Developer certificates', '開発者証明書'],
  url: ['扫描地址', '掃描位址', 'Scan address', 'スキャン先'],
  host: ['主机', '主機', 'Host', 'ホスト'],
  scheme: ['协议', '協定', 'Scheme', 'スキーム'],
  authenticated: ['已登录扫描', '已登入掃描', 'Signed in', 'ログイン済み'],
  requests: ['请求数', '請求數', 'Requests', 'リクエスト数'],
  pages: ['页面数', '頁面數', 'Pages', 'ページ数'],
  forms: ['表单数', '表單數', 'Forms', 'フォーム数'],
  status: ['状态', '狀態', 'Status', 'ステータス'],
  server: ['服务器', '伺服器', 'Server', 'サーバー'],
  totalLines: ['代码总行数', '程式碼總行數', 'Lines of code', '総行数'],
  totalFiles: ['文件总数', '檔案總數', 'Files', 'ファイル総数'],
  languages: ['语言', '語言', 'Languages', '言語'],
  language: ['语言', '語言', 'Language', '言語'],
  linesPerLanguage: ['各语言行数', '各語言行數', 'Lines per language', '言語別の行数'],
  lines: ['行数', '行數', 'Lines', '行数'],
  files: ['文件数', '檔案數', 'Files', 'ファイル数'],
  folder: ['目录', '目錄', 'Folder', 'フォルダー'],
  skippedFolders: ['跳过的目录', '略過的目錄', 'Skipped folders', 'スキップしたフォルダー'],
  inputKind: ['输入类型', '輸入類型', 'Input kind', '入力種別'],
  subPackages: ['分包', '分包', 'Sub-packages', 'サブパッケージ'],
  platform: ['平台', '平台', 'Platform', 'プラットフォーム'],
  createdBy: ['创建人', '建立者', 'Created by', '作成者'],
  analysisTime: ['分析时间', '分析時間', 'Analysis time', '分析日時'],
  taskUid: ['任务编号', '任務編號', 'Task id', 'タスクID'],
  customer: ['客户', '客戶', 'Customer', '顧客'],
  // Nested fields (certificates, profiles, components, code statistics).
  subject: ['主体', '主體', 'Subject', 'サブジェクト'],
  issuer: ['颁发者', '簽發者', 'Issuer', '発行者'],
  serialNumber: ['序列号', '序號', 'Serial number', 'シリアル番号'],
  notBefore: ['生效时间', '生效時間', 'Valid from', '有効期間の開始'],
  notAfter: ['失效时间', '失效時間', 'Valid until', '有効期間の終了'],
  signatureAlgorithm: ['签名算法', '簽章演算法', 'Signature algorithm', '署名アルゴリズム'],
  publicKeyAlgorithm: ['公钥算法', '公鑰演算法', 'Public key algorithm', '公開鍵アルゴリズム'],
  publicKeyBits: ['公钥长度', '公鑰長度', 'Public key size', '公開鍵長'],
  isDebug: ['调试证书', '除錯憑證', 'Debug certificate', 'デバッグ証明書'],
  digestAlgorithm: ['摘要算法', '摘要演算法', 'Digest algorithm', 'ダイジェストアルゴリズム'],
  algorithmId: ['算法标识', '演算法識別碼', 'Algorithm id', 'アルゴリズムID'],
  contentDigestMatches: ['内容摘要一致', '內容摘要一致', 'Content digest matches', 'コンテンツダイジェスト一致'],
  signerSignatureValid: ['签名者签名有效', '簽章者簽章有效', 'Signer signature valid', '署名者の署名が有効'],
  profileSignatureValid: ['描述文件签名有效', '描述檔簽章有效', 'Profile signature valid', 'プロファイル署名が有効'],
  signerMatchesProfile: ['签名者与描述文件一致', '簽章者與描述檔一致', 'Signer matches profile', '署名者とプロファイルが一致'],
  chain: ['证书链', '憑證鏈', 'Certificate chain', '証明書チェーン'],
  type: ['类型', '類型', 'Type', '種別'],
  uuid: ['UUID', 'UUID', 'UUID', 'UUID'],
  creationDate: ['创建时间', '建立時間', 'Created', '作成日時'],
  expirationDate: ['过期时间', '到期時間', 'Expires', '有効期限'],
  provisionedDevices: ['授权设备数', '授權裝置數', 'Provisioned devices', '登録デバイス数'],
  exported: ['已导出', '已匯出', 'Exported', 'エクスポート'],
  dangerous: ['危险权限', '危險權限', 'Dangerous', '危険'],
  signed: ['已签名', '已簽章', 'Signed', '署名済み'],
  profile: ['描述文件', '描述檔', 'Profile', 'プロファイル'],
  valid: ['有效', '有效', 'Valid', '有効'],
  validity: ['有效期', '有效期', 'Validity', '有効期間'],
  methods: ['方法数', '方法數', 'Methods', 'メソッド数'],
  calls: ['调用数', '呼叫數', 'Calls', '呼び出し数'],
  code: ['代码', '程式碼', 'Code', 'コード'],
  undecodable: ['无法解码', '無法解碼', 'Undecodable', 'デコード不可'],
};

const CATEGORIES: Record<string, Row> = {
  manifest: ['配置文件', '設定檔', 'Manifest', 'マニフェスト'],
  network: ['网络通信', '網路通訊', 'Network', 'ネットワーク'],
  certificate: ['签名证书', '簽章憑證', 'Certificate', '証明書'],
  signing: ['签名', '簽章', 'Signing', '署名'],
  signature: ['签名', '簽章', 'Signature', '署名'],
  provisioning: ['描述文件', '描述檔', 'Provisioning', 'プロビジョニング'],
  code: ['代码安全', '程式碼安全', 'Code', 'コード'],
  webview: ['WebView', 'WebView', 'WebView', 'WebView'],
  crypto: ['加密算法', '加密演算法', 'Cryptography', '暗号'],
  storage: ['数据存储', '資料儲存', 'Storage', 'データ保存'],
  data: ['数据安全', '資料安全', 'Data', 'データ'],
  native: ['原生库', '原生函式庫', 'Native code', 'ネイティブコード'],
  binary: ['二进制保护', '二進位保護', 'Binary protection', 'バイナリ保護'],
  secrets: ['敏感信息', '敏感資訊', 'Secrets', '機密情報'],
  resilience: ['抗逆向能力', '抗逆向能力', 'Resilience', '耐タンパ性'],
  sdk: ['第三方SDK', '第三方SDK', 'Third-party SDKs', 'サードパーティSDK'],
  packer: ['加固', '加固', 'Hardening', '難読化・パッキング'],
  info: ['基本信息', '基本資訊', 'Information', '情報'],
  plist: ['Info.plist配置', 'Info.plist設定', 'Info.plist', 'Info.plist'],
  permission: ['权限', '權限', 'Permissions', '権限'],
  permissions: ['权限', '權限', 'Permissions', '権限'],
  component: ['组件安全', '元件安全', 'Components', 'コンポーネント'],
  privacy: ['隐私合规', '隱私合規', 'Privacy', 'プライバシー'],
  resource: ['资源文件', '資源檔案', 'Resources', 'リソース'],
  logging: ['日志', '日誌', 'Logging', 'ログ'],
  headers: ['安全响应头', '安全回應標頭', 'Security headers', 'セキュリティヘッダー'],
  tls: ['TLS配置', 'TLS設定', 'TLS', 'TLS'],
  injection: ['注入', '注入', 'Injection', 'インジェクション'],
  cookies: ['Cookie安全', 'Cookie安全', 'Cookies', 'Cookie'],
  disclosure: ['信息泄露', '資訊洩漏', 'Information disclosure', '情報漏えい'],
  auth: ['身份认证', '身分驗證', 'Authentication', '認証'],
  authentication: ['身份认证', '身分驗證', 'Authentication', '認証'],
  session: ['会话管理', '工作階段管理', 'Session management', 'セッション管理'],
  access: ['访问控制', '存取控制', 'Access control', 'アクセス制御'],
  config: ['安全配置', '安全設定', 'Configuration', '設定'],
  configuration: ['安全配置', '安全設定', 'Configuration', '設定'],
  xss: ['跨站脚本', '跨站指令碼', 'Cross-site scripting', 'クロスサイトスクリプティング'],
  ssrf: ['服务端请求伪造', '伺服器端請求偽造', 'SSRF', 'SSRF'],
  upload: ['文件上传', '檔案上傳', 'File upload', 'ファイルアップロード'],
  redirect: ['重定向', '重新導向', 'Redirects', 'リダイレクト'],
  deserialization: ['反序列化', '反序列化', 'Deserialization', 'デシリアライゼーション'],
  xxe: ['XML外部实体', 'XML外部實體', 'XXE', 'XXE'],
  path: ['路径遍历', '路徑周遊', 'Path traversal', 'パストラバーサル'],
  random: ['随机数', '亂數', 'Randomness', '乱数'],
  hash: ['哈希算法', '雜湊演算法', 'Hashing', 'ハッシュ'],
  api: ['接口安全', '介面安全', 'API', 'API'],
  javascript: ['JavaScript', 'JavaScript', 'JavaScript', 'JavaScript'],
  dependencies: ['依赖组件', '相依元件', 'Dependencies', '依存関係'],
  web: ['Web页面', 'Web頁面', 'Web pages', 'Webページ'],
  android: ['Android', 'Android', 'Android', 'Android'],
  ios: ['iOS', 'iOS', 'iOS', 'iOS'],
  content: ['内容安全', '內容安全', 'Content', 'コンテンツ'],
  exposure: ['敏感暴露', '敏感暴露', 'Exposure', '露出'],
  methods: ['HTTP方法', 'HTTP方法', 'HTTP methods', 'HTTPメソッド'],
  other: ['其他', '其他', 'Other', 'その他'],
};

const INDEX: Record<Locale, 0 | 1 | 2 | 3> = { 'zh-CN': 0, 'zh-TW': 1, en: 2, ja: 3 };

/** A key in words: "someNewField" / "some_new_field" → "Some new field". */
export function keyInWords(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label of a target field in `locale`, or undefined when the table lacks it. */
export function knownFieldLabel(key: string, locale: Locale): string | undefined {
  return Object.hasOwn(FIELDS, key) ? (FIELDS[key]![INDEX[locale]] as string) : undefined;
}

export function fieldLabel(key: string, locale: Locale): string {
  return knownFieldLabel(key, locale) ?? keyInWords(key);
}

/** A rule category in `locale` (categories the table lacks print in words). */
export function categoryLabel(category: string, locale: Locale): string {
  if (!category) return '';
  return Object.hasOwn(CATEGORIES, category) ? (CATEGORIES[category]![INDEX[locale]] as string) : keyInWords(category);
}

export function isKnownCategory(category: string): boolean {
  return Object.hasOwn(CATEGORIES, category);
}
