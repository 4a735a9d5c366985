/** Texts of the compliance screens (i18n keys under `compliance`). */
import i18n from '../../locales/i18n.ts';

i18n.addResourceBundle('zh', 'translation', {
  compliance: {
    listHint: '个人信息合规测评：依据 GB/T 41391-2022、GB/T 35273-2020、《App违法违规收集使用个人信息行为认定方法》和工信部164号文，对安卓安装包进行静态分析。',
    target: '安装包',
    targetHint: '支持 APK、AAB、APKS、XAPK。安装包内 assets 或 res/raw 中的隐私政策会被自动读取，用于核对第三方 SDK 是否披露。',
    deviceNote: '静态分析无法确认的项目（首次运行弹窗时机、隐私政策可达性、实际网络传输、收集频率）标记为“需真机检测”。',
    clauses: '按法规条款', clause: '条款', refs: '依据', verdict: '结论', items: '检测项',
    verdicts: { compliant: '合规', non_compliant: '不合规', needs_dynamic: '需真机检测' },
    sdkInventory: 'SDK 清单', sdkName: 'SDK', vendor: '提供方', category: '类别', collects: '收集的个人信息', disclosed: '隐私政策披露', preConsent: '同意前启动',
    disclosedYes: '已披露（{{as}}）', disclosedNo: '未披露', disclosedNoPolicy: '无隐私政策', notRequired: '无需披露', yes: '是', no: '否',
    startup: '同意前收集路径', entry: '入口', path: '调用路径', who: '责任方', app: '应用自身',
    noStartup: '未发现用户同意前即可到达的个人信息收集。',
    gates: '识别到的同意判断', policy: '隐私政策来源', noPolicy: '未找到隐私政策', graph: '调用图：{{methods}} 个方法，同意前可达 {{reached}} 个',
    graphTruncated: '（已达上限，部分未遍历）',
    allFindings: '全部检测项',
    piTypes: {
      device_id: '设备标识符', phone_number: '电话号码', location: '位置', wifi_info: 'WLAN 信息', contacts: '通讯录', call_log: '通话记录', sms: '短信', calendar: '日历',
      camera: '摄像头', microphone: '麦克风', clipboard: '剪切板', app_list: '应用列表', running_processes: '运行进程', accounts: '账户', sensors: '传感器',
    },
    entryKinds: { application: '应用初始化', provider: '内容提供者', launcher: '启动页', bootReceiver: '开机广播' },
  },
}, true, false);
i18n.addResourceBundle('en', 'translation', {
  compliance: {
    listHint: 'Personal-information compliance: static analysis of Android packages against GB/T 41391-2022, GB/T 35273-2020, the App illegal-collection identification method and MIIT notice 164.',
    target: 'Package',
    targetHint: 'APK, AAB, APKS or XAPK. A privacy policy under assets or res/raw in the package is read automatically to check which third-party SDKs it discloses.',
    deviceNote: 'What static analysis cannot establish (timing of the first-run prompt, reachability of the policy, actual network transfer, collection frequency) is marked "needs a device".',
    clauses: 'By regulation clause', clause: 'Clause', refs: 'Source', verdict: 'Verdict', items: 'Items',
    verdicts: { compliant: 'Compliant', non_compliant: 'Non-compliant', needs_dynamic: 'Needs a device' },
    sdkInventory: 'SDK inventory', sdkName: 'SDK', vendor: 'Vendor', category: 'Category', collects: 'Personal information collected', disclosed: 'In the privacy policy', preConsent: 'Starts before consent',
    disclosedYes: 'Disclosed ({{as}})', disclosedNo: 'Not disclosed', disclosedNoPolicy: 'No policy', notRequired: 'Not required', yes: 'Yes', no: 'No',
    startup: 'Collection before consent', entry: 'Entry', path: 'Call path', who: 'Responsible', app: 'The app',
    noStartup: 'No personal-information collection is reachable before consent.',
    gates: 'Consent checks recognised', policy: 'Privacy policy source', noPolicy: 'No privacy policy found', graph: 'Call graph: {{methods}} methods, {{reached}} reachable before consent',
    graphTruncated: ' (limit reached, partly walked)',
    allFindings: 'All items',
    piTypes: {
      device_id: 'Device identifiers', phone_number: 'Phone number', location: 'Location', wifi_info: 'Wi-Fi information', contacts: 'Contacts', call_log: 'Call log', sms: 'SMS', calendar: 'Calendar',
      camera: 'Camera', microphone: 'Microphone', clipboard: 'Clipboard', app_list: 'App list', running_processes: 'Running processes', accounts: 'Accounts', sensors: 'Sensors',
    },
    entryKinds: { application: 'Application', provider: 'ContentProvider', launcher: 'Launcher', bootReceiver: 'Boot receiver' },
  },
}, true, false);
