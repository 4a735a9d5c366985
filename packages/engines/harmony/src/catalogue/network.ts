/** Network configuration items: cleartext traffic permitted by the package's configuration. */
import { items } from './define-item.ts';

export const NETWORK_ITEMS = items('network', [
  {
    name: 'cleartext_traffic',
    risk: 'high',
    cwe: ['CWE-319'],
    owasp: ['MASVS-NETWORK-1'],
    title: ['允许明文 HTTP 流量', 'Cleartext HTTP traffic allowed', '允許明文 HTTP 流量', '平文の HTTP 通信が許可されている'],
    purpose: ['检测应用配置是否允许未加密的网络通信。', 'Checks whether the app\'s configuration permits unencrypted network traffic.'],
    description: [
      'FA 模型 config.json 的 deviceConfig.*.network.cleartextTraffic 或 securityConfig.domainSettings.cleartextPermitted 为 true，或 Stage 模型 resources/base/profile/network_config.json 中 cleartextTrafficPermitted 为 true 时，应用可以使用明文 HTTP，通信内容可被同一网络中的攻击者窃听和篡改。',
      'With deviceConfig.*.network.cleartextTraffic or securityConfig.domainSettings.cleartextPermitted true in config.json (FA model), or cleartextTrafficPermitted true in resources/base/profile/network_config.json (Stage model), the app may use plain HTTP, which an attacker on the same network can read and modify.',
    ],
    testingSteps: ['读取 config.json 每个 deviceConfig 的 network 配置，或 Stage 包中的 network_config.json，列出允许明文的全局配置与域名。', 'Read the network settings of every deviceConfig in config.json, or network_config.json in a Stage package, and list the global setting and domains that allow cleartext.'],
    solution: ['关闭 cleartextTraffic / cleartextTrafficPermitted，所有接口改用 HTTPS；确需明文的测试域名只在调试构建中放开。', 'Turn cleartextTraffic / cleartextTrafficPermitted off and use HTTPS for every endpoint; allow cleartext for test domains only in debug builds.'],
  },
]);
