/**
 * The compliance catalogue: one item per check, texts in zh-CN, en and ja
 * (zh-TW is derived by OpenCC). Which regulation clause each item serves is
 * data too: see clauses.ts.
 */
import type { LocalizedText, RiskLevel, RuleItem } from '@citadel/contracts';
import { type Catalogue, defineCatalogue } from '@citadel/engine-core';
import { PI_TYPES, PI_TYPE_INFO } from '../data/pi-apis.ts';

/** [zh-CN, en, ja] */
type T3 = readonly [string, string, string];

interface Spec {
  key: string;
  risk: RiskLevel;
  cwe: string[];
  owasp: string[];
  title: T3;
  purpose: T3;
  description: T3;
  testingSteps: T3;
  solution: T3;
}

const text = (t: T3): LocalizedText => ({ 'zh-CN': t[0], en: t[1], ja: t[2] });
const PRIVACY = ['MASVS-PRIVACY-1', 'MASVS-PRIVACY-3'];

const piItems: Spec[] = PI_TYPES.map((type) => {
  const [zh, en, ja] = PI_TYPE_INFO[type].name;
  return {
    key: `pi.${type}`,
    risk: PI_TYPE_INFO[type].risk,
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-1'],
    title: [`收集${zh}`, `Collects ${en}`, `${ja}の収集`],
    purpose: [`找出应用及其嵌入的第三方 SDK 读取${zh}的每一处代码。`, `Find every place where the app or an SDK inside it reads ${en}.`, `アプリと組み込まれたサードパーティ SDK が${ja}を読み取る箇所をすべて特定する。`],
    description: [
      `代码中调用了读取${zh}的系统接口。每处调用给出调用类、方法和责任方（应用自身或哪个 SDK）。收集应与业务功能直接相关，并在隐私政策中明示目的、方式和范围。`,
      `The code calls platform APIs that read ${en}. Each call site names the calling class and method and who is responsible (the app itself or which SDK). Collection must serve a business function and be disclosed in the privacy policy with its purpose, manner and scope.`,
      `コードが${ja}を読み取るシステム API を呼び出している。呼び出し箇所ごとにクラス、メソッド、責任者（アプリ自身またはどの SDK か）を示す。収集は業務機能に直接関係し、プライバシーポリシーで目的・方法・範囲を明示する必要がある。`,
    ],
    testingSteps: [
      'Android：遍历所有 DEX 的字节码，匹配个人信息接口表（方法、静态字段、content:// URI，以及以常量字符串反射调用的接口），并用 SDK 库按包名确定责任方；iOS：各 Mach-O 导入的类与函数；鸿蒙：ABC 中解析出的模块调用；小程序：脚本中的 wx./my. 接口调用与模板按钮。调用频率与实际上传需真机动态检测。',
      'Android: walk the bytecode of every DEX against the table of personal-information APIs (methods, static fields, content:// URIs, and APIs called by reflection with constant names), attributing each site to the app or an SDK by package through the SDK library; iOS: the classes and functions each Mach-O imports; HarmonyOS: the module calls decoded from the ABC code; mini-programs: the wx./my. API calls in the scripts and the template buttons. Call frequency and actual upload need a dynamic check on a device.',
      'Android：すべての DEX のバイトコードを個人情報 API の表（メソッド、静的フィールド、content:// URI、定数文字列によるリフレクション呼び出し）と照合し、SDK ライブラリでパッケージから責任者を判定する。iOS：各 Mach-O がインポートするクラスと関数。HarmonyOS：ABC から解析したモジュール呼び出し。ミニプログラム：スクリプトの wx./my. API 呼び出しとテンプレートのボタン。呼び出し頻度と実際の送信は実機での動的検査が必要。',
    ],
    solution: [
      '确认每处收集均为业务功能所必需；不需要的删除或改用可重置标识；在隐私政策和第三方 SDK 清单中写明；仅在用户同意后调用。',
      'Confirm each collection is needed by a business function; remove the others or use resettable identifiers; disclose it in the privacy policy and the third-party SDK list; call it only after the user has agreed.',
      '各収集が業務機能に必要か確認し、不要なものは削除するかリセット可能な識別子に置き換える。プライバシーポリシーとサードパーティ SDK 一覧に記載し、ユーザーの同意後にのみ呼び出す。',
    ],
  };
});

