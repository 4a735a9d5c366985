/** Every fixed text of a report in the four report languages (rule texts come from the catalogue). */
import type { ItemResult, Locale, RiskLevel } from '@citadel/contracts';
import type { ReportTemplate } from './layouts.ts';
import type { ReportRange } from './types.ts';

export interface Labels {
  reportTitle: string;
  /** The cover title of each report template (standard is reportTitle). */
  layoutTitles: Record<ReportTemplate, string>;
  checklist: string;
  requirement: string;
  verdict: string;
  conforms: string;
  notConforms: string;
  rangeNames: Record<ReportRange, string>;
  generatedAt: string;
  targetInfo: string;
  scoreSection: string;
  score: string;
  band: string;
  bands: Record<'high' | 'medium' | 'low', string>;
  summary: string;
  riskLevel: string;
  failedItems: string;
  totalItems: string;
  risks: Record<RiskLevel, string>;
  results: Record<ItemResult, string>;
  details: string;
  item: string;
  ruleId: string;
  category: string;
  owner: string;
  main: string;
  /** Firmware's owner column: the image itself, or a component found in it (component CVEs). */
  firmwareOwner: { image: string; component: string };
  purpose: string;
  description: string;
  testingSteps: string;
  resultDescription: string;
  evidence: string;
  solution: string;
  result: string;
  omitted: (n: number) => string;
  sdkSection: string;
  sdkName: string;
  sdkCategory: string;
  sdkMatched: string;
  sdkVersion: string;
  noSdk: string;
  noItems: string;
  unreadable: string;
  appendix: string;
  ruleList: string;
  engine: string;
  chart: string;
  yes: string;
  no: string;
  /** Platform names as the screens show them. */
  platforms: Record<string, string>;
  /** Executive summary page. */
  executive: string;
  customer: string;
  target: string;
  reportDate: string;
  overview: (total: number, failed: number, notExecuted: number) => string;
  topFindings: string;
  noProblems: string;
  notExecutedSection: string;
  reason: string;
  allExecuted: string;
  notExecutedUnknown: string;
  unreadableUnknown: string;
  more: (n: number) => string;
  unreadablePart: string;
  unreadableReason: string;
  /** Cover line when the site has no logo. */
  preparedBy: string;
}

const zhCN: Labels = {
  reportTitle: '安全检测报告',
  layoutTitles: { standard: '安全检测报告', brief: '安全检测简版报告', compliance: '安全合规检测报告' },
  checklist: '合规对照表',
  requirement: '要求',
  verdict: '结论',
  conforms: '符合',
  notConforms: '不符合',
  rangeNames: { ALL: '完整报告', MAIN: '应用主体', SDK: '第三方SDK' },
  generatedAt: '报告生成时间',
  targetInfo: '检测对象信息',
  scoreSection: '安全评分',
  score: '评分',
  band: '安全等级',
  bands: { high: '高', medium: '中', low: '低' },
  summary: '风险统计',
  riskLevel: '风险等级',
  failedItems: '存在风险项',
  totalItems: '检测项',
  risks: { serious: '严重', high: '高危', medium: '中危', low: '低危', info: '提示' },
  results: { pass: '通过', fail: '未通过', not_executed: '未执行', safe: '安全', find_problem: '发现问题' },
  details: '检测详情',
  item: '检测项',
  ruleId: '规则编号',
  category: '分类',
  owner: '归属',
  main: '应用主体',
  firmwareOwner: { image: '固件镜像', component: '组件' },
  purpose: '检测目的',
  description: '风险描述',
  testingSteps: '检测步骤',
  resultDescription: '结果描述',
  evidence: '详细信息',
  solution: '解决方案',
  result: '检测结果',
  omitted: (n) => `另有 ${n} 处未列出`,
  sdkSection: '第三方SDK',
  sdkName: 'SDK名称',
  sdkCategory: '类别',
  sdkMatched: '匹配特征',
  sdkVersion: '版本',
  noSdk: '未发现第三方SDK',
  noItems: '无检测项',
  unreadable: '无法读取的内容',
  appendix: '附录',
  ruleList: '检测规则列表',
  engine: '检测引擎',
  chart: '风险分布',
  yes: '是',
  no: '否',
  platforms: { android: 'Android', android_sdk: 'Android SDK', ios: 'iOS', ios_sdk: 'iOS SDK', harmony: 'HarmonyOS', harmony_next: 'HarmonyOS NEXT', source: '源代码', web: 'Web应用', miniprogram: '微信小程序', alipay_miniprogram: '支付宝小程序', firmware: '固件', network: '网络', ics: '工控设备', compliance: '合规', sca: '软件成分' },
  executive: '执行摘要',
  customer: '客户',
  target: '检测对象',
  reportDate: '报告日期',
  overview: (total, failed, notExecuted) => `本次共检测 ${total} 项，其中 ${failed} 项存在风险，${notExecuted} 项未执行。`,
  topFindings: '主要风险',
  noProblems: '未发现存在风险的检测项。',
  notExecutedSection: '未执行的检测项',
  reason: '原因',
  allExecuted: '所有检测项均已执行。',
  notExecutedUnknown: '所需内容缺失或无法读取',
  unreadableUnknown: '格式错误或已损坏，无法解析',
  more: (n) => `另有 ${n} 项`,
  unreadablePart: '无法读取的部分',
  unreadableReason: '原因',
  preparedBy: '出具单位',
};

