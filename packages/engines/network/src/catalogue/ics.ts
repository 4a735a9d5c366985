/**
 * Industrial-internet items. Sources: Modbus Application Protocol v1.1b3 and
 * the Modbus/TCP implementation guide (no authentication in the protocol),
 * IEC 62443-3-3 SR 1.1/1.2 (identification and authentication of users and
 * devices), CISA ICS advisories on exposed control protocols, and the ICS
 * scripts of nmap (modbus-discover) as the reference for what an assessor reads.
 */
import { icsItems } from './define-item.ts';

const readOnly: [string, string] = ['全部探测只使用只读功能码，从不写入设备。', 'Every probe uses read-only function codes; nothing is ever written to a device.'];

export const MODBUS_ITEMS = icsItems('modbus', [
  {
    name: 'exposed',
    risk: 'high',
    cwe: ['CWE-306'],
    owasp: [],
    title: ['Modbus/TCP 无访问控制暴露', 'Modbus/TCP exposed without access control', 'Modbus/TCP 無存取控制暴露', 'Modbus/TCP がアクセス制御なしで公開'],
    purpose: ['检测 Modbus/TCP 服务是否可从扫描位置访问并应答。', 'Checks whether a Modbus/TCP server is reachable from the scanner and answers.'],
    description: ['Modbus 协议本身没有认证，能连到 502 端口的人即可读取过程数据，并可发送写指令改变设备状态。', 'Modbus has no authentication: whoever reaches port 502 can read process data and send writes that change the device.'],
    testingSteps: [`发送读设备标识（0x2B/0x0E）请求读取厂商、产品代码与版本。${readOnly[0]}`, `Send Read Device Identification (0x2B/0x0E) for vendor, product code and revision. ${readOnly[1]}`],
    solution: ['把控制网络与办公、互联网隔离，只允许工程站访问 502 端口，或通过支持认证的网关（Modbus/TCP Security）访问。', 'Separate the control network from office and Internet networks, allow port 502 only from engineering stations, or go through a gateway with authentication (Modbus/TCP Security).'],
  },
  {
    name: 'holding_registers_readable',
    risk: 'high',
    cwe: ['CWE-284'],
    owasp: [],
    title: ['可写寄存器区可被未授权访问', 'Writable register area reachable without authorisation', '可寫暫存器區可被未授權存取', '書き込み可能なレジスタ領域に認証なしで到達可能'],
    purpose: ['以读取保持寄存器证明可写寄存器区可被访问（不做写入）。', 'Proves by reading a holding register that the writable register area is reachable (nothing is written).'],
    description: ['保持寄存器是主站写入设定值的区域；能读取即能以同样方式写入，可改变设定值或控制逻辑。', 'Holding registers are where a master writes set points; whoever can read them can write them the same way and change set points or control logic.'],
    testingSteps: [`发送读保持寄存器（0x03）读取地址 0 的一个寄存器。${readOnly[0]}`, `Send Read Holding Registers (0x03) for one register at address 0. ${readOnly[1]}`],
    solution: ['在网关或防火墙上按功能码过滤（只允许需要的读写来源），并隔离控制网络。', 'Filter by function code at a gateway or firewall (writes only from the stations that need them) and separate the control network.'],
  },
]);

export const DEVICE_ITEMS = icsItems('device', [
  {
    name: 'identity',
    risk: 'info',
    cwe: [],
    owasp: [],
    title: ['工控设备标识', 'Industrial device identity', '工控設備標識', '産業機器の識別情報'],
    purpose: ['列出读到的工控设备厂商、型号、固件版本等标识。', 'Lists the vendor, model and firmware version read from industrial devices.'],
    description: ['设备标识让攻击者可以针对具体型号与固件版本查找漏洞。', 'Device identities let an attacker look up vulnerabilities of the exact model and firmware.'],
    testingSteps: [`用各工控协议的标识请求读取设备信息。${readOnly[0]}`, `Read device information with each control protocol's identity request. ${readOnly[1]}`],
    solution: ['不需要时关闭设备标识功能，并限制对控制协议端口的访问。', 'Turn device identification off where it is not needed and restrict access to control protocol ports.'],
  },
  {
    name: 'known_cve',
    risk: 'high',
    cwe: ['CWE-1104'],
    owasp: [],
    title: ['设备固件存在已知漏洞', 'Device firmware with known vulnerabilities', '設備韌體存在已知漏洞', '機器のファームウェアに既知の脆弱性'],
    purpose: ['根据读到的厂商、型号与固件版本查询漏洞库中的已知 CVE。', 'Looks up known CVEs for the vendor, model and firmware version read from the device.'],
    description: ['过时的固件可能存在公开的可利用漏洞，工控设备往往多年不升级。', 'Outdated firmware may have public, exploitable vulnerabilities, and control devices often go years without updates.'],
    testingSteps: ['把读到的设备标识在漏洞库（OSV/NVD）中按版本范围匹配。', 'Match the device identity against version ranges in the vulnerability database (OSV/NVD).'],
    solution: ['按厂商公告升级固件，无法升级时以网络隔离与监控缓解。', 'Upgrade the firmware per the vendor\'s advisory; where that is impossible, mitigate with segmentation and monitoring.'],
  },
]);

export const ENIP_ITEMS = icsItems('enip', [
  {
    name: 'exposed',
    risk: 'high',
    cwe: ['CWE-306'],
    owasp: [],
    title: ['EtherNet/IP 无访问控制暴露', 'EtherNet/IP exposed without access control', 'EtherNet/IP 無存取控制暴露', 'EtherNet/IP がアクセス制御なしで公開'],
    purpose: ['检测 EtherNet/IP（CIP）设备是否可从扫描位置访问并应答身份请求。', 'Checks whether an EtherNet/IP (CIP) device is reachable from the scanner and answers identity requests.'],
    description: ['EtherNet/IP 的显式报文没有认证（CIP Security 未普及），能连到 44818 端口的人即可读取并修改控制器的标签与配置。', 'EtherNet/IP explicit messaging has no authentication (CIP Security is rare): whoever reaches port 44818 can read and change the controller\'s tags and configuration.'],
    testingSteps: [`发送无需会话的 ListIdentity（0x0063）读取厂商、产品、版本与序列号。${readOnly[0]}`, `Send ListIdentity (0x0063, no session) for vendor, product, revision and serial number. ${readOnly[1]}`],
    solution: ['隔离控制网络，只允许工程站访问 44818 端口，支持时启用 CIP Security。', 'Separate the control network, allow port 44818 only from engineering stations, and enable CIP Security where supported.'],
  },
]);