const specs: Spec[] = [
  ...piItems,
  {
    key: 'startup.pre_consent_collection',
    risk: 'high',
    cwe: ['CWE-359'],
    owasp: PRIVACY,
    title: ['用户同意隐私政策前收集个人信息', 'Personal information collected before the user consents', 'ユーザーがプライバシーポリシーに同意する前の個人情報の収集'],
    purpose: ['检查应用启动后、用户同意隐私政策前运行的代码是否已收集个人信息。', 'Check whether code that runs at start-up, before the user agrees to the privacy policy, already collects personal information.', '起動後、ユーザーがプライバシーポリシーに同意する前に実行されるコードが個人情報を収集していないか確認する。'],
    description: [
      '从用户交互之前就会运行的入口（Application.attachBaseContext/onCreate、各 ContentProvider.onCreate、启动页 Activity 的 onCreate/onResume、静态初始化块、开机广播接收器）沿调用图可达个人信息接口，且途中未见同意判断。证据给出从入口到接口的调用路径。',
      'A personal-information API is reachable in the call graph from entry points that run before any user interaction (Application.attachBaseContext/onCreate, every ContentProvider.onCreate, the launcher Activity\'s onCreate/onResume, static initialisers, boot receivers) with no consent check on the way. The evidence gives the call path from the entry to the API.',
      'ユーザー操作より前に実行されるエントリ（Application.attachBaseContext/onCreate、各 ContentProvider.onCreate、ランチャー Activity の onCreate/onResume、静的初期化子、起動完了レシーバー）から、同意の判定を経ずにコールグラフ上で個人情報 API に到達できる。証拠はエントリから API までの呼び出し経路を示す。',
    ],
    testingSteps: [
      '由清单确定入口，构建调用图（含类继承分析、静态初始化、线程与 Handler、以常量字符串反射调用），广度优先求最短路径；同一方法中在读取同意标志（偏好设置键、isAgree 类方法、SDK 厂商的隐私合规接口）之后的调用视为已受同意控制。弹窗时机需真机确认。',
      'Take the entries from the manifest, build the call graph (class hierarchy, static initialisers, threads and handlers, reflection with constant strings) and search it breadth first for shortest paths; calls after a consent read in the same method (a preference key, an isAgreed-style method, an SDK vendor\'s privacy switch) count as gated. The timing of the consent dialog needs a device to confirm.',
      'マニフェストからエントリを決め、コールグラフ（クラス階層、静的初期化、スレッドと Handler、定数文字列によるリフレクション）を構築して幅優先で最短経路を求める。同じメソッド内で同意フラグ（設定キー、isAgree 系メソッド、SDK ベンダーのプライバシー同意 API）を読んだ後の呼び出しは同意で制御されているとみなす。同意ダイアログのタイミングは実機で確認が必要。',
    ],
    solution: [
      '首次启动先展示隐私政策并取得同意，再初始化 SDK 和读取个人信息；SDK 使用厂商提供的“先同意后初始化”接口；移除 ContentProvider 自动初始化或延后到同意之后。',
      'Show the privacy policy and obtain consent on first start before initialising SDKs or reading personal information; use the vendors\' "agree first, then init" APIs; remove ContentProvider auto-initialisation or defer it until after consent.',
      '初回起動時にまずプライバシーポリシーを表示して同意を得てから SDK の初期化と個人情報の読み取りを行う。SDK ベンダーの「同意後に初期化」API を使い、ContentProvider による自動初期化を削除するか同意後まで遅らせる。',
    ],
  },
  {
    key: 'startup.sdk_before_consent',
    risk: 'high',
    cwe: ['CWE-359'],
    owasp: PRIVACY,
    title: ['第三方 SDK 在用户同意前启动', 'Third-party SDKs start before the user consents', 'ユーザーの同意前にサードパーティ SDK が起動する'],
    purpose: ['找出在用户同意隐私政策前即开始运行的第三方 SDK。', 'Find third-party SDKs whose code runs before the user agrees to the privacy policy.', 'ユーザーがプライバシーポリシーに同意する前に動作を始めるサードパーティ SDK を特定する。'],
    description: [
      'SDK 的代码在用户同意前即被执行：由应用的 Application/启动页直接初始化，或通过清单中声明的 ContentProvider 在进程启动时自动初始化。SDK 一旦启动即可能开始收集设备信息。',
      'The SDK\'s code runs before consent: the app\'s Application or launcher Activity initialises it, or a ContentProvider it declares in the manifest starts it automatically with the process. Once started, an SDK may begin collecting device information.',
      'SDK のコードが同意前に実行される。アプリの Application や起動画面が初期化するか、マニフェストで宣言された ContentProvider がプロセス起動時に自動で初期化する。起動した SDK はデバイス情報の収集を始める可能性がある。',
    ],
    testingSteps: ['同“用户同意前收集个人信息”的调用图分析；记录每个 SDK 首个被执行的方法及其路径。', 'The same call-graph analysis as for collection before consent; the first method of each SDK that runs is reported with its path.', '同意前の個人情報収集と同じコールグラフ解析で、各 SDK で最初に実行されるメソッドとその経路を報告する。'],
    solution: ['将 SDK 初始化移到用户同意之后；对自动初始化的 ContentProvider 在清单中用 tools:node="remove" 移除并手动初始化。', 'Move SDK initialisation after consent; remove auto-initialising ContentProviders from the merged manifest (tools:node="remove") and initialise them by hand.', 'SDK の初期化を同意後に移し、自動初期化する ContentProvider はマニフェストで tools:node="remove" により削除して手動で初期化する。'],
  },
  {
    key: 'startup.permission_request',
    risk: 'medium',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-1'],
    title: ['启动时即申请权限', 'Runtime permissions requested at start-up', '起動時の権限要求'],
    purpose: ['检查是否在用户同意隐私政策前申请可收集个人信息的权限。', 'Check whether permissions that allow collecting personal information are requested before the user agrees to the privacy policy.', 'プライバシーポリシーへの同意前に個人情報を収集できる権限を要求していないか確認する。'],
    description: ['启动入口可达运行时权限申请（requestPermissions），且途中未见同意判断：用户尚未了解用途即被要求授权。', 'A runtime permission request (requestPermissions) is reachable from the start-up entries with no consent check on the way: the user is asked before learning what for.', '起動エントリから同意の判定を経ずに実行時権限要求（requestPermissions）に到達できる。ユーザーは用途を知る前に許可を求められる。'],
    testingSteps: ['调用图分析启动入口到权限申请接口的路径。实际弹窗顺序需真机确认。', 'Call-graph search from the start-up entries to the permission request APIs. The actual order of dialogs needs a device to confirm.', '起動エントリから権限要求 API への経路をコールグラフで探索する。実際のダイアログの順序は実機で確認が必要。'],
    solution: ['在用户同意隐私政策后、使用相关功能时再申请权限，并同步告知目的。', 'Request permissions after consent, when the feature that needs them is used, and say why at the same time.', 'プライバシーポリシーへの同意後、その機能を使う時点で目的を伝えて権限を要求する。'],
  },
  {
    key: 'startup.wakeups',
    risk: 'low',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-1'],
    title: ['启动时设置定时唤醒或唤醒锁', 'Alarms or wake-locks set at start-up', '起動時のアラーム・ウェイクロック設定'],
    purpose: ['找出启动阶段设置的闹钟、任务调度和唤醒锁，它们会让应用或 SDK 在后台持续运行。', 'Find alarms, scheduled jobs and wake-locks set at start-up, which keep the app or an SDK running in the background.', '起動時に設定されるアラーム、ジョブ、ウェイクロックを特定する。これらはアプリや SDK をバックグラウンドで動かし続ける。'],
    description: ['启动入口可达 AlarmManager/JobScheduler/WakeLock 调用，可能导致后台频繁唤醒和收集。', 'AlarmManager, JobScheduler or WakeLock calls are reachable from the start-up entries and may lead to frequent background wake-ups and collection.', '起動エントリから AlarmManager/JobScheduler/WakeLock の呼び出しに到達でき、バックグラウンドでの頻繁な起動や収集につながる可能性がある。'],
    testingSteps: ['调用图分析；唤醒频率需真机动态检测。', 'Call-graph search; the wake-up frequency needs a dynamic check on a device.', 'コールグラフ解析。起動頻度は実機での動的検査が必要。'],
    solution: ['仅在业务需要时设置后台任务，并说明频率。', 'Schedule background work only where a business function needs it, and disclose its frequency.', '業務上必要な場合にのみバックグラウンド処理を設定し、その頻度を明示する。'],
  },
  {
    key: 'sdk.pi_collection',
    risk: 'medium',
    cwe: ['CWE-359'],
    owasp: PRIVACY,
    title: ['第三方 SDK 收集个人信息', 'Third-party SDKs collect personal information', 'サードパーティ SDK による個人情報の収集'],
    purpose: ['列出每个第三方 SDK 自行调用的个人信息接口，即 SDK 向其提供方提供个人信息的可能途径。', 'List the personal-information APIs each third-party SDK calls by itself: the ways the SDK may provide personal information to its vendor.', '各サードパーティ SDK が自ら呼び出す個人情報 API を一覧にする。SDK が提供元へ個人情報を提供し得る経路である。'],
    description: ['嵌入的 SDK 代码直接读取个人信息。应用运营者需在隐私政策中逐一列出 SDK 名称、提供方、收集的信息类型和目的，并对 SDK 进行管理。', 'Code of an embedded SDK reads personal information itself. The operator must list each SDK with its vendor, the information it collects and why in the privacy policy, and manage the SDK.', '組み込まれた SDK のコードが自ら個人情報を読み取っている。運営者はプライバシーポリシーで SDK ごとに名称、提供元、収集する情報と目的を記載し、SDK を管理する必要がある。'],
    testingSteps: ['按 SDK 库把个人信息调用点归属到 SDK。实际外发需真机抓包确认。', 'Attribute the personal-information call sites to SDKs through the SDK library. Actual transmission needs a network capture on a device.', 'SDK ライブラリで個人情報の呼び出し箇所を SDK に帰属させる。実際の送信は実機でのパケットキャプチャで確認が必要。'],
    solution: ['在第三方 SDK 清单中写明；关闭 SDK 不必要的采集项（多数厂商提供开关）。', 'Disclose it in the third-party SDK list; turn off collection the app does not need (most vendors offer switches).', 'サードパーティ SDK 一覧に記載し、不要な収集をオフにする（多くのベンダーがスイッチを提供している）。'],
  },
  {
    key: 'sdk.undisclosed',
    risk: 'high',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-3'],
    title: ['隐私政策未披露的第三方 SDK', 'Third-party SDKs not disclosed in the privacy policy', 'プライバシーポリシーで開示されていないサードパーティ SDK'],
    purpose: ['对照应用中检出的第三方 SDK 与隐私政策中列出的 SDK。', 'Compare the third-party SDKs found in the app with those the privacy policy names.', 'アプリで検出したサードパーティ SDK とプライバシーポリシーに記載された SDK を照合する。'],
    description: ['检出的 SDK 未在隐私政策中以任何常用名称（中英文名、厂商名）出现。', 'An SDK found in the app is not named in the privacy policy by any of its usual names (Chinese or English name, vendor).', '検出された SDK が、通常の名称（中国語名・英語名・ベンダー名）のいずれでもプライバシーポリシーに現れない。'],
    testingSteps: ['读取随任务上传或包内的隐私政策（文本/HTML），按 SDK 名称与别名表匹配。需两次点击内可达的检查需真机。', 'Read the privacy policy given with the task or found in the package (text or HTML) and match it against the SDK name and alias table. Whether the policy is reachable within two taps needs a device.', 'タスクと共に渡された、またはパッケージ内のプライバシーポリシー（テキスト/HTML）を読み、SDK 名称と別名の表で照合する。2 回のタップで到達できるかは実機が必要。'],
    solution: ['在隐私政策的第三方 SDK 清单中补充 SDK 名称、提供方、收集的信息、目的和隐私政策链接。', 'Add the SDK to the policy\'s third-party SDK list with its vendor, the information collected, the purpose and a link to its own policy.', 'ポリシーのサードパーティ SDK 一覧に SDK 名、提供元、収集情報、目的、SDK 自身のポリシーへのリンクを追加する。'],
  },
  {
    key: 'policy.missing',
    risk: 'high',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-3'],
    title: ['未找到隐私政策', 'No privacy policy found', 'プライバシーポリシーが見つからない'],
    purpose: ['确认应用提供隐私政策。', 'Confirm the app has a privacy policy.', 'アプリがプライバシーポリシーを提供していることを確認する。'],
    description: ['既未随任务提供隐私政策，安装包中（assets、res/raw）也未找到隐私政策文本，代码中也未见隐私政策链接。', 'No privacy policy was given with the task, none was found in the package (assets, res/raw), and the code holds no link to one.', 'タスクでプライバシーポリシーが提供されず、パッケージ内（assets、res/raw）にもなく、コードにもリンクがない。'],
    testingSteps: ['搜索包内 HTML/文本文件中的“隐私政策/隐私协议/privacy policy”，以及代码中的隐私政策网址。在线政策的内容与可达性需真机或联网确认。', 'Search the package\'s HTML and text files for the words "privacy policy" (in Chinese or English) and the code for privacy-policy URLs. An online policy\'s content and reachability need a device or network access to confirm.', 'パッケージ内の HTML/テキストファイルで「プライバシーポリシー」（中国語・英語）の語を、コードでプライバシーポリシーの URL を探す。オンラインのポリシーの内容と到達性は実機またはネットワークで確認が必要。'],
    solution: ['提供隐私政策，并在首次运行时以弹窗等明显方式提示用户阅读。', 'Provide a privacy policy and prompt the user to read it on first run in an obvious way such as a dialog.', 'プライバシーポリシーを用意し、初回起動時にダイアログなど明確な方法で閲覧を促す。'],
  },
  {
    key: 'permission.unused',
    risk: 'medium',
    cwe: ['CWE-250'],
    owasp: ['MASVS-PRIVACY-1'],
    title: ['申请了代码未使用的危险权限', 'Dangerous permissions requested but not used by the code', 'コードで使われていない危険な権限の要求'],
    purpose: ['对照清单申请的危险权限与代码中实际调用的需要这些权限的接口。', 'Compare the dangerous permissions the manifest requests with the code\'s calls of APIs that need them.', 'マニフェストが要求する危険な権限と、それを必要とする API のコード上の呼び出しを照合する。'],
    description: ['清单申请了危险权限，但代码中未见需要该权限的个人信息接口调用，属于超出业务需要申请权限的嫌疑。', 'The manifest requests a dangerous permission, but no call of a personal-information API needing it was found in the code: a sign of permissions beyond what the business needs.', 'マニフェストが危険な権限を要求しているが、その権限を必要とする個人情報 API の呼び出しがコードに見当たらない。業務上の必要を超えた権限要求の疑いがある。'],
    testingSteps: ['权限与接口的对应取自个人信息接口表；代码经原生库、WebView 或动态加载使用权限的情形需人工或真机确认。', 'The permission-to-API mapping comes from the personal-information API table; use through native code, a WebView or dynamically loaded code needs manual review or a device.', '権限と API の対応は個人情報 API 表による。ネイティブコード、WebView、動的ロードされたコードでの使用は手動または実機で確認が必要。'],
    solution: ['删除不需要的权限（包括 SDK 合并进清单的权限）。', 'Remove permissions the app does not need, including those SDKs merge into the manifest.', '不要な権限（SDK がマニフェストにマージしたものを含む）を削除する。'],
  },
  {
    key: 'autostart.self_start',
    risk: 'medium',
    cwe: ['CWE-926'],
    owasp: ['MASVS-PLATFORM-1'],
    title: ['自启动：监听开机、网络、应用安装等广播', 'Self-start: receivers for boot, network and package events', '自己起動：起動完了・ネットワーク・パッケージイベントのレシーバー'],
    purpose: ['找出使应用在用户未打开时被系统事件拉起的组件。', 'Find components that make the system start the app without the user opening it.', 'ユーザーが開かなくてもシステムイベントでアプリを起動させるコンポーネントを特定する。'],
    description: ['清单中的广播接收器监听开机完成、网络变化、解锁、应用安装卸载等事件，应用（或其 SDK）可借此自启动。', 'A receiver in the manifest listens for boot completed, connectivity changes, unlock, package install or removal and similar events, through which the app (or an SDK in it) can start itself.', 'マニフェストのレシーバーが起動完了、ネットワーク変化、ロック解除、パッケージの追加・削除などのイベントを受信し、アプリ（またはその SDK）が自ら起動できる。'],
    testingSteps: ['解析清单中接收器的 intent-filter，按组件类名归属到应用或 SDK。实际自启动频次需真机检测。', 'Read the receivers\' intent filters in the manifest and attribute each component to the app or an SDK by class name. How often it actually starts needs a device.', 'マニフェストのレシーバーの intent-filter を解析し、クラス名からアプリか SDK に帰属させる。実際の起動頻度は実機での検査が必要。'],
    solution: ['移除非必要的自启动接收器，或在隐私政策中说明自启动的目的和频率并提供关闭方式。', 'Remove self-start receivers that are not needed, or disclose their purpose and frequency in the privacy policy and offer a way to turn them off.', '不要な自己起動レシーバーを削除するか、目的と頻度をプライバシーポリシーで説明し、無効化の手段を提供する。'],
  },
  {
    key: 'autostart.associated_start',
    risk: 'medium',
    cwe: ['CWE-926'],
    owasp: ['MASVS-PLATFORM-1'],
    title: ['关联启动：拉起或被其他应用拉起', 'Associated start: starting other apps or being started by them', '関連起動：他アプリの起動または他アプリからの起動'],
    purpose: ['找出启动其他应用组件的代码，以及 SDK 为被其他应用唤醒而导出的服务和活动。', 'Find code that starts other apps\' components, and services or activities SDKs export so that other apps can wake them.', '他アプリのコンポーネントを起動するコードと、他アプリから起こされるために SDK がエクスポートするサービス・アクティビティを特定する。'],
    description: ['代码以常量包名/类名构造 Intent 或 ComponentName 并启动服务、活动或发送广播；或 SDK 导出了带 intent-filter 的服务，供同一 SDK 的其他应用相互唤醒（“链式唤醒”）。', 'Code builds an Intent or ComponentName with a constant package or class name and starts a service or activity or sends a broadcast; or an SDK exports a service with an intent filter that other apps with the same SDK use to wake each other ("chain wake-up").', 'コードが定数のパッケージ名・クラス名で Intent や ComponentName を作り、サービスやアクティビティを起動し、ブロードキャストを送る。または SDK がインテントフィルター付きサービスをエクスポートし、同じ SDK を持つ他アプリが相互に起こし合う（連鎖起動）。'],
    testingSteps: ['字节码中查找组件命名接口的常量参数与启动接口同现的方法；解析清单中导出的 SDK 服务。实际拉起行为需真机检测。', 'Find methods where component-naming APIs with constant arguments meet start APIs in the bytecode; read the SDK services the manifest exports. Actual start-ups need a device.', 'バイトコードで定数引数のコンポーネント指定 API と起動 API が同じメソッドにある箇所を探し、マニフェストでエクスポートされた SDK サービスを解析する。実際の起動は実機での検査が必要。'],
    solution: ['关闭 SDK 的关联启动/链式唤醒功能（多数推送 SDK 提供开关），取消不必要的导出。', 'Turn off the SDK\'s associated start / chain wake-up (most push SDKs have a switch) and stop exporting what need not be exported.', 'SDK の関連起動・連鎖起動機能をオフにし（多くのプッシュ SDK にスイッチがある）、不要なエクスポートをやめる。'],
  },
  {
    key: 'transfer.cleartext',
    risk: 'medium',
    cwe: ['CWE-319'],
    owasp: ['MASVS-NETWORK-1'],
    title: ['明文传输的接口地址', 'Cleartext (http://) endpoints', '平文通信のエンドポイント'],
    purpose: ['找出以明文 HTTP 通信的接口地址，个人信息经其传输时可被窃听。', 'Find endpoints reached over plain HTTP, through which personal information could be intercepted.', '平文 HTTP で通信するエンドポイントを特定する。個人情報がこれを通ると盗聴され得る。'],
    description: ['代码中存在 http:// 接口地址，或清单允许明文流量。', 'The code holds http:// endpoints, or the manifest allows cleartext traffic.', 'コードに http:// のエンドポイントがある、またはマニフェストが平文通信を許可している。'],
    testingSteps: ['提取字节码常量字符串中的 http:// 地址（排除 XML 命名空间等非网络地址），按所在类归属；实际传输内容需真机抓包。', 'Extract http:// addresses from the bytecode\'s constant strings (leaving out XML namespaces and other non-endpoints) and attribute them by class; what actually travels needs a capture on a device.', 'バイトコードの定数文字列から http:// のアドレス（XML 名前空間などを除く）を抽出してクラスで帰属させる。実際に送られる内容は実機でのキャプチャが必要。'],
    solution: ['全部改用 HTTPS，并在网络安全配置中禁止明文流量。', 'Use HTTPS everywhere and forbid cleartext traffic in the network security config.', 'すべて HTTPS に切り替え、ネットワークセキュリティ構成で平文通信を禁止する。'],
  },
  {
    key: 'transfer.pi_to_network',
    risk: 'medium',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-1'],
    title: ['个人信息与网络发送位于同一方法', 'Personal information read where network calls are made', '個人情報の読み取りとネットワーク送信が同じメソッドにある'],
    purpose: ['给出个人信息可能被直接外发的静态线索。', 'Give static hints of personal information that may be sent out directly.', '個人情報が直接外部に送信される可能性の静的な手がかりを示す。'],
    description: ['同一方法既读取个人信息又发起网络请求，信息可能随请求外发。这是静态线索，需真机抓包确认。', 'One method both reads personal information and makes a network request; the information may travel with it. A static hint, to be confirmed by a capture on a device.', '1 つのメソッドが個人情報を読み取り、ネットワーク要求も行っている。情報が要求と共に送信される可能性がある。静的な手がかりであり、実機でのキャプチャによる確認が必要。'],
    testingSteps: ['在字节码中查找同时调用个人信息接口和网络接口（URLConnection、OkHttp、HttpClient、Socket）的方法。', 'Find methods in the bytecode that call both a personal-information API and a network API (URLConnection, OkHttp, HttpClient, Socket).', 'バイトコードで個人情報 API とネットワーク API（URLConnection、OkHttp、HttpClient、Socket）の両方を呼ぶメソッドを探す。'],
    solution: ['确认外发已获同意、已在政策中披露并加密；能不外发的不外发，必要时去标识化。', 'Make sure the transfer has consent, is disclosed and is encrypted; do not send what need not be sent, and de-identify where it must be.', '送信に同意があり、開示され、暗号化されていることを確認する。不要な送信はやめ、必要な場合は非識別化する。'],
  },
  {
    key: 'transfer.abroad',
    risk: 'low',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-1'],
    title: ['境外接口地址（个人信息出境线索）', 'Endpoints abroad (hints of personal information leaving China)', '国外のエンドポイント（個人情報の越境移転の手がかり）'],
    purpose: ['找出代码中指向中国大陆以外的接口地址及其责任方，提示可能的个人信息出境。', 'Find endpoints in the code that are operated outside mainland China, with who is responsible, as hints of personal information leaving the country.', 'コード中の中国本土外で運営されるエンドポイントとその責任者を特定し、個人情報の越境移転の可能性を示す。'],
    description: ['代码中的接口地址由境外（含港澳台）运营或位于境外云地域。若经其传输个人信息，需满足《个人信息保护法》第三十八、三十九条（单独同意、告知境外接收方）及数据出境安全评估等要求。这是静态线索，实际传输需真机抓包确认。', 'Endpoints in the code are operated abroad (Hong Kong, Macao and Taiwan included) or sit in a cloud region abroad. Personal information sent through them must meet PIPL articles 38 and 39 (separate consent, the foreign recipient disclosed) and the data-export security assessment rules. A static hint: the actual transfer needs a capture on a device.', 'コード中のエンドポイントが国外（香港・マカオ・台湾を含む）で運営されているか、国外のクラウドリージョンにある。これを通じて個人情報を送る場合、個人情報保護法第38・39条（個別の同意、国外受領者の告知）とデータ越境移転の安全評価の要件を満たす必要がある。静的な手がかりであり、実際の送信は実機でのキャプチャで確認が必要。'],
    testingSteps: ['提取字节码常量中的 http(s):// 地址，按主机名查随引擎发布的数据表（国家和地区顶级域名、云服务地域、常见服务的运营方），按所在类归属到应用或 SDK；无法判定国家的主机（含 IP 地址）不作判断并计数。', 'Extract http(s):// addresses from the bytecode\'s constants, look each host up in the data shipped with the engine (country-code domains, cloud regions, operators of common services) and attribute it to the app or an SDK by class; hosts whose country cannot be told (IP addresses included) are not judged and are counted.', 'バイトコードの定数から http(s):// アドレスを抽出し、エンジン同梱のデータ（国別ドメイン、クラウドリージョン、主要サービスの運営者）でホストを調べ、クラスによってアプリまたは SDK に帰属させる。国を判定できないホスト（IP アドレスを含む）は判定せず件数を示す。'],
    solution: ['确认经这些地址传输的个人信息类型；如有出境，取得单独同意、在隐私政策中告知境外接收方，并按规定完成出境安全评估、认证或标准合同；能境内处理的改为境内。', 'Establish which personal information travels to these addresses; where it leaves the country, obtain separate consent, name the foreign recipient in the policy and complete the security assessment, certification or standard contract the rules require — or process it in China.', 'これらのアドレスに送られる個人情報の種類を確認し、越境移転がある場合は個別の同意を取得し、プライバシーポリシーで国外受領者を告知し、規定の安全評価・認証・標準契約を行う。国内で処理できるものは国内に切り替える。'],
  },
  {
    key: 'mini.pre_consent_collection',
    risk: 'high',
    cwe: ['CWE-359'],
    owasp: PRIVACY,
    title: ['小程序打开即收集个人信息（用户同意前）', 'Mini-program collects personal information as soon as it opens, before consent', 'ミニプログラムが開いた直後（同意前）に個人情報を収集する'],
    purpose: ['检查小程序打开时、用户尚未操作和同意前即运行的代码是否调用个人信息接口。', 'Check whether code that runs when the mini-program opens, before the user has done or agreed to anything, calls personal-information APIs.', 'ミニプログラムを開いた時、ユーザーが操作・同意する前に実行されるコードが個人情報 API を呼び出していないか確認する。'],
    description: [
      'App 的 onLaunch/onShow 或首个页面的 onLoad/onShow/onReady（含其在同一文件中调用的函数）调用了位置、用户信息、剪切板等个人信息接口。证据给出从入口到接口的调用路径。若已接入平台隐私授权（wx.onNeedPrivacyAuthorization、requirePrivacyAuthorize、__usePrivacyCheck__），平台应拦截调用直至用户同意，需真机确认。',
      'App onLaunch/onShow or the entry page\'s onLoad/onShow/onReady (with the functions they call in the same file) call location, user-profile, clipboard or other personal-information APIs. The evidence gives the path from the hook to the API. Where the platform privacy authorisation is wired in (wx.onNeedPrivacyAuthorization, requirePrivacyAuthorize, __usePrivacyCheck__) the platform should hold the call until the user agrees: confirm on a device.',
      'App の onLaunch/onShow または最初のページの onLoad/onShow/onReady（同じファイル内で呼び出す関数を含む）が位置情報、ユーザー情報、クリップボードなどの個人情報 API を呼び出している。証拠はフックから API までの経路を示す。プラットフォームのプライバシー承認（wx.onNeedPrivacyAuthorization、requirePrivacyAuthorize、__usePrivacyCheck__）を導入済みの場合、同意までプラットフォームが呼び出しを保留するはずであり、実機で確認が必要。',
    ],
    testingSteps: [
      '用小程序引擎的解包器还原分包与模块，对 app.js 和入口页面（entryPagePath 或 pages 第一项）的脚本做词法分析，找出生命周期函数体及其调用的同文件函数，匹配个人信息接口表（微信、支付宝开发文档）。',
      'Unpack the packages and modules with the mini-program engine\'s reader, tokenise app.js and the entry page\'s script (entryPagePath or the first of pages), find the lifecycle hooks\' bodies and the same-file functions they call, and match the personal-information API table (WeChat and Alipay developer documentation).',
      'ミニプログラムエンジンの展開機能でパッケージとモジュールを復元し、app.js と最初のページ（entryPagePath または pages の先頭）のスクリプトを字句解析してライフサイクル関数と同じファイル内で呼ぶ関数を特定し、個人情報 API の表（WeChat・Alipay 開発ドキュメント）と照合する。',
    ],
    solution: [
      '首次打开时先展示隐私保护指引并取得同意，再在用户使用相关功能时调用个人信息接口；接入 wx.onNeedPrivacyAuthorization 或 requirePrivacyAuthorize。',
      'Show the privacy guide and obtain consent on first open, and call personal-information APIs only when the user uses the feature; wire in wx.onNeedPrivacyAuthorization or requirePrivacyAuthorize.',
      '初回起動時にプライバシーガイドを表示して同意を得て、個人情報 API はユーザーが機能を使う時点で呼び出す。wx.onNeedPrivacyAuthorization または requirePrivacyAuthorize を導入する。',
    ],
  },
  {
    key: 'harmony.pre_consent_collection',
    risk: 'high',
    cwe: ['CWE-359'],
    owasp: PRIVACY,
    title: ['鸿蒙应用启动即收集个人信息（用户同意前）', 'HarmonyOS app collects personal information at start-up, before consent', 'HarmonyOS アプリが起動時（同意前）に個人情報を収集する'],
    purpose: ['检查鸿蒙应用启动时、用户同意隐私政策前运行的代码是否调用个人信息接口。', 'Check whether code a HarmonyOS app runs at start-up, before the user agrees to the privacy policy, calls personal-information APIs.', 'HarmonyOS アプリが起動時、ユーザーがプライバシーポリシーに同意する前に実行するコードが個人情報 API を呼び出していないか確認する。'],
    description: [
      '主 Ability 的 onCreate/onWindowStageCreate/onForeground 或其加载的首个页面的 aboutToAppear/onPageShow（含其在同一记录中调用的方法）调用了位置、OAID、SIM 信息、剪贴板、应用列表等个人信息接口。证据给出从入口到接口的路径。',
      'The main ability\'s onCreate/onWindowStageCreate/onForeground, or aboutToAppear/onPageShow of the first page it loads (with the methods of the same record they call), call location, OAID, SIM, pasteboard, installed-app or other personal-information APIs. The evidence gives the path from the entry to the API.',
      'メイン Ability の onCreate/onWindowStageCreate/onForeground、または最初に読み込むページの aboutToAppear/onPageShow（同じレコード内で呼ぶメソッドを含む）が、位置情報、OAID、SIM 情報、クリップボード、アプリ一覧などの個人情報 API を呼び出している。証拠は入口から API までの経路を示す。',
    ],
    testingSteps: [
      '由 module.json 的 mainElement 与 srcEntry 确定入口记录，由 loadContent 的常量参数确定首页；在 ABC 解码出的调用中沿 this.方法() 跟踪，匹配鸿蒙个人信息接口表。途中读取“隐私/同意”类常量视为可能的同意判断，需真机确认；回调函数和跨记录调用不跟踪。',
      'Take the entry record from module.json mainElement and srcEntry and the first page from loadContent\'s constant argument; follow this.method() calls among the decoded ABC calls and match the HarmonyOS personal-information API table. A privacy/agree constant read on the way counts as a possible consent check, to be confirmed on a device; callbacks and calls into other records are not followed.',
      'module.json の mainElement と srcEntry から入口レコードを、loadContent の定数引数から最初のページを決め、ABC から復号した呼び出しで this.メソッド() をたどり、HarmonyOS の個人情報 API 表と照合する。途中で「プライバシー/同意」系の定数を読む場合は同意判定の可能性があり実機で確認する。コールバックと他レコードへの呼び出しは追跡しない。',
    ],
    solution: ['首次启动先展示隐私政策并取得同意，再调用个人信息接口和初始化 SDK。', 'Show the privacy policy and obtain consent on first start before calling personal-information APIs or initialising SDKs.', '初回起動時にまずプライバシーポリシーを表示して同意を得てから、個人情報 API の呼び出しと SDK の初期化を行う。'],
  },
  {
    key: 'mini.required_private_infos',
    risk: 'medium',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-1'],
    title: ['地理位置接口未在 requiredPrivateInfos / permission 中声明', 'Location APIs not declared in requiredPrivateInfos / permission', '位置情報 API が requiredPrivateInfos / permission で宣言されていない'],
    purpose: ['对照微信小程序 app.json 中声明的 requiredPrivateInfos 和 permission 与代码实际调用的接口。', 'Compare what a WeChat mini-program declares in app.json (requiredPrivateInfos, permission) with the APIs its code calls.', 'WeChat ミニプログラムの app.json の宣言（requiredPrivateInfos、permission）とコードが実際に呼ぶ API を照合する。'],
    description: [
      '代码调用了须在 requiredPrivateInfos 中声明的地理位置或收货地址接口却未声明，或调用需授权范围（scope.userLocation 等）的接口却未在 permission 中说明用途：用户无从得知收集目的。',
      'The code calls a location or address API that must be listed in requiredPrivateInfos but is not, or an API needing an authorisation scope (scope.userLocation …) whose purpose app.json permission does not describe: the user is not told why.',
      'requiredPrivateInfos に記載が必要な位置情報・住所 API を記載せずに呼び出している、または承認スコープ（scope.userLocation など）が必要な API の用途を app.json の permission に記載していない。ユーザーは収集目的を知ることができない。',
    ],
    testingSteps: ['读取 app-config.json / app.json，与各脚本中 wx.getLocation、chooseLocation、startLocationUpdate*、chooseAddress 等调用逐一对照。', 'Read app-config.json / app.json and compare it with every call of wx.getLocation, chooseLocation, startLocationUpdate*, chooseAddress and the like in the scripts.', 'app-config.json / app.json を読み、各スクリプトの wx.getLocation、chooseLocation、startLocationUpdate*、chooseAddress などの呼び出しと照合する。'],
    solution: ['在 app.json 的 requiredPrivateInfos 中声明所用接口，并在 permission 中写明用途。', 'List the APIs used in app.json requiredPrivateInfos and describe their purpose in permission.', 'app.json の requiredPrivateInfos に使用する API を記載し、permission に用途を記述する。'],
  },
  {
    key: 'mini.privacy_authorization',
    risk: 'medium',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-3'],
    title: ['未接入小程序隐私授权流程', 'Mini-program privacy authorisation flow not wired in', 'ミニプログラムのプライバシー承認フローが導入されていない'],
    purpose: ['确认调用隐私接口的微信小程序接入了平台的隐私协议授权流程。', 'Confirm that a WeChat mini-program calling privacy APIs uses the platform\'s privacy-agreement flow.', 'プライバシー API を呼び出す WeChat ミニプログラムがプラットフォームのプライバシー同意フローを導入していることを確認する。'],
    description: [
      '小程序调用了隐私接口，但代码中没有 wx.onNeedPrivacyAuthorization、wx.requirePrivacyAuthorize，模板中没有 open-type="agreePrivacyAuthorization" 按钮，配置中也没有 "__usePrivacyCheck__": true：未在收集前向用户展示隐私保护指引并取得同意。',
      'The mini-program calls privacy APIs, but its code has no wx.onNeedPrivacyAuthorization or wx.requirePrivacyAuthorize, its templates no open-type="agreePrivacyAuthorization" button, and its configuration no "__usePrivacyCheck__": true: the privacy guide is not shown and agreed to before collection.',
      'ミニプログラムがプライバシー API を呼び出しているが、コードに wx.onNeedPrivacyAuthorization・wx.requirePrivacyAuthorize がなく、テンプレートに open-type="agreePrivacyAuthorization" ボタンも、設定に "__usePrivacyCheck__": true もない。収集前にプライバシーガイドを示して同意を得ていない。',
    ],
    testingSteps: ['在全部脚本、模板和 app-config.json 中查找隐私授权接口、同意按钮和开关。隐私保护指引本身在微信公众平台配置，需人工核对。', 'Search every script, template and app-config.json for the authorisation APIs, the agreement button and the switch. The privacy guide itself is configured on the WeChat platform and needs a manual check.', 'すべてのスクリプト、テンプレート、app-config.json で承認 API、同意ボタン、スイッチを探す。プライバシーガイド自体は WeChat の管理画面で設定されるため手動確認が必要。'],
    solution: ['在公众平台填写用户隐私保护指引，并接入 wx.onNeedPrivacyAuthorization 弹窗或使用 agreePrivacyAuthorization 按钮。', 'Fill in the user privacy guide on the platform and wire in a wx.onNeedPrivacyAuthorization dialog or an agreePrivacyAuthorization button.', '管理画面でユーザープライバシー保護ガイドを記入し、wx.onNeedPrivacyAuthorization のダイアログまたは agreePrivacyAuthorization ボタンを導入する。'],
  },
  {
    key: 'ios.usage_description',
    risk: 'medium',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-1'],
    title: ['缺少或未说明用途的 iOS 权限用途说明', 'iOS usage descriptions missing or not stating the purpose', 'iOS の利用目的の説明がない、または目的を示していない'],
    purpose: ['对照 Info.plist 中的 NS…UsageDescription 与二进制中链接的受保护资源接口。', 'Compare the NS…UsageDescription keys of Info.plist with the protected-resource APIs the binaries link.', 'Info.plist の NS…UsageDescription と、バイナリがリンクする保護リソース API を照合する。'],
    description: [
      '二进制引用了定位、通讯录、相册、相机、麦克风、日历、蓝牙、运动健康或广告跟踪接口，但 Info.plist 中没有对应的用途说明；或用途说明为空、为模板占位文字，未告知用户收集目的。',
      'A binary references location, contacts, photos, camera, microphone, calendar, Bluetooth, motion/health or tracking APIs but Info.plist has no matching usage description, or a description is empty or a template placeholder that does not tell the user the purpose.',
      'バイナリが位置情報、連絡先、写真、カメラ、マイク、カレンダー、Bluetooth、モーション・ヘルスケア、トラッキングの API を参照しているのに Info.plist に対応する利用目的の説明がない、または説明が空やテンプレートのままで目的を伝えていない。',
    ],
    testingSteps: ['读取各 Mach-O 导入的 Objective-C 类与函数符号（及以字符串按名查找的类），按 Apple 文档的受保护资源表对照 Info.plist。', 'Read the Objective-C classes and functions each Mach-O imports (and classes looked up by name in strings) and check Info.plist against Apple\'s table of protected resources.', '各 Mach-O がインポートする Objective-C クラスと関数シンボル（文字列で名前検索されるクラスを含む）を読み、Apple の保護リソース表に従って Info.plist と照合する。'],
    solution: ['为每项用到的受保护资源添加具体说明用途的 NS…UsageDescription，删除不再使用的接口。', 'Add an NS…UsageDescription stating the concrete purpose for each protected resource used, and remove APIs no longer used.', '使用する保護リソースごとに具体的な目的を記した NS…UsageDescription を追加し、使わない API は削除する。'],
  },
  {
    key: 'ios.idfa_without_att',
    risk: 'medium',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-1'],
    title: ['读取广告标识符（IDFA）未经 App 跟踪透明度授权', 'IDFA read without App Tracking Transparency', 'App Tracking Transparency なしの IDFA 読み取り'],
    purpose: ['确认读取 IDFA 的应用先通过 ATTrackingManager 征得用户授权。', 'Confirm that an app reading the IDFA asks the user through ATTrackingManager first.', 'IDFA を読み取るアプリが先に ATTrackingManager でユーザーの許可を得ていることを確認する。'],
    description: ['应用或其 SDK 引用了 ASIdentifierManager（广告标识符），但未链接 ATTrackingManager 或 Info.plist 中没有 NSUserTrackingUsageDescription：跟踪未经用户授权。', 'The app or an SDK in it references ASIdentifierManager (the advertising identifier) but ATTrackingManager is not linked or Info.plist has no NSUserTrackingUsageDescription: tracking without the user\'s permission.', 'アプリまたはその SDK が ASIdentifierManager（広告識別子）を参照しているが、ATTrackingManager がリンクされていないか Info.plist に NSUserTrackingUsageDescription がない。ユーザーの許可なしのトラッキングである。'],
    testingSteps: ['在各二进制的导入类与字符串中查找 ASIdentifierManager 与 ATTrackingManager，并检查 Info.plist。授权弹窗时机需真机确认。', 'Look for ASIdentifierManager and ATTrackingManager among each binary\'s imported classes and strings, and check Info.plist. The timing of the prompt needs a device.', '各バイナリのインポートクラスと文字列で ASIdentifierManager と ATTrackingManager を探し、Info.plist を確認する。ダイアログのタイミングは実機で確認が必要。'],
    solution: ['在读取 IDFA 前调用 ATTrackingManager.requestTrackingAuthorization，并填写 NSUserTrackingUsageDescription；不需要跟踪时移除 AdSupport。', 'Call ATTrackingManager.requestTrackingAuthorization before reading the IDFA and add NSUserTrackingUsageDescription; remove AdSupport where no tracking is needed.', 'IDFA を読む前に ATTrackingManager.requestTrackingAuthorization を呼び、NSUserTrackingUsageDescription を追加する。トラッキングが不要なら AdSupport を削除する。'],
  },
  {
    key: 'permission.declared_unused',
    risk: 'medium',
    cwe: ['CWE-250'],
    owasp: ['MASVS-PRIVACY-1'],
    title: ['声明了代码未使用的权限或隐私信息', 'Permissions or private information declared but not used by the code', 'コードで使われていない権限・個人情報の宣言'],
    purpose: ['对照 iOS 用途说明、鸿蒙 requestPermissions、小程序 requiredPrivateInfos/permission 的声明与代码中的实际调用。', 'Compare what iOS usage descriptions, HarmonyOS requestPermissions and mini-program requiredPrivateInfos / permission declare with the calls in the code.', 'iOS の利用目的の説明、HarmonyOS の requestPermissions、ミニプログラムの requiredPrivateInfos / permission の宣言とコード上の呼び出しを照合する。'],
    description: ['声明了可收集个人信息的权限或隐私信息，但代码中未见使用它的接口：超出业务需要申请权限的嫌疑。', 'A permission or private-information declaration that allows collecting personal information has no API in the code that uses it: a sign of permissions beyond what the business needs.', '個人情報を収集できる権限や個人情報の宣言があるのに、それを使う API がコードに見当たらない。業務上の必要を超えた権限要求の疑いがある。'],
    testingSteps: ['声明与接口的对应取自各平台的接口表；经原生库、WebView、系统选择器或动态加载使用的情形需人工或真机确认。', 'The declaration-to-API mapping comes from each platform\'s API table; use through native code, a WebView, a system picker or dynamically loaded code needs manual review or a device.', '宣言と API の対応は各プラットフォームの API 表による。ネイティブコード、WebView、システムピッカー、動的ロードでの使用は手動または実機で確認が必要。'],
    solution: ['删除不需要的权限、用途说明和隐私信息声明。', 'Remove the permissions, usage descriptions and private-information declarations the app does not need.', '不要な権限、利用目的の説明、個人情報の宣言を削除する。'],
  },
  {
    key: 'permission.beyond_category',
    risk: 'medium',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-1'],
    title: ['超出 App 所属类型基本功能必要范围的个人信息', 'Personal information beyond what the app type\'s basic function needs', 'アプリの種類の基本機能に必要な範囲を超える個人情報'],
    purpose: ['按《常见类型移动互联网应用程序必要个人信息范围规定》，对照应用所属类型的必要个人信息与应用实际收集或申请权限的信息。', 'Compare, per the Provisions on the Scope of Necessary Personal Information for Common Types of Mobile Apps, the necessary information of the app\'s type with what the app collects or opens permissions for.', '「一般的な種類のモバイルアプリに必要な個人情報の範囲に関する規定」に従い、アプリの種類に必要な個人情報と、アプリが実際に収集または権限を求める情報を照合する。'],
    description: [
      '应用读取或申请了其类型基本功能服务所需范围以外的个人信息（如新闻资讯类读取位置、通讯录）。这类信息只能用于用户单独同意的扩展功能，且用户拒绝时不得影响基本功能的使用。',
      'The app reads, or opens a permission for, personal information outside what its type\'s basic function needs (a news app reading location or contacts, say). Such information may serve only extended functions the user agrees to separately, and refusing it must not block the basic function.',
      'アプリが、その種類の基本機能に必要な範囲外の個人情報（ニュースアプリによる位置情報や連絡先の読み取りなど）を読み取る、または権限を求めている。こうした情報はユーザーが個別に同意した拡張機能にのみ使え、拒否しても基本機能の利用を妨げてはならない。',
    ],
    testingSteps: ['按任务参数 category 取该类型的必要个人信息（数据表注明出处），与各平台检出的个人信息调用和权限声明对照；相机、麦克风、相册等按功能使用的能力不在此判断。扩展功能是否单独征得同意需真机确认。', 'Take the necessary information of the type given in the task parameter category (the data table names its source) and compare it with the personal-information calls and declarations found; feature capabilities such as camera, microphone and photos are not judged here. Whether extended functions ask for separate consent needs a device.', 'タスクパラメータ category の種類に必要な個人情報（データ表に出典を記載）を取り、検出した個人情報の呼び出しと宣言と照合する。カメラ・マイク・写真など機能で使う能力はここでは判断しない。拡張機能で個別の同意を得ているかは実機で確認が必要。'],
    solution: ['删除基本功能不需要的收集；确需用于扩展功能的，在使用该功能时单独征得同意，拒绝时基本功能照常可用。', 'Remove collection the basic function does not need; where an extended function needs it, ask separately when that function is used and keep the basic function working if the user refuses.', '基本機能に不要な収集を削除する。拡張機能で必要な場合は、その機能を使う時に個別に同意を求め、拒否されても基本機能は使えるようにする。'],
  },
  ...(
    [
      ['consent_popup', ['首次运行隐私政策弹窗及其时机', 'Privacy-policy prompt on first run and its timing', '初回起動時のプライバシーポリシー表示とそのタイミング'], ['是否在首次运行时以弹窗等明显方式提示用户阅读隐私政策，以及弹窗出现前是否已发生收集', 'whether the first run shows the privacy policy in an obvious way such as a dialog, and whether collection happens before it appears', '初回起動時にダイアログなど明確な方法でプライバシーポリシーを示すか、表示前に収集が起きていないか']],
      ['policy_reachability', ['隐私政策的可达性', 'Reachability of the privacy policy', 'プライバシーポリシーへの到達性'], ['进入主界面后能否在两次点击内访问到隐私政策', 'whether the privacy policy can be reached within two taps from the main screen', 'メイン画面から 2 回のタップ以内にプライバシーポリシーへ到達できるか']],
      ['network_capture', ['个人信息外发抓包', 'Network capture of personal information sent out', '個人情報送信のパケットキャプチャ'], ['个人信息是否实际发送到应用或第三方服务器，是否发送到境外，是否加密', 'whether personal information is actually sent to the app\'s or third parties\' servers, abroad, and whether encrypted', '個人情報が実際にアプリや第三者のサーバー、国外へ送られるか、暗号化されているか']],
      ['collection_frequency', ['个人信息收集频率与后台收集', 'Frequency of collection and collection in the background', '個人情報の収集頻度とバックグラウンドでの収集'], ['各个人信息接口在前台、后台和静默状态下的调用频率是否超出业务需要', 'whether each personal-information API is called in the foreground, background or when idle more often than the business needs', '各個人情報 API がフォアグラウンド、バックグラウンド、待機時に業務上必要以上の頻度で呼ばれていないか']],
    ] as const
  ).map(([name, title, what]): Spec => ({
    key: `dynamic.${name}`,
    risk: 'info',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-1'],
    title,
    purpose: [`确认${what[0]}。`, `Establish ${what[1]}.`, `${what[2]}を確認する。`],
    description: [`${what[0]}只能在真机上运行应用时确认，静态分析无法判断。`, `Only running the app on a device can establish ${what[1]}; static analysis cannot.`, `${what[2]}は、実機でアプリを実行して初めて確認できる。静的解析では判断できない。`],
    testingSteps: ['需真机动态检测：安装运行应用，监控接口调用、界面和网络流量。本静态测评不执行此项。', 'Needs a dynamic check on a device: install and run the app, monitoring API calls, screens and network traffic. This static assessment does not run it.', '実機での動的検査が必要：アプリをインストールして実行し、API 呼び出し、画面、ネットワーク通信を監視する。本静的評価ではこの項目を実行しない。'],
    solution: ['安排真机检测；参考本报告中静态分析给出的接口和路径。', 'Schedule a device test, starting from the APIs and paths this report gives.', '実機での検査を行い、本レポートの静的解析が示す API と経路を手がかりにする。'],
  })),
];

function toItem(s: Spec): RuleItem {
  return {
    id: `compliance.${s.key}`,
    platform: 'compliance',
    category: s.key.split('.')[0]!,
    risk: s.risk,
    cwe: s.cwe,
    owasp: s.owasp,
    title: text(s.title),
    purpose: text(s.purpose),
    description: text(s.description),
    testingSteps: text(s.testingSteps),
    solution: text(s.solution),
  };
}

export const COMPLIANCE_CATALOGUE: Catalogue = defineCatalogue(specs.map(toItem));
export const DYNAMIC_KEYS = specs.filter((s) => s.key.startsWith('dynamic.')).map((s) => s.key);
