/** Texts of the software-component screens (i18n keys under `sca`). */
import i18n from '../../locales/i18n.ts';

i18n.addResourceBundle('zh', 'translation', {
  sca: {
    listHint: '软件成分分析：读取项目的锁文件与清单（npm、yarn、pnpm、pip、Pipfile、Poetry、Go、Cargo、Composer、Bundler、Maven、JAR），列出组件及依赖路径，并与漏洞库比对已知漏洞。',
    target: '项目文件',
    targetHint: '上传项目的 ZIP 或 tar.gz 压缩包；其中的 package-lock.json、yarn.lock、pnpm-lock.yaml、requirements.txt、Pipfile.lock、poetry.lock、go.mod、Cargo.lock、composer.lock、Gemfile.lock、pom.xml 与 JAR/WAR 会被读取，node_modules 等安装目录会被跳过。',
    overview: '概览', manifests: '清单文件', format: '格式', packages: '组件数', notes: '说明',
    componentCount: '组件', vulnerableCount: '有漏洞的组件', vulnCount: '漏洞', unpinnedCount: '版本未锁定',
    noData: '未配置漏洞库，组件未与已知漏洞比对。请在“系统管理 → 漏洞库”导入数据。',
    components: '组件', vulnerabilities: '漏洞', search: '按名称搜索', filterAll: '全部组件', filterVulnerable: '仅有漏洞的', filterUnpinned: '仅版本未锁定的',
    name: '名称', version: '版本', ecosystem: '生态', scope: '范围', direct: '直接依赖', transitive: '间接依赖', dev: '开发', files: '来源文件', path: '依赖路径', paths: '全部依赖路径',
    fix: '最小修复版本', fixPartial: '{{v}}（仍有其他漏洞）', noFix: '无已知修复版本', unpinned: '版本未锁定', vulnIds: '编号', level: '等级', score: '评分', component: '组件', fixed: '修复版本', summary: '描述',
    levels: { critical: '严重', high: '高危', medium: '中危', low: '低危', unknown: '未评级' },
    allFindings: '全部检测项', none: '无',
  },
}, true, false);
i18n.addResourceBundle('en', 'translation', {
  sca: {
    listHint: 'Software composition analysis: reads the project\'s lockfiles and manifests (npm, yarn, pnpm, pip, Pipfile, Poetry, Go, Cargo, Composer, Bundler, Maven, JARs), lists the components with their dependency paths and matches them against the vulnerability data.',
    target: 'Project',
    targetHint: 'Upload the project as a ZIP or tar.gz; its package-lock.json, yarn.lock, pnpm-lock.yaml, requirements.txt, Pipfile.lock, poetry.lock, go.mod, Cargo.lock, composer.lock, Gemfile.lock, pom.xml and JAR/WAR files are read; installed folders such as node_modules are skipped.',
    overview: 'Overview', manifests: 'Manifests', format: 'Format', packages: 'Components', notes: 'Notes',
    componentCount: 'Components', vulnerableCount: 'Vulnerable components', vulnCount: 'Vulnerabilities', unpinnedCount: 'Versions not pinned',
    noData: 'No vulnerability data is configured: the components were not matched against known vulnerabilities. Import it under System → Vulnerability data.',
    components: 'Components', vulnerabilities: 'Vulnerabilities', search: 'Search by name', filterAll: 'All components', filterVulnerable: 'Vulnerable only', filterUnpinned: 'Not pinned only',
    name: 'Name', version: 'Version', ecosystem: 'Ecosystem', scope: 'Scope', direct: 'Direct', transitive: 'Transitive', dev: 'Dev', files: 'Declared in', path: 'Dependency path', paths: 'All dependency paths',
    fix: 'Minimal fixing version', fixPartial: '{{v}} (other vulnerabilities remain)', noFix: 'No fixed version known', unpinned: 'Not pinned', vulnIds: 'Ids', level: 'Severity', score: 'Score', component: 'Component', fixed: 'Fixed in', summary: 'Summary',
    levels: { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low', unknown: 'Not rated' },
    allFindings: 'All items', none: 'None',
  },
}, true, false);
