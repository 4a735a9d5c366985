/** The image itself: unpacking, identity, components and their known vulnerabilities. */
import { IOT_TOP10, firmwareItems } from './define-item.ts';

export const UNPACK = firmwareItems('unpack', [
  {
    name: 'structure',
    risk: 'info',
    cwe: [],
    owasp: [],
    title: ['固件结构与解包结果', 'Image structure and unpacking', '韌體結構與解包結果', 'イメージ構造と展開結果'],
    purpose: ['列出固件镜像的每个区域及解出的文件系统，并与超级块声明的数量比对。', 'Lists every region of the image and the file systems unpacked from it, compared with what their superblocks declare.', 'イメージのすべての領域と展開したファイルシステムを一覧にし、スーパーブロックが宣言する数と比較します。'],
    description: [
      '固件由厂商头、引导程序、压缩内核与根文件系统等区域组成。只有完整解包，后续的账号、组件、二进制与配置检查才有依据；无法识别的区域按偏移与熵值列出，高熵区域可能是加密或未支持的格式。',
      'An image is made of vendor headers, a boot loader, a compressed kernel and a root file system. Only a complete unpacking gives the later checks (accounts, components, binaries, configuration) their ground; regions that are not recognised are listed with offset and entropy, and high entropy may mean encryption or an unsupported format.',
      'イメージはベンダーヘッダー、ブートローダー、圧縮カーネル、ルートファイルシステムなどの領域から成ります。完全に展開できて初めて、アカウント、コンポーネント、バイナリ、設定の検査に根拠が生まれます。認識できない領域はオフセットとエントロピー付きで一覧にし、エントロピーが高い領域は暗号化または未対応の形式の可能性があります。',
    ],
    testingSteps: [
      '按格式特征（TP-Link 头、uImage、squashfs 3.x/4.0、LZMA、gzip）识别并切分区域，解压并递归扫描，读取文件系统全部节点；符号链接只记录目标、不跟随，设备节点不创建。',
      'Recognise and carve regions by format signatures (TP-Link header, uImage, squashfs 3.x/4.0, LZMA, gzip), decompress and scan again, read every node of each file system; symlinks are recorded, never followed, and device nodes are never created.',
      '形式のシグネチャ（TP-Link ヘッダー、uImage、squashfs 3.x/4.0、LZMA、gzip）で領域を識別して切り出し、展開して再帰的に走査し、各ファイルシステムの全ノードを読み取ります。シンボリックリンクは記録のみで辿らず、デバイスノードは作成しません。',
    ],
    solution: ['无需处理；若存在未识别或不完整的区域，请核对镜像来源与完整性。', 'Nothing to fix; where regions are unknown or incomplete, check where the image came from and whether it is whole.', '対応は不要です。未識別または不完全な領域がある場合は、イメージの入手元と完全性を確認してください。'],
  },
  {
    name: 'anomalies',
    risk: 'low',
    cwe: ['CWE-354'],
    owasp: ['A08:2021'],
    title: ['镜像结构异常', 'Image structure anomalies', '映像結構異常', 'イメージ構造の異常'],
    purpose: ['发现截断的文件系统、节点数不符、损坏的压缩流与高熵未知区域。', 'Finds truncated file systems, node counts that differ from the superblock, damaged compressed streams and high-entropy unknown regions.', '切り詰められたファイルシステム、スーパーブロックと一致しないノード数、破損した圧縮ストリーム、高エントロピーの不明領域を検出します。'],
    description: [
      '结构异常可能意味着镜像被截断、篡改，或含有加密/未知格式的内容，升级时若不校验完整性，设备可能刷入被改动的固件。',
      'Anomalies may mean the image was cut short or altered, or holds encrypted or unknown content; a device that does not verify integrity at upgrade may flash altered firmware.',
      '構造の異常は、イメージの切り詰めや改ざん、暗号化または不明な形式の内容を意味する場合があります。更新時に完全性を検証しない機器は、改変されたファームウェアを書き込むおそれがあります。',
    ],
    testingSteps: ['比对文件系统声明的大小与节点数和实际读出的结果，记录解压错误，并列出熵值高于 7.5 的未知区域。', 'Compare each file system\'s declared size and node count with what was read, record decompression errors, and list unknown regions with entropy above 7.5.', '各ファイルシステムの宣言サイズとノード数を実際に読めた結果と比較し、展開エラーを記録し、エントロピーが 7.5 を超える不明領域を挙げます。'],
    solution: ['从官方渠道获取完整镜像并核对校验值；固件升级流程应校验签名。', 'Obtain the whole image from the vendor and check its digest; the upgrade process should verify a signature.', '公式の入手元から完全なイメージを取得してハッシュ値を確認してください。更新処理では署名を検証すべきです。'],
  },
]);

