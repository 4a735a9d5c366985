/**
 * The route and menu table of SPEC §2, shared by the browser (router, sidebar,
 * breadcrumb) and the server (permission resources are menu keys, SPEC §6).
 *
 * - `key` is the route name and the permission resource of a leaf.
 * - Hidden routes (create/result/detail pages) are not in the menu; they are
 *   reachable when their `resource` (the list page's key) is granted.
 * - `page` names the screen the browser renders; a page that a later issue fills
 *   shows a "not yet available" state.
 */

export type Title = { zh: string; en: string };

/** Operations a role can be granted on a resource. */
export const OPERATIONS = ['view', 'add', 'edit', 'delete', 'download', 'export', 'result_edit'] as const;
export type Operation = (typeof OPERATIONS)[number];
/** The spec's name for the result_edit operation: routes carry the permission '检测结果编辑'. */
export const RESULT_EDIT_PERMISSION = '检测结果编辑';

export interface RouteNode {
  key: string;
  path: string;
  title: Title;
  icon?: string;
  hidden?: boolean;
  /** For hidden routes: the resource whose grant opens them. Defaults to `key`. */
  resource?: string;
  /** Operations that make sense on this resource (offered in role management). */
  operations?: readonly Operation[];
  page?: string;
  /** Extra permissions carried by the route (SPEC §6: '检测结果编辑'). */
  permissions?: readonly string[];
  /** External link (behaviour detection). */
  href?: string;
  /** Only for this site customer (SPEC §2 behaviour detection, §6 customized-product rule). */
  customer?: string;
  noCache?: boolean;
  children?: RouteNode[];
}

const t = (zh: string, en: string): Title => ({ zh, en });
const LIST_OPS = ['view', 'add', 'delete', 'download'] as const satisfies readonly Operation[];
const VIEW = ['view'] as const satisfies readonly Operation[];
const CRUD = ['view', 'add', 'edit', 'delete'] as const satisfies readonly Operation[];

interface EvaluationSpec {
  key: string;
  path: string;
  title: Title;
  create: string;
  result: string;
  resultPath: string;
  /** Child views of the result page (SPEC §2). */
  views: { key: string; title: Title }[];
  platform: string;
}

/** One assessment platform: the list in the menu, hidden create ("new evaluation") and result pages. */
function evaluation(s: EvaluationSpec): RouteNode[] {
  return [
    { key: s.key, path: `safeservice/${s.path}`, title: s.title, operations: [...LIST_OPS, 'result_edit'], page: `evaluation-list:${s.platform}` },
    { key: s.create, path: `safeservice/${s.path}/create`, title: t('新建测评', 'New evaluation'), hidden: true, resource: s.key, page: `evaluation-create:${s.platform}` },
    {
      key: s.result,
      path: s.resultPath,
      title: t('测评结果', 'Evaluation result'),
      hidden: true,
      resource: s.key,
      page: `evaluation-result:${s.platform}`,
      permissions: [RESULT_EDIT_PERMISSION],
      children: s.views.map((v) => ({ key: v.key, path: v.key, title: v.title, hidden: true, resource: s.key, page: `evaluation-view:${v.key}` })),
    },
  ];
}

const resultView = t('结果预览', 'Result preview');
const versionView = t('版本管理', 'Version management');

