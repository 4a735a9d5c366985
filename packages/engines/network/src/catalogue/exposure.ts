/**
 * What a network exposes beyond access control: management and database ports
 * reachable from the scanner, protocols that carry credentials in clear
 * (Telnet RFC 854, FTP RFC 959), and versions with known vulnerabilities
 * (packages/vulndb). The service inventory is an informational item so every
 * report lists what was found.
 */
import { networkItems } from './define-item.ts';

export const SERVICE_ITEMS = networkItems('service', [
  {
    name: 'inventory',
    risk: 'info',
    cwe: [],
    owasp: [],
    title: ['开放端口与服务清单', 'Open ports and services', '開放連接埠與服務清單', '開いているポートとサービスの一覧'],
    purpose: ['列出每台主机开放的 TCP 端口及识别出的服务、产品与版本。', 'Lists every host\'s open TCP ports with the service, product and version identified.'],
    description: ['服务清单是评估攻击面的基础：每个开放端口都是可被攻击的入口。', 'The service inventory is the attack surface: every open port is a way in.'],
    testingSteps: ['在管理员的扫描策略内做 TCP 全连接扫描，对开放端口用依据协议规范编写的探测报文识别服务与版本。', 'A TCP connect scan within the administrator\'s scan policy; open ports are identified with probes written from the protocols\' specifications.'],
    solution: ['关闭不需要的服务，其余服务只对需要的网络开放。', 'Close services that are not needed and open the rest only to the networks that need them.'],
  },
  {
    name: 'admin_port_exposed',
    risk: 'medium',
    cwe: ['CWE-284'],
    owasp: ['A05:2021'],
    title: ['数据库或管理端口暴露', 'Database or management port exposed', '資料庫或管理連接埠暴露', 'データベースまたは管理ポートが公開'],
    purpose: ['检测数据库、消息队列、缓存、远程桌面与容器管理等端口是否可从扫描位置访问。', 'Checks whether database, message broker, cache, remote desktop and container management ports are reachable from the scanner.'],
    description: ['这类服务本应只对应用服务器开放，暴露后即可被暴力破解或利用其漏洞。', 'Such services should be reachable only from application servers; exposed, they invite brute force and exploits.'],
    testingSteps: ['对开放端口识别服务，服务类型属于数据库、消息、缓存、远程管理或容器管理时报告。', 'Identify the service on each open port and report database, messaging, cache, remote management and container management services.'],
    solution: ['用防火墙或安全组把这些端口限制在需要访问的主机上，或改为仅监听内网地址。', 'Limit these ports to the hosts that need them with a firewall or security group, or listen on internal addresses only.'],
  },
  {
    name: 'cleartext_protocol',
    risk: 'medium',
    cwe: ['CWE-319'],
    owasp: ['A02:2021'],
    title: ['使用明文协议传输凭据', 'Cleartext protocol carries credentials', '使用明文協定傳輸憑證', '平文プロトコルで認証情報を送信'],
    purpose: ['检测 Telnet、FTP 等以明文传输口令的服务。', 'Checks for services such as Telnet and FTP that send passwords in clear.'],
    description: ['明文协议的口令与数据可在网络中被嗅探。', 'Passwords and data of cleartext protocols can be sniffed on the network.'],
    testingSteps: ['识别服务的问候报文（Telnet 选项协商、FTP 220 应答），且服务未要求 TLS。', 'Recognise the service greeting (Telnet option negotiation, FTP 220 reply) of services that do not require TLS.'],
    solution: ['以 SSH、SFTP 或 FTPS 取代 Telnet 与 FTP。', 'Replace Telnet and FTP with SSH, SFTP or FTPS.'],
  },
  {
    name: 'dns_open_recursion',
    risk: 'medium',
    cwe: ['CWE-406'],
    owasp: ['A05:2021'],
    title: ['DNS 开放递归', 'DNS server open for recursion', 'DNS 開放遞迴', 'DNS サーバーがオープンリゾルバー'],
    purpose: ['检测 DNS 服务器是否为扫描位置递归解析任意域名。', 'Checks whether the DNS server resolves arbitrary names recursively for the scanner.'],
    description: ['开放递归的服务器可被用于 DNS 放大攻击与缓存投毒，还会泄露内部解析记录（RFC 5358）。', 'An open resolver is used for DNS amplification attacks and cache poisoning, and leaks internal lookups (RFC 5358).'],
    testingSteps: ['发送一个设置 RD 标志的查询，询问服务器不应负责的域名，应答带 RA 标志且未被拒绝即为开放递归；另发送 version.bind CHAOS TXT 查询读取版本。只发送查询。', 'Send one query with RD set for a name the server should not be authoritative for; an answer with RA set that is not refused means open recursion. A version.bind CHAOS TXT query reads the version. Only queries are sent.'],
    solution: ['只对内部网络提供递归（BIND: allow-recursion；Unbound: access-control），并隐藏版本（version "none"）。', 'Offer recursion to internal networks only (BIND allow-recursion, Unbound access-control) and hide the version (version "none").'],
  },
]);

export const VULN_ITEMS = networkItems('vuln', [
  {
    name: 'known_cve',
    risk: 'high',
    cwe: ['CWE-1104'],
    owasp: ['A06:2021'],
    title: ['服务版本存在已知漏洞', 'Service version with known vulnerabilities', '服務版本存在已知漏洞', 'サービスのバージョンに既知の脆弱性'],
    purpose: ['根据识别出的产品与版本查询漏洞库中的已知 CVE。', 'Looks up known CVEs for the identified product and version in the vulnerability database.'],
    description: ['过时的服务版本可能存在公开的可利用漏洞。', 'Outdated service versions may have public, exploitable vulnerabilities.'],
    testingSteps: ['把识别出的产品与版本在漏洞库（OSV/NVD）中按版本范围匹配。', 'Match the identified product and version against version ranges in the vulnerability database (OSV/NVD).'],
    solution: ['升级到厂商已修复这些漏洞的版本。', 'Upgrade to a version in which the vendor fixed these vulnerabilities.'],
  },
]);