export const IDENTITY = firmwareItems('identity', [
  {
    name: 'device',
    risk: 'info',
    cwe: [],
    owasp: [],
    title: ['设备与固件标识', 'Device and firmware identity', '裝置與韌體識別', 'デバイスとファームウェアの識別情報'],
    purpose: ['识别厂商、型号、固件版本、构建日期、CPU 架构与内核版本。', 'Identifies vendor, model, firmware version, build date, CPU architecture and kernel version.', 'ベンダー、モデル、ファームウェアバージョン、ビルド日、CPU アーキテクチャ、カーネルバージョンを識別します。'],
    description: ['设备标识决定了适用的设备漏洞（如路由器自身的 CVE）与组件漏洞匹配的范围。', 'The identity decides which device vulnerabilities (the router\'s own CVEs) and component matches apply.', '識別情報により、該当するデバイスの脆弱性（ルーター自体の CVE）とコンポーネント照合の範囲が決まります。'],
    testingSteps: ['读取厂商头字段、内核版本横幅（Linux version）、ELF 架构与文件系统中的版本与型号文件。', 'Read vendor header fields, the kernel banner (Linux version), ELF machine types and the version and model files in the file system.', 'ベンダーヘッダーのフィールド、カーネルバナー（Linux version）、ELF のマシン種別、ファイルシステム内のバージョンとモデルのファイルを読み取ります。'],
    solution: ['无需处理；请确认识别结果与送检设备一致。', 'Nothing to fix; check that the identity matches the device under test.', '対応は不要です。識別結果が対象機器と一致することを確認してください。'],
  },
]);