export const EVALUATIONS: EvaluationSpec[] = [
  { platform: 'android', key: 'Prod_AndroidAudit', path: 'AndroidEvaluation', title: t('Android应用测评', 'Android app evaluation'), create: 'Prod_AndroidAudit_Create', result: 'applicationResult', resultPath: 'safeservice/applicationResult', views: [{ key: 'Android-result', title: resultView }, { key: 'Android-version', title: versionView }, { key: 'Android-sdk', title: t('第三方SDK安全', 'Third-party SDK security') }] },
  { platform: 'ios', key: 'IosEvaluation', path: 'IosEvaluation', title: t('iOS应用测评', 'iOS app evaluation'), create: 'Prod_IOSAudit_Create', result: 'Prod_IOSAudit_Result', resultPath: 'safeservice/IosEvaluation/result', views: [{ key: 'iOS-result', title: resultView }, { key: 'iOS-version', title: versionView }] },
  { platform: 'harmony', key: 'HarmonyEvaluation', path: 'HarmonyEvaluation', title: t('鸿蒙应用测评', 'HarmonyOS app evaluation'), create: 'HarmonyEvaluation_Create', result: 'HarmonyEvaluation_Result', resultPath: 'safeservice/HarmonyEvaluation/result', views: [{ key: 'Harmony-result', title: resultView }] },
  { platform: 'harmony_next', key: 'HarmonyEvaluationNext', path: 'HarmonyEvaluationNext', title: t('鸿蒙NEXT应用测评', 'HarmonyOS NEXT app evaluation'), create: 'HarmonyEvaluationNext_Create', result: 'HarmonyEvaluationNext_Result', resultPath: 'safeservice/HarmonyEvaluationNext/result', views: [{ key: 'HarmonyNext-result', title: resultView }] },
  { platform: 'android_sdk', key: 'SdkEvaluation', path: 'SdkEvaluation', title: t('Android SDK测评', 'Android SDK evaluation'), create: 'SdkEvaluation_Create', result: 'SdkEvaluation_Result', resultPath: 'safeservice/SdkEvaluation/result', views: [{ key: 'Sdk-result', title: resultView }] },
  { platform: 'ios_sdk', key: 'Prod_IosSdkAudit', path: 'IosSdkEvaluation', title: t('iOS SDK测评', 'iOS SDK evaluation'), create: 'Prod_IosSdkAudit_Create', result: 'Prod_IosSdkAudit_Result', resultPath: 'safeservice/IosSdkEvaluation/result', views: [] },
  { platform: 'source', key: 'SourceEvaluation', path: 'SourceEvaluation', title: t('源代码测评', 'Source code evaluation'), create: 'Prod_SourceAudit_Create', result: 'Prod_SourceAudit_Result', resultPath: 'safeservice/SourceEvaluation/result', views: [] },
  { platform: 'web', key: 'WebEvaluation', path: 'WebEvaluation', title: t('Web应用测评', 'Web application evaluation'), create: 'Prod_WebAudit_Create', result: 'Prod_WebAudit_Result', resultPath: 'safeservice/WebEvaluation/result', views: [] },
  { platform: 'miniprogram', key: 'Prod_MiniProgramAudit', path: 'MiniProgramEvaluation', title: t('微信小程序测评', 'WeChat mini-program evaluation'), create: 'Prod_MiniProgramAudit_Create', result: 'Prod_MiniProgramAudit_Result', resultPath: 'safeservice/MiniProgramEvaluation/result', views: [{ key: 'MiniProgram-result', title: resultView }] },
  { platform: 'alipay_miniprogram', key: 'Prod_AlipayMiniProgramAudit', path: 'AlipayMiniProgramEvaluation', title: t('支付宝小程序测评', 'Alipay mini-program evaluation'), create: 'Prod_AlipayMiniProgramAudit_Create', result: 'Prod_AlipayMiniProgramAudit_Result', resultPath: 'safeservice/AlipayMiniProgramEvaluation/result', views: [{ key: 'AlipayMiniProgram-result', title: resultView }] },
];

/**
 * The specialised assessments (SPEC §2 "further evaluation areas"): each
 * platform's tasks are guarded by its menu entry under 专项测评.
 */
export const SPECIAL_EVALUATIONS: { platform: string; key: string }[] = [
  { platform: 'firmware', key: 'FirmwareEvaluation' },
  { platform: 'network', key: 'NetworkVulnerability' },
  { platform: 'ics', key: 'IndustrialInternet' },
  { platform: 'compliance', key: 'ComplianceEvaluation' },
  { platform: 'sca', key: 'ComponentSecurity' },
];

/** Every platform a user may create assessment tasks for, app evaluations first. */
export const ASSESSMENT_PLATFORMS: readonly string[] = [...EVALUATIONS.map((e) => e.platform), ...SPECIAL_EVALUATIONS.map((e) => e.platform)];

/** The evaluation list key (the permission resource) of a platform's tasks. */
export function evaluationResource(platform: string): string | undefined {
  return EVALUATIONS.find((e) => e.platform === platform)?.key ?? SPECIAL_EVALUATIONS.find((e) => e.platform === platform)?.key;
}

const TEMPLATE_PLATFORMS: { platform: string; slug: string; title: Title }[] = [
  { platform: 'android', slug: 'Android', title: t('Android模板', 'Android templates') },
  { platform: 'ios', slug: 'Ios', title: t('iOS模板', 'iOS templates') },
  { platform: 'harmony', slug: 'Harmony', title: t('鸿蒙模板', 'HarmonyOS templates') },
  { platform: 'harmony_next', slug: 'HarmonyNext', title: t('鸿蒙NEXT模板', 'HarmonyOS NEXT templates') },
  { platform: 'android_sdk', slug: 'Sdk', title: t('SDK模板', 'SDK templates') },
  { platform: 'ios_sdk', slug: 'IosSdk', title: t('iOS SDK模板', 'iOS SDK templates') },
  { platform: 'miniprogram', slug: 'MiniProgram', title: t('微信小程序模板', 'WeChat mini-program templates') },
  { platform: 'alipay_miniprogram', slug: 'AlipayMiniProgram', title: t('支付宝小程序模板', 'Alipay mini-program templates') },
];

