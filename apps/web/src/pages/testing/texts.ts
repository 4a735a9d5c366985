/** Texts of the testing-management screens (i18n keys under `testing`). */
import i18n from '../../locales/i18n.ts';

i18n.addResourceBundle('zh', 'translation', {
  testing: {
    pattern: '匹配内容', fileType: '文件类型', remark: '备注', enabled: '状态', on: '启用', off: '禁用', addTime: '添加时间', shared: '全局', add: '添加', save: '保存',
    patternHint: '支持通配符 * 和 ?',
    fileTypes: { so: 'SO库', resource: '资源文件', log_function: '调试日志函数', global: '任意', file: '文件', class: '类', value: '值' },
    words: '敏感词', wordsHint: '多个敏感词请用英文逗号分隔', wordsShared: '全局敏感词（所有客户生效）',
    sdkName: 'SDK名称', category: '类别', packages: '包名前缀', iosFrameworks: 'iOS Framework', iosPrefixes: 'iOS类前缀', builtin: '内置',
    settings: { defaults: '各平台默认模板', builtinDefault: '内置默认模板', timeout: '任务时限（秒）', concurrency: '并发数', retention: '文件保留天数', reportTemplate: '默认报告模板', reportLanguage: '默认报告语言', note: '时限与并发对本进程的任务立即生效；独立的 worker 进程在重启后生效。' },
  },
}, true, false);
i18n.addResourceBundle('en', 'translation', {
  testing: {
    pattern: 'Pattern', fileType: 'File type', remark: 'Remark', enabled: 'Status', on: 'Enabled', off: 'Disabled', addTime: 'Added', shared: 'Global', add: 'Add', save: 'Save',
    patternHint: 'Wildcards * and ? are supported',
    fileTypes: { so: 'SO library', resource: 'Resource file', log_function: 'Debug-log function', global: 'Anything', file: 'File', class: 'Class', value: 'Value' },
    words: 'Sensitive words', wordsHint: 'Separate multiple sensitive words with English commas', wordsShared: 'Global sensitive words (all customers)',
    sdkName: 'SDK name', category: 'Category', packages: 'Package prefixes', iosFrameworks: 'iOS frameworks', iosPrefixes: 'iOS class prefixes', builtin: 'Built-in',
    settings: { defaults: 'Default template per platform', builtinDefault: 'Built-in default', timeout: 'Task time limit (s)', concurrency: 'Concurrency', retention: 'Retention days', reportTemplate: 'Default report template', reportLanguage: 'Default report language', note: 'Time limit and concurrency apply at once to this process; separate worker processes take them at restart.' },
  },
}, true, false);
