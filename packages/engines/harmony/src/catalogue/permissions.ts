/** Permission items: levels above normal, user_grant permissions, over-privilege hints, missing reason/usedScene. */
import { items } from './define-item.ts';

export const PERMISSION_ITEMS = items('permissions', [
  {
    name: 'system_level',
    risk: 'high',
    cwe: ['CWE-250'],
    owasp: ['MASVS-PLATFORM-1'],
    title: ['申请 system_basic / system_core 级别权限', 'Requests system_basic or system_core permissions', '申請 system_basic / system_core 級別權限', 'system_basic / system_core レベルの権限を要求'],
    purpose: ['检测应用是否申请了高于 normal 级别的系统权限。', 'Checks whether the app requests permissions above the normal level.'],
    description: [
      'system_basic 与 system_core 级别的权限可访问系统级数据与能力（安装应用、读取短信通讯录、截屏等），普通应用只有通过 ACL 或提升 APL 才能获得。申请这类权限会显著扩大应用被攻破后的影响范围。',
      'system_basic and system_core permissions reach system data and capabilities (installing apps, reading messages and contacts, capturing the screen …); normal apps get them only through an ACL or an elevated APL. Requesting them widens the damage a compromised app can do.',
    ],
    testingSteps: ['读取 requestPermissions（FA 为 reqPermissions），按 OpenHarmony 权限表查得每个权限的级别与授权方式。', 'Read requestPermissions (reqPermissions in FA) and look each permission up in the OpenHarmony permission table for its level and grant mode.'],
    solution: ['删除非必要的系统级权限，优先使用 Picker、安全控件等无需权限的替代方案。', 'Remove system-level permissions that are not essential; prefer pickers and security components that need no permission.'],
  },
  {
    name: 'user_grant',
    risk: 'info',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-1'],
    title: ['申请用户授权（user_grant）敏感权限', 'Requests user_grant (sensitive) permissions', '申請使用者授權（user_grant）敏感權限', 'ユーザー許可（user_grant）の機密性の高い権限を要求'],
    purpose: ['列出需要用户授权的敏感权限，供隐私合规核对。', 'Lists the sensitive permissions that need the user\'s consent, for privacy review.'],
    description: [
      'user_grant 权限（相机、麦克风、位置、通讯录等）涉及用户隐私，需要在运行时弹窗获得用户同意，且应在隐私政策中说明用途。',
      'user_grant permissions (camera, microphone, location, contacts …) touch personal data; they need the user\'s consent at run time and must be explained in the privacy policy.',
    ],
    testingSteps: ['按权限表筛出授权方式为 user_grant 的已申请权限。', 'Select the requested permissions whose grant mode is user_grant in the permission table.'],
    solution: ['仅申请业务必需的敏感权限，在使用前动态申请，并在隐私政策中逐项披露用途。', 'Request only the sensitive permissions the features need, ask at the moment of use and disclose each purpose in the privacy policy.'],
  },
  {
    name: 'over_privileged',
    risk: 'medium',
    cwe: ['CWE-250'],
    owasp: ['MASVS-PLATFORM-1'],
    title: ['权限过度申请', 'Over-privileged permission requests', '權限過度申請', '権限の過剰な要求'],
    purpose: ['提示申请了但无法获得或代码中未见使用的权限。', 'Hints at permissions that are requested but cannot be granted or are not used by the code.'],
    description: [
      '权限级别高于签名 Profile 的 APL 且未列入 ACL 时，系统不会授予该权限，说明声明多余或打包配置错误；申请了敏感权限但字节码中未引用对应的系统能力（如相机、定位、麦克风）时，很可能属于过度申请。',
      'A permission above the APL of the signing profile and absent from its ACL is never granted, so the declaration is superfluous or the packaging is wrong; a sensitive permission whose system capability (camera, location, microphone …) is never imported by the bytecode is likely over-requested.',
    ],
    testingSteps: ['比较权限级别与 Profile 的 apl 及 allowed-acls；对相机、定位、麦克风、通讯录等权限，检查 ABC 模块记录中是否导入了对应的 @ohos 模块。', 'Compare each permission\'s level with the profile\'s apl and allowed-acls; for camera, location, microphone, contacts and similar permissions, check whether the ABC module records import the matching @ohos module.'],
    solution: ['删除无法获得或未使用的权限声明，使申请的权限与实际功能一致。', 'Remove declarations of permissions that cannot be granted or are unused, so requests match the features.'],
  },
  {
    name: 'missing_reason',
    risk: 'low',
    cwe: ['CWE-359'],
    owasp: ['MASVS-PRIVACY-4'],
    title: ['user_grant 权限缺少 reason 或 usedScene', 'user_grant permission without reason or usedScene', 'user_grant 權限缺少 reason 或 usedScene', 'user_grant 権限に reason または usedScene がない'],
    purpose: ['检测敏感权限是否向用户说明了申请理由与使用场景。', 'Checks whether sensitive permissions tell the user why and where they are used.'],
    description: [
      '平台要求 user_grant 权限必须填写 reason（弹窗中展示给用户的理由）与 usedScene（使用该权限的 Ability 与时机）。缺失时用户无法做出知情选择，应用上架审核也会被拒。',
      'The platform requires reason (shown to the user in the grant dialog) and usedScene (the abilities and timing that use it) for every user_grant permission. Without them users cannot make an informed choice and store review rejects the app.',
    ],
    testingSteps: ['对每个 user_grant 权限检查 reason 是否存在且能在 resources.index 中解析，usedScene 是否列出 abilities 与 when。', 'For every user_grant permission check that reason is present and resolves through resources.index, and that usedScene lists abilities and when.'],
    solution: ['在 module.json5 的 requestPermissions 中为每个 user_grant 权限补充 reason（引用字符串资源）与 usedScene。', 'Add reason (a string resource) and usedScene to every user_grant permission in requestPermissions of module.json5.'],
  },
]);
