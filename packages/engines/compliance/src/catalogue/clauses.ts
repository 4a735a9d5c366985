/**
 * The regulation clauses the result is grouped by, and which catalogue items
 * (short keys) give evidence for each. Sources and numbering:
 * - 《App违法违规收集使用个人信息行为认定方法》(国信办秘字〔2019〕191号): its six
 *   parts 一 … 六 and their numbered behaviours, quoted verbatim (short form);
 * - GB/T 41391-2022 信息安全技术 移动互联网应用程序（App）收集个人信息基本要求:
 *   chapter 6 (6.1 最小必要收集, 6.3 特定类型个人信息, 6.4 告知同意, 6.5 系统权限,
 *   6.6 第三方收集管理) and its annexes (附录 E 低相关安卓权限, 附录 F 唯一设备识别码);
 * - GB/T 35273-2020 信息安全技术 个人信息安全规范: 5.2 最小必要, 5.4 授权同意,
 *   5.5 个人信息保护政策, 6.3 个人敏感信息的传输和存储, 9.7 第三方接入管理;
 * - 《常见类型移动互联网应用程序必要个人信息范围规定》(国信办秘字〔2021〕14号):
 *   第四条 (basic function and necessary information), 第五条 (the 39 types);
 * - 工业和信息化部《关于开展纵深推进APP侵害用户权益专项整治行动的通知》
 *   (工信部信管函〔2020〕164号): the numbered behaviours of its 整治任务
 *   (1 违规收集个人信息, 2 超范围收集个人信息, 5 强制、频繁、过度索取权限,
 *   6 APP频繁自启动和关联启动).
 */

export interface Clause {
  id: string;
  /** [zh-CN, en] */
  title: readonly [string, string];
  /** Where the clause is written, with the article. */
  refs: readonly string[];
  /** Items (short keys) whose results decide the verdict. */
  items: readonly string[];
}