const SHIELDS: { slug: string; title: Title }[] = [
  { slug: 'App', title: t('应用加固', 'App hardening') },
  { slug: 'So', title: t('SO加固', 'SO hardening') },
  { slug: 'Sdk', title: t('SDK加固', 'SDK hardening') },
  { slug: 'H5', title: t('H5加固', 'HTML5 hardening') },
  { slug: 'Source', title: t('源代码加固', 'Source hardening') },
];

const leaf = (key: string, path: string, title: Title, page: string, operations: readonly Operation[] = VIEW): RouteNode => ({ key, path, title, page, operations });

/** The whole main-layout route tree, in menu order. */
export const ROUTES: RouteNode[] = [
  { key: 'home', path: 'index/home', title: t('总览', 'Overview'), icon: 'dashboard', page: 'home', operations: VIEW },
  {
    key: 'safeservice',
    path: 'safeservice',
    title: t('测评服务', 'Assessment services'),
    icon: 'safety',
    children: [
      ...EVALUATIONS.flatMap(evaluation),
      { key: 'applicationdetail', path: 'safeservice/applicationdetail', title: t('应用测评详情', 'Application assessment detail'), hidden: true, resource: 'Prod_AndroidAudit', page: 'evaluation-detail' },
    ],
  },
  {
    key: 'specialEvaluation',
    path: 'special',
    title: t('专项测评', 'Specialised assessments'),
    icon: 'experiment',
    children: [
      leaf('FirmwareEvaluation', 'special/firmware', t('固件测评', 'Firmware evaluation'), 'firmware-list', LIST_OPS),
      { key: 'FirmwareEvaluation_Create', path: 'special/firmware/create', title: t('新建测评', 'New evaluation'), hidden: true, resource: 'FirmwareEvaluation', page: 'firmware-create' },
      { key: 'FirmwareEvaluation_Compare', path: 'special/firmware/compare', title: t('固件对比', 'Firmware compare'), hidden: true, resource: 'FirmwareEvaluation', page: 'firmware-compare' },
      { key: 'FirmwareEvaluation_Preview', path: 'special/firmware/preview', title: t('固件预览', 'Firmware preview'), hidden: true, resource: 'FirmwareEvaluation', page: 'firmware-preview' },
      leaf('NetworkVulnerability', 'special/network', t('网络漏洞测评', 'Network vulnerability'), 'network-submit', LIST_OPS),
      { key: 'NetworkVulnerability_Create', path: 'special/network/create', title: t('新建测评', 'New evaluation'), hidden: true, resource: 'NetworkVulnerability', page: 'evaluation-create:network' },
      { key: 'NetworkVulnerability_Result', path: 'special/network/result', title: t('测评结果', 'Evaluation result'), hidden: true, resource: 'NetworkVulnerability', page: 'evaluation-result:network', permissions: [RESULT_EDIT_PERMISSION] },
      leaf('ComplianceEvaluation', 'special/compliance', t('合规测评', 'Compliance'), 'compliance', LIST_OPS),
      { key: 'ComplianceEvaluation_Create', path: 'special/compliance/create', title: t('新建测评', 'New evaluation'), hidden: true, resource: 'ComplianceEvaluation', page: 'evaluation-create:compliance' },
      { key: 'ComplianceEvaluation_Result', path: 'special/compliance/result', title: t('测评结果', 'Evaluation result'), hidden: true, resource: 'ComplianceEvaluation', page: 'evaluation-result:compliance' },
      leaf('IndustrialInternet', 'special/industrial', t('工业互联网测评', 'Industrial internet'), 'industrial', LIST_OPS),
      { key: 'IndustrialInternet_Create', path: 'special/industrial/create', title: t('新建测评', 'New evaluation'), hidden: true, resource: 'IndustrialInternet', page: 'evaluation-create:ics' },
      { key: 'IndustrialInternet_Result', path: 'special/industrial/result', title: t('测评结果', 'Evaluation result'), hidden: true, resource: 'IndustrialInternet', page: 'evaluation-result:ics', permissions: [RESULT_EDIT_PERMISSION] },
      leaf('ComponentSecurity', 'special/component', t('软件成分安全', 'Software component security'), 'component', LIST_OPS),
      { key: 'ComponentSecurity_Create', path: 'special/component/create', title: t('新建测评', 'New evaluation'), hidden: true, resource: 'ComponentSecurity', page: 'evaluation-create:sca' },
      { key: 'ComponentSecurity_Result', path: 'special/component/result', title: t('测评结果', 'Evaluation result'), hidden: true, resource: 'ComponentSecurity', page: 'evaluation-result:sca' },
      { key: 'ComponentSecurity_Compare', path: 'special/component/compare', title: t('版本对比', 'Version compare'), hidden: true, resource: 'ComponentSecurity', page: 'sca-compare' },
    ],
  },
  {
    key: 'template',
    path: 'template',
    title: t('测评模板', 'Assessment templates'),
    icon: 'profile',
    children: TEMPLATE_PLATFORMS.flatMap(({ platform, slug, title }) => [
      leaf(`Template_${slug}`, `template/${slug}`, title, `template-list:${platform}`, CRUD),
      { key: `Template_${slug}_Add`, path: `template/${slug}/add`, title: t('模板详情', 'Template detail'), hidden: true, resource: `Template_${slug}`, page: `template-detail:${platform}` },
    ]),
  },
  {
    key: 'shield',
    path: 'shield',
    title: t('加固服务', 'Hardening services'),
    icon: 'lock',
    children: SHIELDS.flatMap(({ slug, title }) => [
      leaf(`Shield_${slug}`, `shield/${slug}`, title, `shield-list:${slug}`, LIST_OPS),
      { key: `Shield_${slug}_Detail`, path: `shield/${slug}/detail`, title: t('加固详情', 'Hardening detail'), hidden: true, resource: `Shield_${slug}`, page: `shield-detail:${slug}` },
      leaf(`Shield_${slug}_Template`, `shield/${slug}/template`, t(`${title.zh}策略`, `${title.en} strategies`), `shield-template:${slug}`, CRUD),
      { key: `Shield_${slug}_Template_Add`, path: `shield/${slug}/template/add`, title: t('添加策略', 'Add strategy'), hidden: true, resource: `Shield_${slug}_Template`, page: `shield-template-detail:${slug}` },
    ]),
  },
  {
    key: 'workbench',
    path: 'workbench',
    title: t('工作台', 'Workbench'),
    icon: 'appstore',
    children: [
      leaf('Workbench_Pending', 'workbench/pending', t('待处理工单', 'Pending orders'), 'workbench-pending', ['view', 'edit']),
      leaf('Workbench_Completed', 'workbench/completed', t('已完成工单', 'Completed orders'), 'workbench-completed'),
      leaf('Workbench_MyTasks', 'workbench/tasks', t('我的任务', 'My tasks'), 'workbench-tasks', LIST_OPS),
      leaf('Workbench_Samples', 'workbench/samples', t('样本', 'Samples'), 'workbench-samples', LIST_OPS),
      leaf('Workbench_Reports', 'workbench/reports', t('报告', 'Reports'), 'workbench-reports', ['view', 'download']),
      leaf('Workbench_Phones', 'workbench/phones', t('真机', 'Real phones'), 'workbench-phones'),
    ],
  },
  {
    key: 'tools',
    path: 'tools',
    title: t('工具', 'Tools'),
    icon: 'tool',
    children: [
      leaf('Tools_WorkOrderLedger', 'tools/workorders', t('工单台账', 'Work-order ledger'), 'tools-workorders', CRUD),
      leaf('Tools_TaskLedger', 'tools/tasks', t('任务台账', 'Task ledger'), 'tools-tasks', LIST_OPS),
      leaf('Tools_AnalysisReports', 'tools/reports', t('分析报告', 'Analysis reports'), 'tools-reports', ['view', 'download']),
      leaf('Tools_Samples', 'tools/samples', t('样本管理', 'Sample management'), 'tools-samples', LIST_OPS),
      leaf('Tools_MyPhones', 'tools/phones/mine', t('我的手机', 'My phones'), 'tools-my-phones', CRUD),
      leaf('Tools_PhoneLedger', 'tools/phones/ledger', t('手机台账', 'Phone ledger'), 'tools-phone-ledger', CRUD),
    ],
  },
  {
    key: 'analysis',
    path: 'analysis',
    title: t('统计分析', 'Statistics'),
    icon: 'bar-chart',
    children: [leaf('analysisdemo', 'analysis/analysisdemo', t('数据分析', 'Data analysis'), 'analysis', ['view', 'export'])],
  },
  {
    key: 'testing',
    path: 'testing',
    title: t('检测管理', 'Testing management'),
    icon: 'control',
    children: [
      leaf('Rule_Settings', 'testing/rules', t('规则设置', 'Rule settings'), 'rules-settings', CRUD),
      leaf('Whitelist_So', 'testing/whitelist/so', t('SO白名单', 'SO whitelist'), 'whitelist:so', CRUD),
      leaf('Whitelist_Resource', 'testing/whitelist/resource', t('资源文件白名单', 'Resource file whitelist'), 'whitelist:resource', CRUD),
      leaf('Whitelist_DebugLog', 'testing/whitelist/debuglog', t('调试日志函数白名单', 'Debug-log function whitelist'), 'whitelist:debuglog', CRUD),
      leaf('Whitelist_Global', 'testing/whitelist/global', t('全局白名单', 'Global whitelist'), 'whitelist:global', CRUD),
      leaf('Rule_ThirdSdk', 'testing/sdk', t('第三方SDK管理', 'Third-party SDK management'), 'third-sdk', CRUD),
      leaf('Rule_SensitiveWords', 'testing/sensitive', t('敏感词', 'Sensitive words'), 'sensitive-words', CRUD),
    ],
  },
  {
    key: 'system',
    path: 'system',
    title: t('用户管理', 'User management'),
    icon: 'team',
    children: [
      leaf('systemAccout', 'system/systemAccout', t('账号管理', 'Account management'), 'accounts', [...CRUD, 'result_edit']),
      leaf('permission', 'system/permission', t('角色管理', 'Role management'), 'roles', CRUD),
      leaf('customers', 'system/customers', t('客户管理', 'Customer management'), 'customers', CRUD),
      leaf('siteSettings', 'system/site', t('站点设置', 'Site settings'), 'site-settings', ['view', 'edit']),
      leaf('evaluationSettings', 'system/evaluation', t('测评设置', 'Evaluation settings'), 'evaluation-settings', ['view', 'edit']),
      leaf('auditLog', 'system/audit', t('审计日志', 'Audit log'), 'audit-log'),
      leaf('vulnData', 'system/vulndb', t('漏洞库', 'Vulnerability data'), 'vulndb', ['view', 'edit']),
      leaf('noticeManagement', 'system/notices', t('公告管理', 'Notices'), 'notices', CRUD),
      leaf('licence', 'system/licence', t('授权管理', 'Licence'), 'licence', ['view', 'edit']),
    ],
  },
  {
    key: 'whitebox',
    path: 'whitebox',
    title: t('白盒密钥', 'White box'),
    icon: 'key',
    children: [
      leaf('Whitebox_SymmetricKey', 'whitebox/keys/symmetric', t('对称密钥', 'Symmetric keys'), 'whitebox-keys:symmetric', CRUD),
      leaf('Whitebox_AsymmetricKey', 'whitebox/keys/asymmetric', t('非对称密钥', 'Asymmetric keys'), 'whitebox-keys:asymmetric', CRUD),
      leaf('Whitebox_Library', 'whitebox/library', t('白盒库管理', 'White-box libraries'), 'whitebox-library', [...CRUD, 'download']),
    ],
  },
  {
    key: 'about',
    path: 'about',
    title: t('关于', 'About'),
    icon: 'info',
    children: [
      leaf('introduce', 'about/introduce', t('平台介绍', 'Platform introduction'), 'about'),
      leaf('helpDocument', 'about/help', t('帮助文档', 'Help'), 'help'),
    ],
  },
];

/**
 * SPEC §2: the behaviour-detection entry, third in the menu, shown only when the
 * site customer is the airline-type customer. It links to an external compliance
 * platform whose address comes from site configuration (behaviour_url); without
 * one the entry is not shown.
 */
export const BEHAVIOUR_DETECTION: RouteNode = {
  key: 'behaviourDetection',
  path: 'behaviour',
  title: t('行为检测', 'Behaviour detection'),
  icon: 'radar',
  customer: 'airline',
};
/** Where the behaviour-detection entry is inserted (0-based: third entry). */
export const BEHAVIOUR_DETECTION_INDEX = 2;

/** Every node of the tree, depth first. */
export function walkRoutes(nodes: RouteNode[] = ROUTES, out: RouteNode[] = []): RouteNode[] {
  for (const n of nodes) {
    out.push(n);
    if (n.children) walkRoutes(n.children, out);
  }
  return out;
}

/** Leaves that can be granted: visible routes without children, plus nothing hidden. */
export function grantableResources(): RouteNode[] {
  return walkRoutes().filter((n) => !n.hidden && !n.children && !n.href);
}

export function isGrantableResource(key: string): boolean {
  return grantableResources().some((n) => n.key === key);
}
