/** Info.plist declarations: URL schemes, privacy usage descriptions, minimum OS, file sharing. */
import { iosItems } from './define-item.ts';

export const PLIST_ITEMS = iosItems('plist', [
  {
    name: 'url_schemes',
    risk: 'info',
    cwe: ['CWE-939'],
    owasp: ['MASVS-PLATFORM-1'],
    title: ['自定义 URL Scheme', 'Custom URL schemes', '自訂 URL Scheme', 'カスタム URL スキーム'],
    purpose: ['列出应用注册的自定义 URL Scheme，供审查外部调用入口。', 'Lists the custom URL schemes the app registers, to review its external entry points.'],
    description: [
      '任何应用或网页都可以通过自定义 URL Scheme 唤起应用并传入参数。Scheme 不具备唯一性，其他应用可注册相同的 Scheme 截获回调（如 OAuth 授权码）；对传入参数校验不足会导致越权操作或注入。',
      'Any app or web page can open the app through a custom URL scheme and pass parameters. Schemes are not unique: another app can register the same one and intercept callbacks such as OAuth codes, and poorly validated parameters lead to unauthorised actions or injection.',
    ],
    testingSteps: ['读取 Info.plist 的 CFBundleURLTypes 中每项的 CFBundleURLSchemes。', 'Read CFBundleURLSchemes of every CFBundleURLTypes entry in Info.plist.'],
    solution: ['对所有传入参数进行严格校验，敏感回调改用 Universal Links，OAuth 使用 PKCE。', 'Validate every incoming parameter strictly, move sensitive callbacks to Universal Links and use PKCE for OAuth.'],
  },
  {
    name: 'usage_descriptions',
    risk: 'info',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-1'],
    title: ['隐私权限使用说明', 'Privacy permission usage descriptions', '隱私權限使用說明', 'プライバシー権限の利用目的'],
    purpose: ['列出应用声明的隐私权限（相机、定位、通讯录、麦克风等）及其用途说明。', 'Lists the privacy permissions the app declares (camera, location, contacts, microphone …) and their purpose strings.'],
    description: [
      'Info.plist 中的 NS*UsageDescription 键表明应用可能申请对应的隐私权限。超出业务需要的权限扩大了数据收集面，说明文字空泛或与实际用途不符还会带来合规风险与审核被拒。',
      'NS*UsageDescription keys in Info.plist show which privacy permissions the app may request. Permissions beyond what the features need widen data collection, and vague or misleading purpose strings raise compliance risk and App Review rejections.',
    ],
    testingSteps: ['读取 Info.plist 中所有以 UsageDescription 结尾的键及其文字。', 'Read every Info.plist key ending in UsageDescription and its text.'],
    solution: ['删除不需要的权限，用具体的文字说明每项权限的用途，并与隐私政策保持一致。', 'Remove permissions the app does not need, explain each one in concrete words, and keep them consistent with the privacy policy.'],
  },
  {
    name: 'min_os_version',
    risk: 'low',
    cwe: ['CWE-1104'],
    owasp: ['MASVS-CODE-1'],
    title: ['最低系统版本过低', 'Minimum OS version too low', '最低系統版本過低', '最小 OS バージョンが低い'],
    purpose: ['检查应用支持的最低 iOS 版本是否过旧。', 'Checks whether the oldest iOS version the app supports is outdated.'],
    description: [
      'MinimumOSVersion 低于 12.0 时，应用可以安装在已停止安全更新、存在大量公开漏洞的系统上，且无法使用较新的安全机制（如更严格的 ATS 默认值、指针认证等），应用数据的保护依赖于这些不再维护的系统。',
      'A MinimumOSVersion below 12.0 lets the app run on systems that no longer get security updates and have many public vulnerabilities, without newer protections (stricter ATS defaults, pointer authentication …); the app\'s data then depends on unmaintained systems.',
    ],
    testingSteps: ['读取 Info.plist 的 MinimumOSVersion（缺失时读取 LC_BUILD_VERSION / LC_VERSION_MIN_IPHONEOS 的 minos），与 12.0 比较。', 'Read MinimumOSVersion from Info.plist (else minos from LC_BUILD_VERSION / LC_VERSION_MIN_IPHONEOS) and compare it with 12.0.'],
    solution: ['将 Deployment Target 提升到仍受苹果安全支持的版本。', 'Raise the deployment target to a version Apple still supports with security updates.'],
  },
  {
    name: 'file_sharing',
    risk: 'low',
    cwe: ['CWE-200'],
    owasp: ['MASVS-STORAGE-2'],
    title: ['开启文件共享', 'File sharing enabled', '開啟檔案共享', 'ファイル共有が有効'],
    purpose: ['检查应用的 Documents 目录是否通过“文件”应用或电脑共享暴露。', 'Checks whether the app\'s Documents folder is exposed through the Files app or computer file sharing.'],
    description: [
      'UIFileSharingEnabled 或 LSSupportsOpeningDocumentsInPlace 为 true 时，Documents 目录中的全部文件可通过 Finder/iTunes 或“文件”应用直接读取与替换。存放在其中的数据库、缓存与配置会因此泄露或被篡改。',
      'With UIFileSharingEnabled or LSSupportsOpeningDocumentsInPlace set to true, everything in Documents can be read and replaced through Finder/iTunes or the Files app; databases, caches and settings kept there leak or can be tampered with.',
    ],
    testingSteps: ['读取 Info.plist 的 UIFileSharingEnabled 与 LSSupportsOpeningDocumentsInPlace。', 'Read UIFileSharingEnabled and LSSupportsOpeningDocumentsInPlace in Info.plist.'],
    solution: ['仅将面向用户的文件放在 Documents，内部数据放在 Library/Application Support 并设置文件保护级别。', 'Keep only user-facing files in Documents; put internal data in Library/Application Support with a file protection class.'],
  },
]);