const RD = '认定方法';
export const CLAUSES: readonly Clause[] = [
  {
    id: 'rd-1-1',
    title: ['在App中没有隐私政策，或者隐私政策中没有收集使用个人信息规则', 'The app has no privacy policy, or the policy has no rules for collecting and using personal information'],
    refs: [`${RD} 一.1`, 'GB/T 35273-2020 5.5'],
    items: ['policy.missing'],
  },
  {
    id: 'rd-1-2',
    title: ['在App首次运行时未通过弹窗等明显方式提示用户阅读隐私政策等收集使用规则', 'On first run the app does not prompt the user to read the privacy policy in an obvious way such as a dialog'],
    refs: [`${RD} 一.2`, 'GB/T 41391-2022 6.4'],
    items: ['dynamic.consent_popup', 'mini.privacy_authorization'],
  },
  {
    id: 'rd-1-3',
    title: ['隐私政策等收集使用规则难以访问', 'The privacy policy is hard to reach'],
    refs: [`${RD} 一.3`],
    items: ['dynamic.policy_reachability'],
  },
  {
    id: 'rd-2-1',
    title: ['未逐一列出App（包括委托的第三方或嵌入的第三方代码、插件）收集使用个人信息的目的、方式、范围等', 'The purposes, manner and scope of collection by the app, including embedded third-party code and plug-ins, are not listed one by one'],
    refs: [`${RD} 二.1`, 'GB/T 41391-2022 6.6', 'GB/T 35273-2020 9.7'],
    items: ['sdk.undisclosed', 'sdk.pi_collection'],
  },
  {
    id: 'rd-3-1',
    title: ['征得用户同意前就开始收集个人信息或打开可收集个人信息的权限', 'Personal information is collected, or permissions that allow it are opened, before the user consents'],
    refs: [`${RD} 三.1`, 'GB/T 41391-2022 6.4', 'GB/T 35273-2020 5.4', '工信部信管函〔2020〕164号 1'],
    items: ['startup.pre_consent_collection', 'startup.sdk_before_consent', 'startup.permission_request', 'mini.pre_consent_collection', 'harmony.pre_consent_collection', 'ios.idfa_without_att'],
  },
  {
    id: 'rd-4-1',
    title: ['收集的个人信息类型或打开的可收集个人信息权限与现有业务功能无关', 'The personal information collected, or the permissions opened, are unrelated to the business functions'],
    refs: [`${RD} 四.1`, 'GB/T 41391-2022 6.1', 'GB/T 41391-2022 6.5', 'GB/T 35273-2020 5.2', '工信部信管函〔2020〕164号 2'],
    items: ['permission.unused', 'pi.app_list', 'pi.running_processes', 'pi.accounts', 'pi.contacts', 'pi.call_log', 'pi.sms'],
  },
  {
    id: 'gb-41391-6-5',
    title: ['系统权限的申请应与收集个人信息的业务功能一致，并告知目的', 'System permissions must match the functions that collect personal information, with their purpose told'],
    refs: ['GB/T 41391-2022 6.5', 'GB/T 35273-2020 5.2'],
    items: ['ios.usage_description', 'mini.required_private_infos', 'permission.declared_unused'],
  },
  {
    id: 'necessary-pi',
    title: ['收集的个人信息超出 App 所属类型基本功能服务的必要个人信息范围', 'Personal information beyond the necessary scope of the basic function of the app\'s type'],
    refs: ['《常见类型移动互联网应用程序必要个人信息范围规定》第四条、第五条', 'GB/T 41391-2022 6.1'],
    items: ['permission.beyond_category'],
  },
  {
    id: 'rd-4-4',
    title: ['收集个人信息的频度等超出业务功能实际需要', 'Personal information is collected more often than the business functions need'],
    refs: [`${RD} 四.4`, 'GB/T 41391-2022 6.1', '工信部信管函〔2020〕164号 2'],
    items: ['dynamic.collection_frequency', 'startup.wakeups'],
  },
  {
    id: 'gb-41391-6-3',
    title: ['特定类型个人信息（不可变更的唯一设备识别码、位置、通讯录等）的收集', 'Collection of specific kinds of personal information (unchangeable device identifiers, location, contacts …)'],
    refs: ['GB/T 41391-2022 6.3', 'GB/T 41391-2022 附录F'],
    items: ['pi.device_id', 'pi.phone_number', 'pi.location', 'pi.wifi_info', 'pi.camera', 'pi.microphone', 'pi.clipboard', 'pi.calendar', 'pi.sensors'],
  },
  {
    id: 'rd-5-1',
    title: ['既未经用户同意，也未做匿名化处理，App客户端直接向第三方提供个人信息', 'The app provides personal information to third parties directly, without consent or anonymisation'],
    refs: [`${RD} 五.1`, 'GB/T 41391-2022 6.6', 'GB/T 35273-2020 9.7'],
    items: ['transfer.pi_to_network', 'dynamic.network_capture'],
  },
  {
    id: 'pipl-38-39',
    title: ['向境外提供个人信息应具备法定条件，并取得单独同意', 'Personal information provided abroad needs a legal basis and separate consent'],
    refs: ['《个人信息保护法》第三十八、三十九条', 'GB/T 35273-2020 9.8', '《数据出境安全评估办法》'],
    items: ['transfer.abroad', 'dynamic.network_capture'],
  },
  {
    id: 'gb-35273-6-3',
    title: ['传输个人敏感信息时应采用加密等安全措施', 'Sensitive personal information must be encrypted in transit'],
    refs: ['GB/T 35273-2020 6.3'],
    items: ['transfer.cleartext'],
  },
  {
    id: 'miit-164-6',
    title: ['APP频繁自启动和关联启动', 'The app starts itself and is started by or starts other apps'],
    refs: ['工信部信管函〔2020〕164号 6'],
    items: ['autostart.self_start', 'autostart.associated_start'],
  },
];
