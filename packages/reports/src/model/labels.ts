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
  fields: Record<string, string>;
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
  risks: { serious: '严重', high: '高危', medium: '中危', low: '低危', info: '信息' },
  results: { pass: '通过', fail: '未通过', not_executed: '未执行', safe: '安全', find_problem: '发现问题' },
  details: '检测详情',
  item: '检测项',
  ruleId: '规则编号',
  category: '分类',
  owner: '归属',
  main: '应用主体',
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
  fields: {
    appName: '应用名称', packageName: '包名', versionName: '版本', version: '版本', size: '文件大小', md5: 'MD5', sha1: 'SHA-1', sha256: 'SHA-256',
    fileName: '文件名', signer: '签名', signature: '签名', targetSdkVersion: 'targetSdkVersion', minSdkVersion: 'minSdkVersion', platform: '平台',
    createdBy: '创建人', analysisTime: '分析时间', url: '扫描地址', taskUid: '任务编号',
  },
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
  risks: { serious: '嚴重', high: '高危', medium: '中危', low: '低危', info: '資訊' },
  results: { pass: '通過', fail: '未通過', not_executed: '未執行', safe: '安全', find_problem: '發現問題' },
  details: '檢測詳情',
  item: '檢測項',
  ruleId: '規則編號',
  category: '分類',
  owner: '歸屬',
  main: '應用主體',
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
  fields: {
    ...zhCN.fields,
    appName: '應用名稱', packageName: '套件名稱', versionName: '版本', version: '版本', size: '檔案大小', fileName: '檔案名稱', signer: '簽章', signature: '簽章',
    platform: '平台', createdBy: '建立者', analysisTime: '分析時間', url: '掃描位址', taskUid: '任務編號',
  },
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
  fields: {
    appName: 'App name', packageName: 'Package name', versionName: 'Version', version: 'Version', size: 'File size', md5: 'MD5', sha1: 'SHA-1', sha256: 'SHA-256',
    fileName: 'File name', signer: 'Signature', signature: 'Signature', targetSdkVersion: 'targetSdkVersion', minSdkVersion: 'minSdkVersion', platform: 'Platform',
    createdBy: 'Created by', analysisTime: 'Analysis time', url: 'Scan address', taskUid: 'Task id',
  },
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
  fields: {
    appName: 'アプリ名', packageName: 'パッケージ名', versionName: 'バージョン', version: 'バージョン', size: 'ファイルサイズ', md5: 'MD5', sha1: 'SHA-1', sha256: 'SHA-256',
    fileName: 'ファイル名', signer: '署名', signature: '署名', targetSdkVersion: 'targetSdkVersion', minSdkVersion: 'minSdkVersion', platform: 'プラットフォーム',
    createdBy: '作成者', analysisTime: '分析日時', url: 'スキャン先', taskUid: 'タスクID',
  },
};

export const LABELS: Record<Locale, Labels> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en, ja };

export const SDK_CATEGORY_LABELS: Record<Locale, Record<string, string>> = {
  'zh-CN': { advertising: '广告', payment: '支付', statistics: '统计', social: '社交', push: '推送', map: '地图', other: '其他' },
  'zh-TW': { advertising: '廣告', payment: '支付', statistics: '統計', social: '社群', push: '推播', map: '地圖', other: '其他' },
  en: { advertising: 'Advertising', payment: 'Payment', statistics: 'Statistics', social: 'Social', push: 'Push', map: 'Map', other: 'Other' },
  ja: { advertising: '広告', payment: '決済', statistics: '統計', social: 'ソーシャル', push: 'プッシュ', map: '地図', other: 'その他' },
};