const zhTW: Labels = {
  ...zhCN,
  reportTitle: '安全檢測報告',
  layoutTitles: { standard: '安全檢測報告', brief: '安全檢測簡版報告', compliance: '安全合規檢測報告' },
  checklist: '合規對照表',
  requirement: '要求',
  verdict: '結論',
  conforms: '符合',
  notConforms: '不符合',
  rangeNames: { ALL: '完整報告', MAIN: '應用主體', SDK: '第三方SDK' },
  generatedAt: '報告產生時間',
  targetInfo: '檢測對象資訊',
  scoreSection: '安全評分',
  score: '評分',
  band: '安全等級',
  summary: '風險統計',
  riskLevel: '風險等級',
  failedItems: '存在風險項',
  totalItems: '檢測項',
  risks: { serious: '嚴重', high: '高危', medium: '中危', low: '低危', info: '提示' },
  results: { pass: '通過', fail: '未通過', not_executed: '未執行', safe: '安全', find_problem: '發現問題' },
  details: '檢測詳情',
  item: '檢測項',
  ruleId: '規則編號',
  category: '分類',
  owner: '歸屬',
  main: '應用主體',
  firmwareOwner: { image: '韌體映像', component: '元件' },
  purpose: '檢測目的',
  description: '風險描述',
  testingSteps: '檢測步驟',
  resultDescription: '結果描述',
  evidence: '詳細資訊',
  solution: '解決方案',
  result: '檢測結果',
  omitted: (n) => `另有 ${n} 處未列出`,
  sdkCategory: '類別',
  sdkMatched: '匹配特徵',
  sdkVersion: '版本',
  noSdk: '未發現第三方SDK',
  noItems: '無檢測項',
  unreadable: '無法讀取的內容',
  appendix: '附錄',
  ruleList: '檢測規則列表',
  engine: '檢測引擎',
  chart: '風險分佈',
  yes: '是',
  no: '否',
  platforms: { android: 'Android', android_sdk: 'Android SDK', ios: 'iOS', ios_sdk: 'iOS SDK', harmony: 'HarmonyOS', harmony_next: 'HarmonyOS NEXT', source: '原始碼', web: 'Web應用', miniprogram: '微信小程式', alipay_miniprogram: '支付寶小程式', firmware: '韌體', network: '網路', ics: '工控設備', compliance: '合規', sca: '軟體成分' },
  executive: '執行摘要',
  customer: '客戶',
  target: '檢測對象',
  reportDate: '報告日期',
  overview: (total, failed, notExecuted) => `本次共檢測 ${total} 項，其中 ${failed} 項存在風險，${notExecuted} 項未執行。`,
  topFindings: '主要風險',
  noProblems: '未發現存在風險的檢測項。',
  notExecutedSection: '未執行的檢測項',
  reason: '原因',
  allExecuted: '所有檢測項均已執行。',
  notExecutedUnknown: '所需內容缺失或無法讀取',
  unreadableUnknown: '格式錯誤或已損毀，無法解析',
  more: (n) => `另有 ${n} 項`,
  unreadablePart: '無法讀取的部分',
  unreadableReason: '原因',
  preparedBy: '出具單位',
};

