/** Third-party SDKs and packers (hardening) detected in the package. */
import { items } from './define-item.ts';

export const SDK_ITEMS = items('sdk', [
  {
    name: 'third_party',
    risk: 'info',
    cwe: ['CWE-1357'],
    owasp: ['MASVS-CODE-3'],
    title: ['第三方 SDK', 'Third-party SDKs', '第三方 SDK', 'サードパーティ SDK'],
    purpose: ['列出安装包中集成的第三方 SDK 及其类别。', 'Lists the third-party SDKs in the package and their categories.'],
    description: [
      '第三方 SDK 与应用拥有相同的权限并运行在同一进程中，其漏洞、数据收集行为与合规问题都会影响应用本身。各代码检测项的结果也会标注问题属于应用本体还是某个 SDK。',
      'Third-party SDKs run in the app\'s process with its permissions; their flaws, data collection and compliance issues become the app\'s own. Code findings are attributed to the app body or to the SDK that owns the class.',
    ],
    testingSteps: ['按包名前缀将 DEX 中的类与 SDK 特征库（名称、包名前缀、类别）进行最长前缀匹配。', 'Match DEX class names against the SDK library (name, package prefix, category) by longest package prefix.'],
    solution: ['核对 SDK 清单与隐私政策披露一致，及时升级存在漏洞的 SDK，移除不再使用的 SDK。', 'Check the list against the privacy policy, update vulnerable SDKs and remove unused ones.'],
    sdk: true,
  },
]);

export const PACKER_ITEMS = items('packer', [
  {
    name: 'hardening',
    risk: 'info',
    cwe: ['CWE-656'],
    owasp: ['MASVS-RESILIENCE-3'],
    title: ['加固（加壳）识别', 'Packer (hardening) detection', '加固（加殼）識別', 'パッカー（難読化保護）の検出'],
    purpose: ['识别安装包是否已使用商业加固方案保护。', 'Identifies whether the package is protected by a commercial packer.'],
    description: [
      '360 加固、梆梆、爱加密、腾讯乐固、百度、阿里聚安全、网易易盾、DexProtector 等加固方案通过加密 DEX 与壳代码增加逆向难度。识别到加固时记为安全项；加固后 DEX 代码不可见，代码类检测结果可能不完整。',
      'Packers such as Jiagu 360, Bangcle, Ijiami, Tencent Legu, Baidu, Alibaba, NetEase Yidun and DexProtector encrypt the DEX behind stub code to resist reverse engineering. A detected packer counts as a protection; packed DEX code is hidden, so code findings may be incomplete.',
    ],
    testingSteps: ['比对本地库文件名、assets 文件名与 Application 壳类名等加固特征。', 'Compare native library names, asset names and stub Application classes with known packer signatures.'],
    solution: ['如需提高抗逆向能力，可使用成熟的加固方案，并在加固后重新进行安全检测。', 'To resist reverse engineering, use a mature packer and re-assess the hardened package.'],
  },
]);
