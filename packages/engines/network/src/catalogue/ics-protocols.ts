/**
 * Exposure items of the further control protocols, one per protocol, all
 * "reachable and answering without authentication". Sources: ANSI/ASHRAE
 * 135 (BACnet, no authentication before BACnet/SC), Siemens S7comm as
 * documented by its Wireshark dissector and the S7 security advisories,
 * IEC 60870-5-104 and IEC 62351-3/-5 (its later security), IEEE 1815 (DNP3;
 * Secure Authentication optional), Tridium Niagara hardening guide (Fox on
 * 1911 in clear), OMRON FINS command reference (W342), IEC 62443-3-3 SR 1.1.
 */
import { icsItems } from './define-item.ts';

const ro: [string, string] = ['只发送该协议的只读请求，从不写入设备。', 'Only the protocol\'s read requests are sent; nothing is ever written to the device.'];
const isolate: [string, string] = ['隔离控制网络，只允许工程站与上位机访问该端口，必要时经过支持认证与加密的网关或 VPN。', 'Separate the control network, allow the port only from engineering stations and SCADA hosts, and go through an authenticating, encrypting gateway or VPN where needed.'];

const exposed = (name: string, proto: string, port: string, zhWhat: string, enWhat: string, zhRisk: string, enRisk: string, zhSteps: string, enSteps: string, zhTw: string, ja: string) => ({
  name: 'exposed',
  risk: 'high' as const,
  cwe: ['CWE-306'],
  owasp: [],
  title: [`${proto} 无访问控制暴露`, `${proto} exposed without access control`, zhTw, ja] as [string, string, string, string],
  purpose: [`检测 ${proto}（${zhWhat}）是否可从扫描位置访问并应答。`, `Checks whether ${proto} (${enWhat}) is reachable from the scanner and answers.`] as [string, string],
  description: [`${proto} 本身没有认证：能连到 ${port} 端口的人即可${zhRisk}`, `${proto} has no authentication of its own: whoever reaches port ${port} can ${enRisk}`] as [string, string],
  testingSteps: [`${zhSteps}${ro[0]}`, `${enSteps} ${ro[1]}`] as [string, string],
  solution: isolate,
  category: name,
});

const specs = [
  exposed('bacnet', 'BACnet/IP', 'UDP 47808', '楼宇自控', 'building automation', '读取全部对象并写入设定值、启停设备。', 'read every object, write set points and start or stop equipment.', '单播发送 Who-Is 取得 I-Am，再以 ReadProperty 读取设备对象的厂商、型号、固件版本与名称。', 'Send a unicast Who-Is for the I-Am, then ReadProperty of the device object\'s vendor, model, firmware revision and name.', 'BACnet/IP 無存取控制暴露', 'BACnet/IP がアクセス制御なしで公開'),
  exposed('s7comm', 'S7comm', 'TCP 102', '西门子 S7 PLC', 'Siemens S7 PLCs', '读写过程数据、下载程序或停止 CPU。', 'read and write process data, download programs or stop the CPU.', '建立 COTP 连接（TSAP 0x0100/0x0102），发送 Setup Communication，再以 SZL 读取 0x0011（模块标识）与 0x001C（组件标识）。', 'Open a COTP connection (TSAP 0x0100/0x0102), send Setup Communication, then read SZL 0x0011 (module identification) and 0x001C (component identification).', 'S7comm 無存取控制暴露', 'S7comm がアクセス制御なしで公開'),
  exposed('iec104', 'IEC 60870-5-104', 'TCP 2404', '电力远动', 'power-grid telecontrol', '读取全部遥测遥信并下发遥控命令。', 'read every measurement and send control commands.', '发送 STARTDT act 与 TESTFR act，等待对应的 con 确认，随后发送 STOPDT 并断开。', 'Send STARTDT act and TESTFR act, wait for their con confirmations, then send STOPDT and disconnect.', 'IEC 60870-5-104 無存取控制暴露', 'IEC 60870-5-104 がアクセス制御なしで公開'),
  exposed('dnp3', 'DNP3', 'TCP 20000', '电力与水务 SCADA', 'power and water SCADA', '读取数据点并发送控制命令（未启用安全认证时）。', 'read points and send control commands (without Secure Authentication).', '发送数据链路层 REQUEST LINK STATUS 帧，读取 LINK STATUS 应答中的外站地址，再发送一次应用层 READ（组 0 设备属性 g0v254），读取厂商、型号、软件版本与序列号。', 'Send a data-link REQUEST LINK STATUS frame and read the outstation address from the LINK STATUS answer, then one application READ of the device attributes (Group 0, g0v254) for vendor, model, software version and serial number.', 'DNP3 無存取控制暴露', 'DNP3 がアクセス制御なしで公開'),
  exposed('fox', 'Niagara Fox', 'TCP 1911', 'Tridium Niagara 楼宇平台', 'the Tridium Niagara building platform', '获取站点名、主机与版本信息并尝试登录，且通信为明文。', 'learn station, host and version details and try logins, all in clear.', '发送 fox hello 报文，读取应答中的站点名、主机名、Niagara 与 JVM 版本。', 'Send the fox hello message and read station name, host name, Niagara and JVM versions from the answer.', 'Niagara Fox 無存取控制暴露', 'Niagara Fox がアクセス制御なしで公開'),
  exposed('fins', 'OMRON FINS', 'TCP 9600', '欧姆龙 PLC', 'OMRON PLCs', '读写内存区、改变运行模式。', 'read and write memory areas and change the operating mode.', '完成 FINS/TCP 节点地址交换，发送控制器数据读取（0x0501），读取型号与版本。', 'Complete the FINS/TCP node address exchange and send Controller Data Read (0x0501) for the model and version.', 'OMRON FINS 無存取控制暴露', 'OMRON FINS がアクセス制御なしで公開'),
];

