/**
 * Resilience items: protections the app has (root, emulator, debugger and
 * tamper detection, obfuscation). Found → result safe; not found → fail with
 * low risk, because the protection is missing.
 */
import { items } from './define-item.ts';

export const RESILIENCE_ITEMS = items('resilience', [
  {
    name: 'root_detection',
    risk: 'low',
    cwe: ['CWE-919'],
    owasp: ['MASVS-RESILIENCE-1'],
    title: ['Root 环境检测', 'Root detection', 'Root 環境偵測', 'ルート検出'],
    purpose: ['检测应用是否识别已 root 的运行环境。', 'Checks whether the app recognises rooted devices.'],
    description: [
      '在已 root 的设备上，应用沙箱不再可靠，其他进程可以读取应用数据、注入代码。检测到 su 文件路径、Superuser/Magisk 包名、test-keys 标志或 RootBeer 等检测库时记为安全项；未检测到时提示缺少该防护。',
      'On a rooted device the sandbox no longer holds: other processes can read the app\'s data and inject code. su paths, Superuser/Magisk package names, test-keys checks or libraries such as RootBeer count as a protection; none found is reported as missing.',
    ],
    testingSteps: ['在 DEX 字符串与调用中查找 su 路径、root 管理应用包名、Build.TAGS 的 test-keys 判断与 root 检测库。', 'Look in DEX strings and calls for su paths, root manager packages, Build.TAGS test-keys checks and root detection libraries.'],
    solution: ['在敏感业务中加入多种 root 检测手段，并结合 Play Integrity 等服务端校验。', 'Combine several root checks for sensitive features and verify on the server with Play Integrity or similar.'],
  },
  {
    name: 'emulator_detection',
    risk: 'low',
    cwe: ['CWE-693'],
    owasp: ['MASVS-RESILIENCE-1'],
    title: ['模拟器环境检测', 'Emulator detection', '模擬器環境偵測', 'エミュレーター検出'],
    purpose: ['检测应用是否识别模拟器环境。', 'Checks whether the app recognises emulators.'],
    description: [
      '模拟器便于攻击者批量运行、动态调试与自动化攻击。检测到 goldfish、ranchu、ro.kernel.qemu 等模拟器特征判断时记为安全项。',
      'Emulators make bulk runs, dynamic analysis and automated attacks easy. Checks for goldfish, ranchu, ro.kernel.qemu and similar traits count as a protection.',
    ],
    testingSteps: ['在 DEX 字符串中查找模拟器特征字符串与相关系统属性。', 'Look in DEX strings for emulator traits and related system properties.'],
    solution: ['对高风险业务加入模拟器识别并结合服务端风控。', 'Add emulator detection to high-risk features and back it with server-side risk control.'],
  },
  {
    name: 'debugger_detection',
    risk: 'low',
    cwe: ['CWE-693'],
    owasp: ['MASVS-RESILIENCE-4'],
    title: ['调试器检测', 'Debugger detection', '除錯器偵測', 'デバッガー検出'],
    purpose: ['检测应用是否识别调试器或可调试状态。', 'Checks whether the app recognises debuggers or a debuggable state.'],
    description: [
      '调试器可以单步执行、读取内存与修改逻辑。检测到 Debug.isDebuggerConnected、ApplicationInfo.FLAG_DEBUGGABLE 判断或 TracerPid 检查时记为安全项。',
      'A debugger can step through code, read memory and change logic. Calls to Debug.isDebuggerConnected, ApplicationInfo.FLAG_DEBUGGABLE checks or TracerPid checks count as a protection.',
    ],
    testingSteps: ['在 DEX 中查找 Debug.isDebuggerConnected / waitingForDebugger 调用、ApplicationInfo.flags 与 FLAG_DEBUGGABLE(0x2) 的判断，以及 TracerPid 字符串。', 'Look in the DEX for Debug.isDebuggerConnected / waitingForDebugger calls, ApplicationInfo.flags tested against FLAG_DEBUGGABLE (0x2), and the TracerPid string.'],
    solution: ['在关键流程中加入调试器检测与响应。', 'Detect and respond to debuggers in critical flows.'],
  },
  {
    name: 'tamper_detection',
    risk: 'low',
    cwe: ['CWE-354'],
    owasp: ['MASVS-RESILIENCE-2'],
    title: ['签名与完整性校验', 'Signature and integrity check', '簽章與完整性校驗', '署名・完全性チェック'],
    purpose: ['检测应用是否在运行时校验自身签名或安装来源。', 'Checks whether the app verifies its own signature or installer at run time.'],
    description: [
      '重打包是植入恶意代码、去除广告或破解付费功能的常见手段。运行时读取自身签名（GET_SIGNATURES / GET_SIGNING_CERTIFICATES）或安装来源进行比对时记为安全项。',
      'Repackaging is how malware is injected and paid features are cracked. Reading the app\'s own signature (GET_SIGNATURES / GET_SIGNING_CERTIFICATES) or installer at run time counts as a protection.',
    ],
    testingSteps: ['查找以 GET_SIGNATURES(0x40) 或 GET_SIGNING_CERTIFICATES(0x8000000) 调用 PackageManager.getPackageInfo，以及 getInstallerPackageName 的调用。', 'Find PackageManager.getPackageInfo called with GET_SIGNATURES (0x40) or GET_SIGNING_CERTIFICATES (0x8000000), and getInstallerPackageName calls.'],
    solution: ['在运行时校验签名证书摘要，并结合服务端完整性校验。', 'Check the signing certificate digest at run time and verify integrity on the server.'],
  },
  {
    name: 'obfuscation',
    risk: 'low',
    cwe: ['CWE-656'],
    owasp: ['MASVS-RESILIENCE-3'],
    title: ['代码混淆', 'Code obfuscation', '程式碼混淆', 'コード難読化'],
    purpose: ['检测应用自身代码的类名与方法名是否经过混淆。', 'Checks whether class and method names of the app\'s own code are obfuscated.'],
    description: [
      '未混淆的代码保留了有意义的类名与方法名，反编译后可直接理解业务逻辑。应用自身类中短名称（如 a、b、c）占比高时记为已混淆。',
      'Unobfuscated code keeps meaningful names, so decompiled code reads like the source. A high share of short names (a, b, c …) in the app\'s own classes counts as obfuscated.',
    ],
    testingSteps: ['统计非第三方 SDK 类的简单类名中 1–2 个字符名称的比例。', 'Measure the share of one- or two-character simple names among classes outside known SDKs.'],
    solution: ['发布构建开启 R8/ProGuard 混淆，必要时使用商业加固。', 'Enable R8/ProGuard obfuscation in release builds, with commercial hardening where needed.'],
  },
]);
