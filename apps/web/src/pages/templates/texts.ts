/** Texts of the template screens (i18n keys under `templates`). */
import i18n from '../../locales/i18n.ts';

i18n.addResourceBundle('zh', 'translation', {
  templates: {
    create: '新建模板', name: '模板名称', nameRequired: '请输入模板名称', nameTooLong: '模板名称不能超过50个字符', preset: '预置模板', presetType: '预置类型',
    reportTemplate: '报告模板', reportLanguage: '报告语言', items: '检测项', itemCount: '检测项数', creator: '创建人', updated: '更新时间', defaultTag: '默认',
    defaultReadonly: '默认模板不能编辑，可复制后修改', copy: '复制', selectAll: '全选', clear: '清空', pickOne: '请至少选择一个', save: '保存', back: '返回',
    selected: '已选 {{n}} / {{total}}',
    presetTypes: { standard: '标准', quick: '快速', custom: '自定义' }, reportTemplates: { standard: '标准报告', brief: '简版报告', compliance: '合规报告' },
    languages: { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', en: 'English', ja: '日本語' },
    categories: { manifest: '配置文件', network: '网络通信', certificate: '证书签名', code: '代码安全', webview: 'WebView', crypto: '加密算法', storage: '数据存储', native: 'Native库', secrets: '敏感信息', resilience: '抗逆向', sdk: '第三方SDK', packer: '加固', info: '基本信息' },
  },
}, true, false);
i18n.addResourceBundle('en', 'translation', {
  templates: {
    create: 'New template', name: 'Template name', nameRequired: 'Please enter the template name', nameTooLong: 'The template name cannot exceed 50 characters', preset: 'Preset template', presetType: 'Preset type',
    reportTemplate: 'Report template', reportLanguage: 'Report language', items: 'Check items', itemCount: 'Items', creator: 'Creator', updated: 'Updated', defaultTag: 'Default',
    defaultReadonly: 'Default templates cannot be edited; copy one to change it', copy: 'Copy', selectAll: 'Select all', clear: 'Clear', pickOne: 'Pick at least one', save: 'Save', back: 'Back',
    selected: '{{n}} / {{total}} selected',
    presetTypes: { standard: 'Standard', quick: 'Quick', custom: 'Custom' }, reportTemplates: { standard: 'Standard report', brief: 'Brief report', compliance: 'Compliance report' },
    languages: { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', en: 'English', ja: '日本語' },
    categories: { manifest: 'Manifest', network: 'Network', certificate: 'Certificate', code: 'Code', webview: 'WebView', crypto: 'Cryptography', storage: 'Storage', native: 'Native libraries', secrets: 'Sensitive data', resilience: 'Resilience', sdk: 'Third-party SDKs', packer: 'Hardening', info: 'Information' },
  },
}, true, false);