export const PROVISIONING_ITEMS = iosItems('provisioning', [
  {
    name: 'get_task_allow',
    risk: 'high',
    cwe: ['CWE-489'],
    owasp: ['MASVS-RESILIENCE-4'],
    title: ['应用可被调试（get-task-allow）', 'App is debuggable (get-task-allow)', '應用程式可被除錯（get-task-allow）', 'アプリがデバッグ可能（get-task-allow）'],
    purpose: ['检查签名权限中是否包含 get-task-allow=true。', 'Checks whether the signed entitlements contain get-task-allow = true.'],
    description: [
      'get-task-allow 为 true 时，其他进程（调试器、注入工具）可以获取应用的 task port，附加调试、读取与修改内存。该权限只应出现在开发构建中，出现在分发包中说明使用了开发证书签名。',
      'With get-task-allow set to true, other processes (debuggers, injection tools) can obtain the app\'s task port, attach, and read and change its memory. Only development builds should have it; in a distributed package it means a development signature.',
    ],
    testingSteps: ['读取主程序代码签名中的权限（entitlements），缺失时读取 embedded.mobileprovision 中的 Entitlements，检查 get-task-allow。', 'Read the entitlements in the main executable\'s code signature (else the Entitlements of embedded.mobileprovision) and check get-task-allow.'],
    solution: ['使用发布（Distribution）证书与 App Store/Ad Hoc 描述文件重新签名。', 'Re-sign with a distribution certificate and an App Store or Ad Hoc provisioning profile.'],
  },
  {
    name: 'development_profile',
    risk: 'medium',
    cwe: ['CWE-489'],
    owasp: ['MASVS-CODE-1'],
    title: ['使用开发或企业描述文件', 'Development or enterprise provisioning profile', '使用開發或企業描述檔', '開発用またはエンタープライズのプロビジョニングプロファイル'],
    purpose: ['识别 embedded.mobileprovision 的类型（开发、Ad Hoc、企业、App Store）。', 'Identifies the type of embedded.mobileprovision (development, ad hoc, enterprise, App Store).'],
    description: [
      '开发描述文件（列出测试设备且允许调试）表明安装包是调试构建，通常带有调试代码与宽松配置；企业描述文件（ProvisionsAllDevices）可在任意设备安装，常被滥用于绕过 App Store 审核分发。二者都不应出现在面向公众发布的版本中。',
      'A development profile (device list and debugging allowed) marks a debug build, usually with debug code and loose settings; an enterprise profile (ProvisionsAllDevices) installs on any device and is often abused to distribute outside App Review. Neither belongs in a public release.',
    ],
    testingSteps: ['解析 embedded.mobileprovision（CMS 签名的 plist），根据 ProvisionsAllDevices、ProvisionedDevices 与 get-task-allow 判断类型。', 'Parse embedded.mobileprovision (a CMS-signed plist) and judge its type from ProvisionsAllDevices, ProvisionedDevices and get-task-allow.'],
    solution: ['公开发布使用 App Store 分发描述文件；内部测试包不应流出。', 'Use an App Store distribution profile for public releases and keep internal test builds internal.'],
  },
  {
    name: 'profile_expired',
    risk: 'low',
    cwe: ['CWE-298'],
    owasp: ['MASVS-CODE-1'],
    title: ['描述文件或签名证书已过期', 'Provisioning profile or signing certificate expired', '描述檔或簽章憑證已過期', 'プロファイルまたは署名証明書の期限切れ'],
    purpose: ['检查描述文件与签名证书的有效期。', 'Checks the validity period of the provisioning profile and the signing certificate.'],
    description: [
      '描述文件（ExpirationDate）或签名证书过期后，非 App Store 分发的应用无法再启动；仍在流通的过期包说明其来源陈旧，可能已被他人重新签名分发。',
      'After the profile (ExpirationDate) or signing certificate expires, an app distributed outside the App Store no longer launches; an expired package still in circulation is stale and may have been re-signed by someone else.',
    ],
    testingSteps: ['比较 embedded.mobileprovision 的 ExpirationDate 与签名证书的 notAfter 和分析时间。', 'Compare ExpirationDate of embedded.mobileprovision and notAfter of the signing certificate with the analysis time.'],
    solution: ['使用有效的证书与描述文件重新签名并重新分发。', 'Re-sign with a valid certificate and profile and redistribute.'],
  },
]);