const en: Labels = {
  reportTitle: 'Security Assessment Report',
  layoutTitles: { standard: 'Security Assessment Report', brief: 'Security Assessment Summary', compliance: 'Security Compliance Report' },
  checklist: 'Compliance checklist',
  requirement: 'Requirement',
  verdict: 'Verdict',
  conforms: 'Conforms',
  notConforms: 'Does not conform',
  rangeNames: { ALL: 'Full report', MAIN: 'App body', SDK: 'Third-party SDKs' },
  generatedAt: 'Generated at',
  targetInfo: 'Target information',
  scoreSection: 'Security score',
  score: 'Score',
  band: 'Security level',
  bands: { high: 'High', medium: 'Medium', low: 'Low' },
  summary: 'Risk summary',
  riskLevel: 'Risk level',
  failedItems: 'Failed items',
  totalItems: 'Items',
  risks: { serious: 'Serious', high: 'High', medium: 'Medium', low: 'Low', info: 'Info' },
  results: { pass: 'Pass', fail: 'Fail', not_executed: 'Not executed', safe: 'Safe', find_problem: 'Problem found' },
  details: 'Findings in detail',
  item: 'Item',
  ruleId: 'Rule id',
  category: 'Category',
  owner: 'Owner',
  main: 'App body',
  firmwareOwner: { image: 'Firmware image', component: 'Component' },
  purpose: 'Purpose',
  description: 'Risk description',
  testingSteps: 'Testing steps',
  resultDescription: 'Result description',
  evidence: 'Details',
  solution: 'Solution',
  result: 'Result',
  omitted: (n) => `${n} more not listed`,
  sdkSection: 'Third-party SDKs',
  sdkName: 'SDK name',
  sdkCategory: 'Category',
  sdkMatched: 'Matched by',
  sdkVersion: 'Version',
  noSdk: 'No third-party SDK found',
  noItems: 'No items',
  unreadable: 'Parts that could not be read',
  appendix: 'Appendix',
  ruleList: 'Rules applied',
  engine: 'Engine',
  chart: 'Risk distribution',
  yes: 'yes',
  no: 'no',
  platforms: { android: 'Android', android_sdk: 'Android SDK', ios: 'iOS', ios_sdk: 'iOS SDK', harmony: 'HarmonyOS', harmony_next: 'HarmonyOS NEXT', source: 'Source code', web: 'Web application', miniprogram: 'WeChat mini-program', alipay_miniprogram: 'Alipay mini-program', firmware: 'Firmware', network: 'Network', ics: 'Industrial device', compliance: 'Compliance', sca: 'Software components' },
  executive: 'Executive summary',
  customer: 'Customer',
  target: 'Target',
  reportDate: 'Report date',
  overview: (total, failed, notExecuted) => `${total} items were checked: ${failed} found a risk and ${notExecuted} were not executed.`,
  topFindings: 'Main risks',
  noProblems: 'No item found a risk.',
  notExecutedSection: 'Items not executed',
  reason: 'Reason',
  allExecuted: 'Every item was executed.',
  notExecutedUnknown: 'what it needs is missing or could not be read',
  unreadableUnknown: 'malformed or corrupt; could not be parsed',
  more: (n) => `${n} more`,
  unreadablePart: 'Part that could not be read',
  unreadableReason: 'Reason',
  preparedBy: 'Prepared by',
};

