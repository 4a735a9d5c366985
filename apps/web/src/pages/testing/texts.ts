/** Texts of the testing-management screens (i18n keys under `testing`). */
import i18n from '../../locales/i18n.ts';

i18n.addResourceBundle('zh', 'translation', {
  testing: {
    pattern: '匹配内容', fileType: '文件类型', remark: '备注', enabled: '状态', on: '启用', off: '禁用', addTime: '添加时间', shared: '全局', add: '添加', save: '保存',
    patternHint: '支持通配符 * 和 ?',
    fileTypes: { so: 'SO库', resource: '资源文件', log_function: '调试日志函数', global: '任意', file: '文件', class: '类', value: '值' },
    words: '敏感词', wordsHint: '多个敏感词请用英文逗号分隔', wordsShared: '全局敏感词（所有客户生效）',
    sdkName: 'SDK名称', category: '类别', packages: '包名前缀', iosFrameworks: 'iOS Framework', iosPrefixes: 'iOS类前缀', builtin: '内置',
    categories: { advertising: '广告', payment: '支付', statistics: '统计', social: '社交', push: '推送', map: '地图', other: '其他' },
    sdk: {
      add: '新增SDK', addTitle: '新增第三方SDK', editTitle: '编辑第三方SDK', prefix: '前缀', all: '全部', enable: '启用', disable: '禁用',
      packagesLabel: 'Android/鸿蒙包名前缀', frameworksLabel: 'iOS Framework', classPrefixesLabel: 'iOS类前缀', prefixesHint: '输入后按回车或英文逗号添加多个',
      nameRequired: '请输入SDK名称', categoryRequired: '请选择类别', prefixRequired: '请至少填写一个包名前缀、Framework 或类前缀', builtinHint: '内置SDK不能删除，只能禁用',
    },
    settings: { defaults: '各平台默认模板', builtinDefault: '内置默认模板', timeout: '任务时限（秒）', concurrency: '并发数', retention: '文件保留天数', reportTemplate: '默认报告模板', reportLanguage: '默认报告语言', limits: '任务执行', reports: '报告默认值', note: '时限对下一个开始的任务生效，并发数在几秒内生效，无需重启（包括独立的 worker 进程）。', range: '取值范围 {{min}}–{{max}}' },
    rules: {
      platform: '平台', keyword: '关键字', keywordHint: '规则ID / 名称 / CWE / OWASP', risk: '风险等级', all: '全部', id: '规则ID', title: '检测项', category: '类别', cwe: 'CWE', owasp: 'OWASP',
      purpose: '检测目的', description: '风险描述', testingSteps: '检测步骤', solution: '修复建议', count: '{{n}} 项', readonly: '检测规则由各引擎提供，此处只读；在测评模板中选择要执行的检测项。',
    },
    platforms: { android: 'Android', android_sdk: 'Android SDK', ios: 'iOS', ios_sdk: 'iOS SDK', harmony: '鸿蒙', harmony_next: '鸿蒙NEXT', source: '源代码', web: 'Web', miniprogram: '微信小程序', alipay_miniprogram: '支付宝小程序', firmware: '固件' },
  },
}, true, false);
i18n.addResourceBundle('en', 'translation', {
  testing: {
    pattern: 'Pattern', fileType: 'File type', remark: 'Remark', enabled: 'Status', on: 'Enabled', off: 'Disabled', addTime: 'Added', shared: 'Global', add: 'Add', save: 'Save',
    patternHint: 'Wildcards * and ? are supported',
    fileTypes: { so: 'SO library', resource: 'Resource file', log_function: 'Debug-log function', global: 'Anything', file: 'File', class: 'Class', value: 'Value' },
    words: 'Sensitive words', wordsHint: 'Separate multiple sensitive words with English commas', wordsShared: 'Global sensitive words (all customers)',
    sdkName: 'SDK name', category: 'Category', packages: 'Package prefixes', iosFrameworks: 'iOS frameworks', iosPrefixes: 'iOS class prefixes', builtin: 'Built-in',
    categories: { advertising: 'Advertising', payment: 'Payment', statistics: 'Statistics', social: 'Social', push: 'Push', map: 'Map', other: 'Other' },
    sdk: {
      add: 'Add SDK', addTitle: 'Add a third-party SDK', editTitle: 'Edit third-party SDK', prefix: 'Prefix', all: 'All', enable: 'Enable', disable: 'Disable',
      packagesLabel: 'Android/Harmony package prefixes', frameworksLabel: 'iOS frameworks', classPrefixesLabel: 'iOS class prefixes', prefixesHint: 'Press Enter or type an English comma to add several',
      nameRequired: 'Please enter the SDK name', categoryRequired: 'Please choose a category', prefixRequired: 'Fill in at least one package prefix, framework or class prefix', builtinHint: 'Built-in SDKs cannot be deleted, only disabled',
    },
    settings: { defaults: 'Default template per platform', builtinDefault: 'Built-in default', timeout: 'Task time limit (s)', concurrency: 'Concurrency', retention: 'Retention days', reportTemplate: 'Default report template', reportLanguage: 'Default report language', limits: 'Task execution', reports: 'Report defaults', note: 'The time limit applies to the next task that starts and the concurrency within a few seconds, without a restart (separate worker processes included).', range: 'Range {{min}}–{{max}}' },
    rules: {
      platform: 'Platform', keyword: 'Keyword', keywordHint: 'Rule id / name / CWE / OWASP', risk: 'Risk level', all: 'All', id: 'Rule id', title: 'Check item', category: 'Category', cwe: 'CWE', owasp: 'OWASP',
      purpose: 'Purpose', description: 'Description', testingSteps: 'Testing steps', solution: 'Solution', count: '{{n}} items', readonly: 'The engines provide these rules; this page is read-only. Choose which items run in an assessment template.',
    },
    platforms: { android: 'Android', android_sdk: 'Android SDK', ios: 'iOS', ios_sdk: 'iOS SDK', harmony: 'HarmonyOS', harmony_next: 'HarmonyOS NEXT', source: 'Source code', web: 'Web', miniprogram: 'WeChat mini-program', alipay_miniprogram: 'Alipay mini-program', firmware: 'Firmware' },
  },
}, true, false);
