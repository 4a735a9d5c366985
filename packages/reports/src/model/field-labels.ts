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
import { CATEGORY_NAMES, type Locale } from '@citadel/contracts';

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


/**
 * Fields that mean something else on one platform: `model` is the app model
 * (FA/Stage) of a HarmonyOS package but the device model of a firmware image;
 * `services` are Android Service components in an app but network daemons in firmware.
 */
const PLATFORM_FIELDS: Record<string, Record<string, Row>> = {
  firmware: {
    model: ['设备型号', '設備型號', 'Device model', 'デバイスモデル'],
    services: ['网络服务', '網路服務', 'Network services', 'ネットワークサービス'],
    components: ['软件组件', '軟體元件', 'Software components', 'ソフトウェアコンポーネント'],
  },
  sca: {
    name: ['项目名称', '專案名稱', 'Project', 'プロジェクト'],
    components: ['组件数', '元件數', 'Components', 'コンポーネント数'],
    releases: ['发行版及维护截止日期', '發行版及維護截止日期', 'Distribution releases (end of life)', 'ディストリビューション（サポート終了日）'],
    runtimes: ['运行环境及维护截止日期', '執行環境及維護截止日期', 'Runtimes (end of life)', 'ランタイム（サポート終了日）'],
  },
};

/** Identity fields of the firmware, software-component, network and compliance targets. */
const MORE_FIELDS: Record<string, Row> = {
  abbreviation: ['应用简称', '應用簡稱', 'Abbreviation', '略称'],
  vendor: ['厂商', '廠商', 'Vendor', 'ベンダー'],
  firmwareVersion: ['固件版本', '韌體版本', 'Firmware version', 'ファームウェアバージョン'],
  buildDate: ['构建时间', '建置時間', 'Build date', 'ビルド日時'],
  architecture: ['处理器架构', '處理器架構', 'Architecture', 'アーキテクチャ'],
  endianness: ['字节序', '位元組順序', 'Byte order', 'バイトオーダー'],
  kernelVersion: ['内核版本', '核心版本', 'Kernel version', 'カーネルバージョン'],
  kernelBanner: ['内核标识', '核心標識', 'Kernel banner', 'カーネルバナー'],
  bootloader: ['引导程序', '開機載入程式', 'Bootloader', 'ブートローダー'],
  filesystems: ['文件系统', '檔案系統', 'File systems', 'ファイルシステム'],
  nodeCount: ['节点数', '節點數', 'Nodes', 'ノード数'],
  manifests: ['清单文件', '清單檔案', 'Manifests', 'マニフェスト'],
  matched: ['已匹配漏洞库', '已比對漏洞庫', 'Matched against vulnerability data', '脆弱性データと照合'],
  targets: ['扫描目标', '掃描目標', 'Targets', 'スキャン対象'],
  hosts: ['主机与开放端口', '主機與開放埠', 'Hosts and open ports', 'ホストと開放ポート'],
  ports_scanned: ['扫描端口数', '掃描埠數', 'Ports scanned', 'スキャンしたポート数'],
  hosts_scanned: ['扫描主机数', '掃描主機數', 'Hosts scanned', 'スキャンしたホスト数'],
  udp_ports_scanned: ['扫描UDP端口数', '掃描UDP埠數', 'UDP ports scanned', 'スキャンしたUDPポート数'],
  open_ports: ['开放端口数', '開放埠數', 'Open ports', '開放ポート数'],
  closed_ports: ['关闭端口数', '關閉埠數', 'Closed ports', '閉じたポート数'],
  filtered_ports: ['过滤端口数', '過濾埠數', 'Filtered ports', 'フィルタされたポート数'],
  connections: ['连接次数', '連線次數', 'Connections made', '接続回数'],
};
Object.assign(FIELDS, MORE_FIELDS);

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

/** The label of a target field in `locale` (on `platform` when given), or undefined when the tables lack it. */
export function knownFieldLabel(key: string, locale: Locale, platform?: string): string | undefined {
  const own = platform ? PLATFORM_FIELDS[platform] : undefined;
  if (own && Object.hasOwn(own, key)) return own[key]![INDEX[locale]];
  return Object.hasOwn(FIELDS, key) ? (FIELDS[key]![INDEX[locale]] as string) : undefined;
}

export function fieldLabel(key: string, locale: Locale, platform?: string): string {
  return knownFieldLabel(key, locale, platform) ?? keyInWords(key);
}

/** A rule category in `locale` (categories the table lacks print in words). */
export function categoryLabel(category: string, locale: Locale): string {
  if (!category) return '';
  return Object.hasOwn(CATEGORY_NAMES, category) ? (CATEGORY_NAMES[category]![INDEX[locale]] as string) : keyInWords(category);
}

export function isKnownCategory(category: string): boolean {
  return Object.hasOwn(CATEGORY_NAMES, category);
}
