/** Texts of the hardening screens (i18n keys under `shield`). */
import i18n from '../../locales/i18n.ts';
import type { Texts } from './api.ts';

i18n.addResourceBundle('zh', 'translation', {
  shield: {
    add: '新建加固', file: '文件名', strategy: '加固策略', status: '状态', progress: '进度', user: '用户', createdAt: '提交时间', finishedAt: '完成时间', failMsg: '失败原因',
    statuses: { QUEUED: '排队中', RUNNING: '加固中', FINISHED: '已完成', EXCEPTION: '异常' },
    upload: '选择文件', accept: '支持的文件：{{list}}', fileRequired: '请选择文件', strategyRequired: '请选择加固策略', submit: '提交', cancel: '取消',
    back: '返回', download: '下载', detail: '加固详情', input: '输入文件', output: '加固后文件', size: '大小', sha256: 'SHA-256', applied: '已应用的保护', verification: '验证结果',
    passed: '通过', failed: '未通过', unverified: '未能在此验证', metrics: '测量数据', noResult: '暂无结果',
    metric: { inputBytes: '输入大小', outputBytes: '输出大小', protectMs: '加固耗时', loadMsBefore: '加固前加载时间', loadMsAfter: '加固后加载时间', scriptFiles: '脚本文件数', inlineScripts: '内联脚本数', outputFileBytes: '输出文件大小', scriptBytesBefore: '加固前脚本大小', scriptBytesAfter: '加固后脚本大小', compiledFiles: '编译的 TypeScript 文件数', entryPoints: '验证的入口数', testMsBefore: '加固前测试耗时', testMsAfter: '加固后测试耗时' },
    growth: '体积增长', builtIn: '内置', name: '策略名称', description: '描述', values: '策略内容', addStrategy: '添加策略', edit: '编辑', save: '保存', nameRequired: '请输入模板名称',
    yes: '是', no: '否', supported: 'H5 加固支持单个 HTML 文件或网页应用 zip 包（脚本、页面、样式与资源）。',
    supportedSource: '源代码加固支持 JavaScript 与 TypeScript（Node.js）项目的 zip 包：TypeScript 按项目的 tsconfig 编译后混淆，package.json 的入口（main、exports、bin）保持可用，node_modules 与原生插件（.node）保持不变。其他语言（如 Java、Python、Go、C/C++）暂不支持。',
  },
}, true, false);
i18n.addResourceBundle('en', 'translation', {
  shield: {
    add: 'New hardening', file: 'File name', strategy: 'Strategy', status: 'Status', progress: 'Progress', user: 'User', createdAt: 'Submitted', finishedAt: 'Finished', failMsg: 'Failure reason',
    statuses: { QUEUED: 'Queued', RUNNING: 'Hardening', FINISHED: 'Finished', EXCEPTION: 'Exception' },
    upload: 'Choose file', accept: 'Accepted files: {{list}}', fileRequired: 'Please choose a file', strategyRequired: 'Please choose a strategy', submit: 'Submit', cancel: 'Cancel',
    back: 'Back', download: 'Download', detail: 'Hardening detail', input: 'Input file', output: 'Protected file', size: 'Size', sha256: 'SHA-256', applied: 'Protections applied', verification: 'Verification',
    passed: 'Passed', failed: 'Failed', unverified: 'Not verifiable here', metrics: 'Measurements', noResult: 'No result yet',
    metric: { inputBytes: 'Input size', outputBytes: 'Output size', protectMs: 'Protection time', loadMsBefore: 'Load time before', loadMsAfter: 'Load time after', scriptFiles: 'Script files', inlineScripts: 'Inline scripts', outputFileBytes: 'Output file size', scriptBytesBefore: 'Script size before', scriptBytesAfter: 'Script size after', compiledFiles: 'TypeScript files compiled', entryPoints: 'Entry points verified', testMsBefore: 'Test time before', testMsAfter: 'Test time after' },
    growth: 'Size growth', builtIn: 'Built-in', name: 'Strategy name', description: 'Description', values: 'Settings', addStrategy: 'Add strategy', edit: 'Edit', save: 'Save', nameRequired: 'Please enter the template name',
    yes: 'Yes', no: 'No', supported: 'HTML5 hardening takes a single HTML file or a zip of a web app (scripts, pages, styles and assets).',
    supportedSource: 'Source hardening takes a zip of a JavaScript or TypeScript (Node.js) project: TypeScript is compiled with the project\'s tsconfig, then obfuscated; package.json entry points (main, exports, bin) keep working; node_modules and native addons (.node) are left alone. Other languages (e.g. Java, Python, Go, C/C++) are not supported.',
  },
}, true, false);

/** A server-provided text in the page language. */
export const pick = (t: Texts, lang: string) => (lang === 'en' ? t.en : t['zh-CN']);