export const COMPONENTS = firmwareItems('components', [
  {
    name: 'inventory',
    risk: 'info',
    cwe: ['CWE-1104'],
    owasp: ['A06:2021'],
    title: ['软件组件清单（SBOM）', 'Software components (SBOM)', '軟體元件清單（SBOM）', 'ソフトウェアコンポーネント一覧（SBOM）'],
    purpose: ['从二进制与文件中识别开源组件及版本，生成 CycloneDX SBOM。', 'Identifies open-source components and versions from binaries and files and produces a CycloneDX SBOM.', 'バイナリとファイルからオープンソースコンポーネントとバージョンを識別し、CycloneDX SBOM を生成します。'],
    description: ['嵌入式设备常使用多年未更新的 BusyBox、dropbear、OpenSSL、uClibc 与 Linux 内核。组件清单是漏洞匹配与补丁管理的基础。', 'Embedded devices often ship BusyBox, dropbear, OpenSSL, uClibc and Linux kernels that have not been updated for years. The inventory is the base of vulnerability matching and patch management.', '組み込み機器は、何年も更新されていない BusyBox、dropbear、OpenSSL、uClibc、Linux カーネルを搭載していることがよくあります。コンポーネント一覧は脆弱性照合とパッチ管理の基礎です。'],
    testingSteps: ['按组件特征（版本字符串、库文件名、横幅）在 ELF 与文本文件中匹配版本。', 'Match version patterns (version strings, library file names, banners) in ELF and text files.', 'バージョン文字列、ライブラリのファイル名、バナーなどのパターンで ELF とテキストファイル内のバージョンを照合します。'],
    solution: ['维护 SBOM，跟踪上游安全公告并升级过旧的组件。', 'Keep the SBOM, follow upstream advisories and upgrade outdated components.', 'SBOM を維持し、上流のセキュリティ勧告を追跡して古いコンポーネントを更新してください。'],
  },
  {
    name: 'known_vulnerabilities',
    risk: 'high',
    cwe: ['CWE-1395'],
    owasp: ['A06:2021'],
    title: ['组件已知漏洞', 'Known vulnerabilities in components', '元件已知漏洞', 'コンポーネントの既知の脆弱性'],
    purpose: ['将识别出的组件版本与漏洞库（NVD/OSV）比对。', 'Matches the component versions found against the vulnerability data (NVD/OSV).', '識別したコンポーネントのバージョンを脆弱性データ（NVD/OSV）と照合します。'],
    description: ['存在公开漏洞的组件可被直接利用，嵌入式设备上的 BusyBox、dropbear、OpenSSL 等漏洞常被僵尸网络批量利用。', 'Components with public vulnerabilities can be exploited directly; flaws in BusyBox, dropbear, OpenSSL and the like on embedded devices are used by botnets at scale.', '公開された脆弱性のあるコンポーネントは直接悪用され得ます。組み込み機器の BusyBox、dropbear、OpenSSL などの脆弱性はボットネットに大規模に悪用されています。'],
    testingSteps: ['将组件名映射为 CPE，按版本范围查询漏洞库中的 CVE。', 'Map component names to CPEs and look up CVEs by version range in the vulnerability data.', 'コンポーネント名を CPE に対応付け、バージョン範囲で脆弱性データの CVE を検索します。'],
    solution: ['升级到已修复的版本，或向厂商索取包含补丁的固件。', 'Upgrade to fixed versions, or obtain patched firmware from the vendor.', '修正済みのバージョンに更新するか、パッチを含むファームウェアをベンダーから入手してください。'],
    references: ['https://nvd.nist.gov/'],
  },
  {
    name: 'device_vulnerabilities',
    risk: 'high',
    cwe: ['CWE-1395'],
    owasp: ['A06:2021'],
    title: ['设备已知漏洞', 'Known vulnerabilities of the device', '裝置已知漏洞', 'デバイスの既知の脆弱性'],
    purpose: ['按设备厂商、型号与固件版本查询设备自身的 CVE。', 'Looks up the device\'s own CVEs by vendor, model and firmware version.', 'ベンダー、モデル、ファームウェアバージョンからデバイス自体の CVE を検索します。'],
    description: ['路由器等设备的 Web 管理、UPnP 等厂商代码常有命令注入与溢出漏洞（如 CVE-2017-17215、CVE-2020-8423）。', 'Vendor code such as the web management and UPnP services of routers often has command injection and overflow flaws (e.g. CVE-2017-17215, CVE-2020-8423).', 'ルーターの Web 管理や UPnP などのベンダーコードには、コマンドインジェクションやオーバーフローの脆弱性がよくあります（例: CVE-2017-17215、CVE-2020-8423）。'],
    testingSteps: ['由设备标识生成固件与硬件 CPE，查询漏洞库中适用的配置。', 'Build the firmware and hardware CPEs from the identity and look up the configurations that apply in the vulnerability data.', '識別情報からファームウェアとハードウェアの CPE を作成し、脆弱性データで該当する構成を検索します。'],
    solution: ['升级到厂商发布的修复版本；设备停止维护时应更换。', 'Upgrade to the vendor\'s fixed release; replace devices that are no longer maintained.', 'ベンダーの修正版に更新してください。保守が終了した機器は交換すべきです。'],
  },
]);
