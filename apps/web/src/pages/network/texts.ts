/** Texts of the network vulnerability and industrial-internet screens (i18n keys under `network`, and their target fields under `result.target`). */
import i18n from '../../locales/i18n.ts';

i18n.addResourceBundle('zh', 'translation', {
  network: {
    targets: '扫描目标', targetsHelp: '主机名、IP 地址或 CIDR 网段，以逗号、空格或换行分隔', targetsRequired: '请输入扫描目标', targetsInvalid: '扫描目标格式不正确：{{entry}}',
    ports: '端口', portsHelp: '如 22,80,8000-8100；留空使用默认端口列表', portsInvalid: '端口格式不正确',
    udpPorts: 'UDP 端口', udpPortsHelp: '按协议探测（SNMP、DNS、BACnet），如 53,161,47808；两项端口都留空时使用默认 UDP 端口，只填写 TCP 端口时不扫描 UDP',
    rate: '连接速率（次/秒）', rateHelp: '每秒发起的连接数，不超过管理员设定的上限 {{max}}',
    policy: '扫描策略', policyNote: '扫描策略由管理员在配置中设定，任务参数不能放宽。链路本地地址与云元数据地址始终禁止扫描。',
    loopback: '回环地址', private: '内网地址', allowed: '允许', refused: '禁止', allowNetworks: '额外允许的网段', denyNetworks: '禁止的网段', maxRate: '速率上限', none: '无',
    readOnly: '所有检测均为只读：只做协议握手、匿名或默认口令登录后立即断开，从不写入服务或设备。',
    submit: '提交', back: '返回', submitted: '操作成功',
    hosts: '主机与服务', host: '主机', port: '端口', transport: '协议', service: '服务', product: '产品', version: '版本', access: '访问', identity: '设备标识', details: '服务详情', findings: '检测问题', noHosts: '未发现开放端口',
    accessOpen: '无需认证', accessAuth: '需要认证', accessRefused: '拒绝连接',
    download: '导出清单', downloadCsv: '导出 CSV', downloadJson: '导出 JSON',
  },
  result: { target: { targets: '扫描目标', hosts: '主机', hosts_scanned: '扫描主机数', ports_scanned: '扫描端口数', udp_ports_scanned: '扫描 UDP 端口数', open_ports: '开放端口', closed_ports: '关闭端口', filtered_ports: '被过滤端口', connections: '连接次数' } },
}, true, false);

i18n.addResourceBundle('en', 'translation', {
  network: {
    targets: 'Targets', targetsHelp: 'Host names, IP addresses or CIDR ranges, separated by commas, spaces or new lines', targetsRequired: 'Please enter the targets', targetsInvalid: 'Not a host, address or range: {{entry}}',
    ports: 'Ports', portsHelp: 'e.g. 22,80,8000-8100; empty for the default port list', portsInvalid: 'Invalid port list',
    udpPorts: 'UDP ports', udpPortsHelp: 'Probed protocol by protocol (SNMP, DNS, BACnet), e.g. 53,161,47808; the default UDP ports when both port fields are empty, no UDP when only TCP ports are given',
    rate: 'Connection rate (per second)', rateHelp: 'Connections opened per second, at most the administrator\'s limit of {{max}}',
    policy: 'Scan policy', policyNote: 'The scan policy is set by the administrator in configuration; a task cannot widen it. Link-local and cloud metadata addresses are always refused.',
    loopback: 'Loopback', private: 'Private ranges', allowed: 'Allowed', refused: 'Refused', allowNetworks: 'Also allowed', denyNetworks: 'Denied networks', maxRate: 'Rate limit', none: 'None',
    readOnly: 'Every check is read-only: protocol handshakes and anonymous or default-credential logins that disconnect at once; nothing is ever written to a service or device.',
    submit: 'Submit', back: 'Back', submitted: 'Done',
    hosts: 'Hosts and services', host: 'Host', port: 'Port', transport: 'Transport', service: 'Service', product: 'Product', version: 'Version', access: 'Access', identity: 'Device identity', details: 'Details', findings: 'Problems found', noHosts: 'No open port found',
    accessOpen: 'No authentication', accessAuth: 'Authentication required', accessRefused: 'Refused',
    download: 'Export', downloadCsv: 'Export CSV', downloadJson: 'Export JSON',
  },
  result: { target: { targets: 'Targets', hosts: 'Hosts', hosts_scanned: 'Hosts scanned', ports_scanned: 'Ports scanned', udp_ports_scanned: 'UDP ports scanned', open_ports: 'Open ports', closed_ports: 'Closed ports', filtered_ports: 'Filtered ports', connections: 'Connections' } },
}, true, false);
