/** Third-party SDKs (ohpm packages of the Stage model, Java packages of FA DEX code) and package-level information. */
import { items } from './define-item.ts';

export const SDK_ITEMS = items('sdk', [
  {
    name: 'third_party',
    risk: 'info',
    cwe: ['CWE-1357'],
    owasp: ['MASVS-CODE-3'],
    title: ['第三方 SDK', 'Third-party SDKs', '第三方 SDK', 'サードパーティ SDK'],
    purpose: ['列出安装包中集成的第三方 SDK 及其类别。', 'Lists the third-party SDKs in the package and their categories.'],
    description: ['第三方 SDK 与应用拥有相同权限并在同一进程中运行，其漏洞、数据收集行为与合规问题都会影响应用本身。', 'Third-party SDKs run in the app\'s process with its permissions; their flaws, data collection and compliance issues become the app\'s own.'],
    testingSteps: ['从 ABC 模块记录与记录名中提取 ohpm 包名（@normalized / @package / oh_modules 路径），FA 包还读取 DEX 类名，与 SDK 特征库匹配。', 'Extract ohpm package names from ABC module records and record names (@normalized, @package and oh_modules paths), plus DEX class names of FA packages, and match them against the SDK library.'],
    solution: ['核对 SDK 清单与隐私政策披露一致，及时升级存在漏洞的 SDK，移除不再使用的 SDK。', 'Check the list against the privacy policy, update vulnerable SDKs and remove unused ones.'],
  },
]);

export const INFO_ITEMS = items('info', [
  {
    name: 'archive_anomalies',
    risk: 'low',
    cwe: ['CWE-20'],
    owasp: ['MASVS-RESILIENCE-2'],
    title: ['安装包结构异常', 'Package structure anomalies', '安裝包結構異常', 'パッケージ構造の異常'],
    purpose: ['列出 ZIP 结构与清单中的异常。', 'Lists anomalies of the ZIP structure and the manifests.'],
    description: ['重复条目、名称不一致、清单字段类型错误等异常常见于篡改或对抗分析的安装包。', 'Duplicate entries, mismatched names and manifest fields of the wrong type are common in tampered packages or ones built to resist analysis.'],
    testingSteps: ['打开 HAP/APP 时记录 ZIP 读取器报告的异常，以及 module.json/config.json/pack.info 的字段形状问题。', 'Record the anomalies the ZIP reader reports and the shape problems of module.json, config.json and pack.info.'],
    solution: ['使用官方工具链重新打包，确认安装包未被篡改。', 'Rebuild with the official tool chain and confirm the package has not been tampered with.'],
  },
]);
