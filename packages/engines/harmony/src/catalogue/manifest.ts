/** Manifest items (module.json of the Stage model, config.json of the FA model): debug switch, exported abilities, API levels. */
import { items } from './define-item.ts';

export const MANIFEST_ITEMS = items('manifest', [
  {
    name: 'debug',
    risk: 'high',
    cwe: ['CWE-489'],
    owasp: ['MASVS-RESILIENCE-4'],
    title: ['应用开启调试模式（debug=true）', 'App built with debugging enabled (debug=true)', '應用程式開啟除錯模式（debug=true）', 'アプリがデバッグ有効でビルドされている（debug=true）'],
    purpose: ['检测发布包是否开启了调试开关。', 'Checks whether the release package has the debug switch on.'],
    description: [
      'module.json 的 app.debug（Stage 模型）或 config.json 的 deviceConfig.*.debug（FA 模型）为 true 时，应用可被 hdc 附加调试器、导出沙箱数据并在运行时修改逻辑；调试包通常还关闭了部分编译优化与混淆。',
      'When app.debug in module.json (Stage model) or deviceConfig.*.debug in config.json (FA model) is true, the app can be attached to with a debugger over hdc, its sandbox data exported and its logic changed at run time; debug builds usually also skip optimisation and obfuscation.',
    ],
    testingSteps: ['读取每个 HAP/HSP 的 module.json 的 app.debug，或 config.json 中每个 deviceConfig 的 debug 字段。', 'Read app.debug from the module.json of every HAP/HSP, or the debug field of every deviceConfig in config.json.'],
    solution: ['使用 release 构建模式打包（build-profile.json5 中 buildMode 为 release），确保 debug 为 false 后再签名发布。', 'Build with the release build mode (buildMode release in build-profile.json5) so that debug is false before signing and publishing.'],
  },
  {
    name: 'exported_ability',
    risk: 'medium',
    cwe: ['CWE-926'],
    owasp: ['MASVS-PLATFORM-1'],
    title: ['导出的 Ability 未设置访问权限', 'Exported ability without a permission', '匯出的 Ability 未設定存取權限', 'パーミッションなしで公開された Ability'],
    purpose: ['检测可被其他应用调用的 Ability 是否受权限保护。', 'Checks whether abilities other apps can start are protected by a permission.'],
    description: [
      'exported（Stage）或 visible（FA）为 true 且未声明 permissions 的 Ability 可被任意应用通过 Want 拉起，攻击者可以传入恶意参数、绕过应用内的访问控制或获取页面中的数据。桌面入口 Ability（带 entity.system.home 技能）必须导出，单独标为需关注。',
      'An ability with exported (Stage) or visible (FA) set to true and no permissions can be started by any app with a Want: an attacker can pass crafted parameters, skip in-app access control or read the data it shows. The launcher ability (with the entity.system.home skill) must be exported and is reported for review only.',
    ],
    testingSteps: ['遍历 module.json 的 abilities（或 config.json 中 type 为 page/service/data 的 abilities），找出 exported/visible 为 true 且 permissions 为空的项。', 'Walk the abilities of module.json (or the page/service/data abilities of config.json) and list those with exported/visible true and no permissions.'],
    solution: ['不需要被外部调用的 Ability 设置 exported 为 false；需要导出的 Ability 声明 permissions（signature 级或自定义权限），并校验 Want 中的所有参数。', 'Set exported to false on abilities that other apps do not need; protect the ones that must be exported with permissions and validate every Want parameter.'],
  },
  {
    name: 'exported_extension_ability',
    risk: 'medium',
    cwe: ['CWE-926'],
    owasp: ['MASVS-PLATFORM-1'],
    title: ['导出的 ExtensionAbility 未设置访问权限', 'Exported extension ability without a permission', '匯出的 ExtensionAbility 未設定存取權限', 'パーミッションなしで公開された ExtensionAbility'],
    purpose: ['检测可被其他应用访问的 ExtensionAbility（服务、数据共享、文件共享等）是否受权限保护。', 'Checks whether extension abilities other apps can reach (service, dataShare, fileShare …) are protected by a permission.'],
    description: [
      'exported 为 true 且未声明 permissions（DataShare 类型还包括 readPermission/writePermission）的 ExtensionAbility 可被任意应用连接或访问，可能泄露数据或被滥用执行敏感操作。',
      'An extension ability with exported true and no permissions (for dataShare also no readPermission/writePermission) can be connected to or queried by any app, which can leak data or abuse its operations.',
    ],
    testingSteps: ['遍历 module.json 的 extensionAbilities，列出 exported 为 true 且 permissions、readPermission、writePermission 均为空的项及其 type。', 'Walk extensionAbilities in module.json and list those with exported true and neither permissions nor readPermission/writePermission, with their type.'],
    solution: ['不需要对外提供的 ExtensionAbility 设置 exported 为 false；对外提供时声明访问权限，并在实现中校验调用方身份。', 'Set exported to false where not needed; otherwise declare a permission and check the caller\'s identity in the implementation.'],
    platforms: ['harmony_next'],
  },
  {
    name: 'old_api_level',
    risk: 'low',
    cwe: ['CWE-1104'],
    owasp: ['MASVS-CODE-3'],
    title: ['目标 API 版本过低', 'Target API level is old', '目標 API 版本過低', 'ターゲット API レベルが古い'],
    purpose: ['检测应用的兼容与目标 API 版本是否过旧。', 'Checks whether the app\'s compatible and target API levels are outdated.'],
    description: [
      '目标 API 版本过低的应用无法获得新版本系统引入的安全默认值（如更严格的权限授权、ArkWeb 默认关闭文件访问等），并可能依赖已废弃的不安全接口。HarmonyOS NEXT 自 API 12 起发布，经典 HarmonyOS FA 应用 API 7 以下已不再维护。',
      'Apps targeting old API levels miss the secure defaults of newer releases (stricter permission grants, ArkWeb file access off by default …) and may rely on deprecated insecure APIs. HarmonyOS NEXT starts at API 12; classic HarmonyOS FA apps below API 7 are no longer maintained.',
    ],
    testingSteps: ['读取 module.json 的 app.minAPIVersion/targetAPIVersion（或 config.json 的 app.apiVersion.compatible/target），与平台推荐的最低版本比较。', 'Read app.minAPIVersion/targetAPIVersion from module.json (or app.apiVersion.compatible/target from config.json) and compare them with the platform\'s recommended minimum.'],
    solution: ['升级 SDK 并将 targetAPIVersion 提升到当前发布版本，适配新版本的安全行为变更。', 'Update the SDK and raise targetAPIVersion to a current release, adapting to its security behaviour changes.'],
  },
]);