export const ICS_PROTOCOL_ITEMS = [
  ...specs.flatMap(({ category, ...spec }) => icsItems(category, [spec])),
  // OPC UA (OPC 10000-2 security model, 10000-4 §7.41 UserTokenPolicy) has authentication; the finding is an endpoint that waives it.
  ...icsItems('opcua', [
    {
      name: 'anonymous',
      risk: 'high',
      cwe: ['CWE-306'],
      owasp: [],
      title: ['OPC UA 允许匿名访问', 'OPC UA allows anonymous access', 'OPC UA 允許匿名存取', 'OPC UA が匿名アクセスを許可'],
      purpose: ['检测 OPC UA 服务器是否提供接受匿名用户令牌的端点，以及是否提供安全模式 None。', 'Checks whether the OPC UA server offers an endpoint that accepts the Anonymous user token, and whether it offers security mode None.'],
      description: ['匿名端点让任何能连到 4840 端口的人创建会话、浏览并读写地址空间中的变量与方法；安全模式 None 时通信既不签名也不加密。', 'An anonymous endpoint lets whoever reaches port 4840 create a session, browse, read and write variables and call methods; with security mode None the traffic is neither signed nor encrypted.'],
      testingSteps: [`发送 Hello，以 SecurityPolicy None 打开安全通道（发现服务允许），调用 GetEndpoints 读取各端点的安全模式、策略与用户令牌类型；若 None 端点列出匿名令牌，则 CreateSession 并以匿名身份 ActivateSession，返回 Good 即证明匿名访问，再读取 Server.ServerStatus.BuildInfo（产品、厂商、软件版本、构建号），随后 CloseSession 并关闭通道；不写变量、不调用方法、不建订阅。${ro[0]}`, `Send Hello, open a secure channel with SecurityPolicy None (allowed for discovery), call GetEndpoints for each endpoint's security mode, policy and user token types; when the None endpoint lists the Anonymous token, CreateSession and ActivateSession as the anonymous user — Good proves anonymous access — then Read Server.ServerStatus.BuildInfo (product, vendor, software version, build number), CloseSession and close the channel; no variable is written, no method called, no subscription created. ${ro[1]}`],
      solution: ['删除匿名用户令牌与安全模式 None 的端点，只保留 SignAndEncrypt 与用户名或证书认证，并隔离控制网络。', 'Remove the Anonymous user token and security mode None endpoints, keep SignAndEncrypt with user name or certificate authentication, and separate the control network.'],
    },
  ]),
];
