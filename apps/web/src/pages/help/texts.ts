/** Texts of the help and about screens (i18n keys under `help` and `about`). */
import i18n from '../../locales/i18n.ts';

i18n.addResourceBundle('zh', 'translation', {
  help: { search: '搜索帮助', contents: '目录', noMatch: '没有找到包含“{{q}}”的章节', matches: '找到 {{n}} 个章节' },
  about: {
    intro: 'Citadel 是面向安全团队的安全测评与加固平台：提交 Android、iOS、鸿蒙应用及 SDK、源代码、Web 应用、小程序、固件和网络目标进行安全测评，订购应用、SO、SDK、H5 和源代码加固，管理白盒密钥并导出简体中文、繁體中文、英文和日文报告。',
    product: '产品', version: '版本', build: '构建', runtime: '运行环境', licence: '授权状态', licenceUntil: '{{state}}（至 {{date}}）', thirdParty: '第三方软件许可',
    thirdPartyNote: '以下清单由平台安装的软件包自动生成（共 {{n}} 个）。', name: '名称', license: '许可证', homepage: '主页', filter: '筛选',
  },
}, true, false);
i18n.addResourceBundle('en', 'translation', {
  help: { search: 'Search help', contents: 'Contents', noMatch: 'No section contains "{{q}}"', matches: '{{n}} sections found' },
  about: {
    intro: 'Citadel is a security assessment and hardening platform for security teams: submit Android, iOS and Harmony apps and SDKs, source code, web applications, mini-programs, firmware and network targets for assessment, order hardening of apps, SO libraries, SDKs, HTML5 and source code, manage white-box keys and export reports in Simplified Chinese, Traditional Chinese, English and Japanese.',
    product: 'Product', version: 'Version', build: 'Build', runtime: 'Runtime', licence: 'Licence status', licenceUntil: '{{state}} (until {{date}})', thirdParty: 'Third-party licences',
    thirdPartyNote: 'This list is generated from the packages installed with the platform ({{n}} packages).', name: 'Name', license: 'Licence', homepage: 'Home page', filter: 'Filter',
  },
}, true, false);
