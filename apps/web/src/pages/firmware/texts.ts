/** Texts of the firmware screens (i18n keys under `firmware`). */
import i18n from '../../locales/i18n.ts';

i18n.addResourceBundle('zh', 'translation', {
  firmware: {
    listHint: '固件测评：解包路由器、物联网设备固件（TP-Link、uImage、TRX 等厂商头，squashfs 3.x/4.0、cpio、tar、romfs，LZMA、xz、zstd、gzip，设备树），检查账号口令、组件漏洞、二进制防护、开机服务、私钥证书与 Web 界面。',
    target: '固件镜像',
    targetHint: '支持 BIN、IMG、TRX。镜像在服务端解包，符号链接不跟随，设备节点不创建。',
    compare: '固件对比',
    preview: '预览',
    regions: '镜像区域', offset: '偏移', length: '长度', kind: '类型', handler: '格式', entropy: '熵', detail: '说明',
    filesystems: '文件系统', declared: '超级块声明', read: '已读出',
    tree: '文件树', search: '按路径搜索', file: '文件', size: '大小', mode: '权限', sha1: 'SHA-1', linkTo: '链接到', noFileFindings: '该文件没有检测发现。', fileFindings: '该文件的检测发现', pickFile: '在左侧选择文件查看详情。',
    components: '软件组件', name: '名称', version: '版本', locations: '位置', cves: '匹配的漏洞',
    services: '网络服务', atBoot: '开机启动', shipped: '仅随附',
    allFindings: '全部检测项',
    taskA: '测评 A（任务编号）', taskB: '测评 B（任务编号）', run: '对比', onlyA: '仅在 A 中', onlyB: '仅在 B 中', changed: '已变更', unchanged: '未变更 {{n}} 个文件',
    added: '新增', removed: '移除', compChanged: '版本变更', newFindings: '新增问题', fixedFindings: '已修复问题', rule: '检测项', evidence: '证据',
    regionKinds: { header: '头部', filesystem: '文件系统', compressed: '压缩数据', bootloader: '引导程序', padding: '填充', unknown: '未识别' },
    nodeTypes: { file: '文件', dir: '目录', symlink: '符号链接', chardev: '字符设备', blockdev: '块设备', fifo: '管道', socket: '套接字' },
    serviceKinds: { telnet: 'Telnet', ssh: 'SSH', web: 'Web 服务', upnp: 'UPnP', tr069: 'TR-069 远程管理', tftp: 'TFTP', ftp: 'FTP', dns_dhcp: 'DNS/DHCP', smb: 'SMB 文件共享', snmp: 'SNMP', debug: '调试工具' },
    needTwo: '请输入两个已完成的固件测评任务编号。', notFirmware: '两个任务都必须是已完成的固件测评。',
    viewer: { title: '文件内容', download: '下载文件', symlink: '符号链接，指向 {{target}}', textWindow: '第 {{from}}–{{to}} 字节，共 {{size}} 字节（按页查看）', noGrant: '查看和下载文件内容需要固件测评的下载权限。' },
    diff: { notText: '不是文本文件，不显示逐行差异。', tooLong: '文件过长，不显示逐行差异。', same: '文本内容相同。' },
  },
}, true, false);
i18n.addResourceBundle('en', 'translation', {
  firmware: {
    listHint: 'Firmware assessment: router and IoT images are unpacked (TP-Link, uImage and TRX headers; squashfs 3.x/4.0, cpio, tar, romfs; LZMA, xz, zstd, gzip; device trees) and checked for passwords, vulnerable components, binary protections, services at boot, keys and certificates, and the web interface.',
    target: 'Firmware image',
    targetHint: 'BIN, IMG or TRX. The image is unpacked on the server; symlinks are never followed and device nodes never created.',
    compare: 'Compare firmware',
    preview: 'Preview',
    regions: 'Image regions', offset: 'Offset', length: 'Length', kind: 'Kind', handler: 'Format', entropy: 'Entropy', detail: 'Detail',
    filesystems: 'File systems', declared: 'Declared by superblock', read: 'Read',
    tree: 'Files', search: 'Search by path', file: 'File', size: 'Size', mode: 'Mode', sha1: 'SHA-1', linkTo: 'Links to', noFileFindings: 'No findings for this file.', fileFindings: 'Findings for this file', pickFile: 'Pick a file on the left to see its details.',
    components: 'Software components', name: 'Name', version: 'Version', locations: 'Locations', cves: 'Matched vulnerabilities',
    services: 'Network services', atBoot: 'Started at boot', shipped: 'Shipped only',
    allFindings: 'All items',
    taskA: 'Assessment A (task number)', taskB: 'Assessment B (task number)', run: 'Compare', onlyA: 'Only in A', onlyB: 'Only in B', changed: 'Changed', unchanged: '{{n}} files unchanged',
    added: 'Added', removed: 'Removed', compChanged: 'Version changed', newFindings: 'New findings', fixedFindings: 'Fixed findings', rule: 'Item', evidence: 'Evidence',
    regionKinds: { header: 'Header', filesystem: 'File system', compressed: 'Compressed data', bootloader: 'Bootloader', padding: 'Padding', unknown: 'Unidentified' },
    nodeTypes: { file: 'File', dir: 'Directory', symlink: 'Symbolic link', chardev: 'Character device', blockdev: 'Block device', fifo: 'FIFO', socket: 'Socket' },
    serviceKinds: { telnet: 'Telnet', ssh: 'SSH', web: 'Web server', upnp: 'UPnP', tr069: 'TR-069 remote management', tftp: 'TFTP', ftp: 'FTP', dns_dhcp: 'DNS/DHCP', smb: 'SMB file sharing', snmp: 'SNMP', debug: 'Debugging tool' },
    needTwo: 'Enter two finished firmware assessment task numbers.', notFirmware: 'Both tasks must be finished firmware assessments.',
    viewer: { title: 'Contents', download: 'Download file', symlink: 'Symbolic link to {{target}}', textWindow: 'Bytes {{from}}–{{to}} of {{size}} (paged)', noGrant: 'Viewing and downloading file contents needs the firmware evaluation download permission.' },
    diff: { notText: 'Not a text file: no line diff.', tooLong: 'The file is too long for a line diff.', same: 'The texts are the same.' },
  },
}, true, false);