const ja: Labels = {
  reportTitle: 'セキュリティ診断レポート',
  layoutTitles: { standard: 'セキュリティ診断レポート', brief: 'セキュリティ診断サマリー', compliance: 'セキュリティ適合性レポート' },
  checklist: '適合性チェックリスト',
  requirement: '要件',
  verdict: '判定',
  conforms: '適合',
  notConforms: '不適合',
  rangeNames: { ALL: '完全版', MAIN: 'アプリ本体', SDK: 'サードパーティSDK' },
  generatedAt: '作成日時',
  targetInfo: '診断対象の情報',
  scoreSection: 'セキュリティスコア',
  score: 'スコア',
  band: 'セキュリティレベル',
  bands: { high: '高', medium: '中', low: '低' },
  summary: 'リスク集計',
  riskLevel: 'リスクレベル',
  failedItems: '不合格項目',
  totalItems: '診断項目',
  risks: { serious: '重大', high: '高', medium: '中', low: '低', info: '情報' },
  results: { pass: '合格', fail: '不合格', not_executed: '未実行', safe: '安全', find_problem: '問題あり' },
  details: '診断結果の詳細',
  item: '診断項目',
  ruleId: 'ルールID',
  category: '分類',
  owner: '帰属',
  main: 'アプリ本体',
  firmwareOwner: { image: 'ファームウェアイメージ', component: 'コンポーネント' },
  purpose: '診断目的',
  description: 'リスクの説明',
  testingSteps: '診断手順',
  resultDescription: '結果の説明',
  evidence: '詳細',
  solution: '対策',
  result: '診断結果',
  omitted: (n) => `ほか ${n} 件は省略`,
  sdkSection: 'サードパーティSDK',
  sdkName: 'SDK名',
  sdkCategory: '種類',
  sdkMatched: '検出根拠',
  sdkVersion: 'バージョン',
  noSdk: 'サードパーティSDKは見つかりませんでした',
  noItems: '項目なし',
  unreadable: '読み取れなかった部分',
  appendix: '付録',
  ruleList: '適用ルール一覧',
  engine: '診断エンジン',
  chart: 'リスク分布',
  yes: 'はい',
  no: 'いいえ',
  platforms: { android: 'Android', android_sdk: 'Android SDK', ios: 'iOS', ios_sdk: 'iOS SDK', harmony: 'HarmonyOS', harmony_next: 'HarmonyOS NEXT', source: 'ソースコード', web: 'Webアプリケーション', miniprogram: 'WeChatミニプログラム', alipay_miniprogram: 'Alipayミニプログラム', firmware: 'ファームウェア', network: 'ネットワーク', ics: '産業用機器', compliance: 'コンプライアンス', sca: 'ソフトウェア構成' },
  executive: 'エグゼクティブサマリー',
  customer: '顧客',
  target: '診断対象',
  reportDate: 'レポート日付',
  overview: (total, failed, notExecuted) => `診断項目 ${total} 件のうち、${failed} 件でリスクが見つかり、${notExecuted} 件は未実行です。`,
  topFindings: '主なリスク',
  noProblems: 'リスクが見つかった項目はありません。',
  notExecutedSection: '未実行の項目',
  reason: '理由',
  allExecuted: 'すべての項目を実行しました。',
  notExecutedUnknown: '必要な内容がないか読み取れません',
  unreadableUnknown: '形式が不正か破損しているため解析できません',
  more: (n) => `ほか ${n} 件`,
  unreadablePart: '読み取れなかった部分',
  unreadableReason: '理由',
  preparedBy: '作成元',
};

export const LABELS: Record<Locale, Labels> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en, ja };

export const SDK_CATEGORY_LABELS: Record<Locale, Record<string, string>> = {
  'zh-CN': { advertising: '广告', payment: '支付', statistics: '统计', social: '社交', push: '推送', map: '地图', other: '其他' },
  'zh-TW': { advertising: '廣告', payment: '支付', statistics: '統計', social: '社群', push: '推播', map: '地圖', other: '其他' },
  en: { advertising: 'Advertising', payment: 'Payment', statistics: 'Statistics', social: 'Social', push: 'Push', map: 'Map', other: 'Other' },
  ja: { advertising: '広告', payment: '決済', statistics: '統計', social: 'ソーシャル', push: 'プッシュ', map: '地図', other: 'その他' },
};
