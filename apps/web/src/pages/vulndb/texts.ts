/** Texts of System → 漏洞库 (i18n keys under `vulndb`). */
import i18n from '../../locales/i18n.ts';

i18n.addResourceBundle('zh', 'translation', {
  vulndb: {
    sources: '数据源', source: '数据源', records: '记录数', bad: '错误记录', newest: '最新修改', age: '数据时效', ageDays: '{{n}} 天前', lastImport: '最近导入', never: '从未',
    total: '共 {{n}} 条漏洞记录', empty: '尚未导入漏洞数据',
    import: '导入', importUpload: '上传导入', uploadHint: '选择 OSV all.zip 或 NVD CVE JSON 压缩包', importFolder: '从服务器目录导入', folderPath: '服务器路径', folderPlaceholder: '例如 /data/osv 或 /data/osv/PyPI/all.zip',
    start: '开始导入', started: '导入已开始', adminOnly: '仅平台管理员可导入或修改漏洞数据',
    job: '导入任务', jobKinds: { upload: '上传', folder: '服务器目录', mirror: '镜像' }, status: { running: '导入中', finished: '已完成', failed: '失败' },
    jobStats: '读取 {{read}} 条，新增 {{added}} 条，更新 {{updated}} 条，未变 {{unchanged}} 条，错误 {{bad}} 条', duration: '耗时 {{s}} 秒', badExamples: '错误记录示例',
    mirror: '镜像同步', mirrorUrl: '镜像地址', mirrorUrlHint: '内部镜像的 zip 文件地址（http/https），留空表示关闭', interval: '同步间隔（小时）', intervalHint: '0 表示不定时同步',
    mirrorOff: '未开启', lastFetch: '最近同步', save: '保存', saved: '已保存', fetchNow: '立即同步',
    lookup: '漏洞查询', lookupKind: { purl: '软件包 (purl)', component: '组件', device: '设备' }, purlPlaceholder: '例如 pkg:npm/marked@0.3.5', component: '组件名', version: '版本', vendor: '厂商', model: '型号', firmware: '固件版本', query: '查询',
    result: '查询结果', noVulns: '未发现已知漏洞', id: '漏洞编号', aliases: '别名', level: '等级', score: '评分', fixed: '修复版本', summary: '描述', conditions: '适用条件',
    levels: { critical: '严重', high: '高危', medium: '中危', low: '低危', none: '无' },
  },
}, true, false);

i18n.addResourceBundle('en', 'translation', {
  vulndb: {
    sources: 'Sources', source: 'Source', records: 'Records', bad: 'Bad records', newest: 'Newest change', age: 'Data age', ageDays: '{{n}} days ago', lastImport: 'Last import', never: 'Never',
    total: '{{n}} vulnerability records in all', empty: 'No vulnerability data imported yet',
    import: 'Import', importUpload: 'Upload and import', uploadHint: 'Choose an OSV all.zip or a zip of NVD CVE JSON records', importFolder: 'Import from a server folder', folderPath: 'Server path', folderPlaceholder: 'e.g. /data/osv or /data/osv/PyPI/all.zip',
    start: 'Start import', started: 'Import started', adminOnly: 'Only the platform administrator can import or change vulnerability data',
    job: 'Import job', jobKinds: { upload: 'Upload', folder: 'Server folder', mirror: 'Mirror' }, status: { running: 'Importing', finished: 'Finished', failed: 'Failed' },
    jobStats: '{{read}} read, {{added}} added, {{updated}} updated, {{unchanged}} unchanged, {{bad}} bad', duration: '{{s}} s', badExamples: 'Bad record examples',
    mirror: 'Mirror', mirrorUrl: 'Mirror URL', mirrorUrlHint: 'http(s) URL of a zip on an internal mirror; empty = off', interval: 'Interval (hours)', intervalHint: '0 = no scheduled fetch',
    mirrorOff: 'Off', lastFetch: 'Last fetch', save: 'Save', saved: 'Saved', fetchNow: 'Fetch now',
    lookup: 'Look up', lookupKind: { purl: 'Package (purl)', component: 'Component', device: 'Device' }, purlPlaceholder: 'e.g. pkg:npm/marked@0.3.5', component: 'Component', version: 'Version', vendor: 'Vendor', model: 'Model', firmware: 'Firmware version', query: 'Look up',
    result: 'Result', noVulns: 'No known vulnerabilities', id: 'ID', aliases: 'Aliases', level: 'Level', score: 'Score', fixed: 'Fixed in', summary: 'Summary', conditions: 'Only with',
    levels: { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low', none: 'None' },
  },
}, true, false);
