/** Third-party SDKs and package-level information. */
import { iosItems } from './define-item.ts';

export const SDK_ITEMS = iosItems('sdk', [
  {
    name: 'third_party',
    risk: 'info',
    cwe: ['CWE-1357'],
    owasp: ['MASVS-CODE-3'],
    title: ['第三方 SDK', 'Third-party SDKs', '第三方 SDK', 'サードパーティ SDK'],
    purpose: ['列出应用集成的第三方 SDK 及其类别。', 'Lists the third-party SDKs in the app and their categories.'],
    description: [
      '第三方 SDK 运行在应用进程中，拥有应用的全部权限，其漏洞、数据收集行为与合规问题都会成为应用自身的问题。嵌入的动态框架（Frameworks/*.framework）按框架名识别，静态链接进主程序的 SDK 按 Objective-C 类名前缀与 Swift 模块名识别；各检测项的结果也标注问题属于应用本体还是某个 SDK。',
      'Third-party SDKs run in the app\'s process with all its rights; their flaws, data collection and compliance issues become the app\'s own. Embedded dynamic frameworks (Frameworks/*.framework) are recognised by name, SDKs linked statically into the main executable by Objective-C class prefixes and Swift module names; findings are attributed to the app body or to the SDK they belong to.',
    ],
    testingSteps: ['将嵌入框架名、依赖库名、Objective-C 类名与 Swift 模块名与 SDK 特征库比对。', 'Match embedded framework names, linked library names, Objective-C class names and Swift module names against the SDK library.'],
    solution: ['核对 SDK 清单与隐私政策披露一致，及时升级存在漏洞的 SDK，移除不再使用的 SDK。', 'Check the list against the privacy policy, update vulnerable SDKs and remove unused ones.'],
    sdk: true,
  },
]);

export const INFO_ITEMS = iosItems('info', [
  {
    name: 'package_anomalies',
    risk: 'medium',
    cwe: ['CWE-434'],
    owasp: ['MASVS-RESILIENCE-2'],
    title: ['安装包结构异常', 'Package structure anomalies', '安裝套件結構異常', 'パッケージ構造の異常'],
    purpose: ['检测 IPA 的 ZIP 结构异常与无法解析的部分。', 'Finds ZIP structure anomalies and unreadable parts of the package.'],
    description: [
      '重复的条目名、本地与中心目录不一致、非法路径（如 ../）、损坏的 Mach-O 切片或 plist 等异常会使分析工具与系统看到不同的内容，常见于被篡改或对抗分析的安装包。',
      'Duplicate entry names, local and central names that differ, unsafe paths (../), broken Mach-O slices or property lists make tools and the system see different content; they are common in tampered or anti-analysis packages.',
    ],
    testingSteps: ['比对 ZIP 中心目录与本地文件头，记录解析 Mach-O 与 plist 时遇到的结构错误。', 'Compare the ZIP central directory with the local headers and record structural errors met while reading Mach-O files and property lists.'],
    solution: ['使用官方工具链构建与导出，排查构建流程中修改安装包的步骤。', 'Build and export with the official toolchain and review any step that alters the package.'],
    sdk: true,
  },
]);
