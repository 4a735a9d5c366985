/**
 * The Android APIs through which an app (or an SDK inside it) collects a kind
 * of personal information, as data. Sources: the Android SDK reference (the
 * methods, fields and content URIs, and the permission each one needs), the
 * information categories of GB/T 41391-2022 (附录 D 可收集个人信息权限范围,
 * 附录 F 常见不可变更的唯一设备识别码) and the list of items regulators test
 * (App 违法违规收集使用个人信息行为认定方法, 工信部信管函〔2020〕164号).
 *
 * A method entry matches an invoke of `className->name` (any proto); an entry
 * with `stringArg` only when one of the call's arguments is that constant
 * (Settings.Secure.getString(resolver, "android_id")). A field entry matches
 * a static read; a string entry a constant loaded in the method (content URIs
 * written out as text).
 */

export const PI_TYPES = [
  'device_id',
  'phone_number',
  'location',
  'wifi_info',
  'contacts',
  'call_log',
  'sms',
  'calendar',
  'camera',
  'microphone',
  'clipboard',
  'app_list',
  'running_processes',
  'accounts',
  'sensors',
  // Kinds the Android table has no API for but iOS, HarmonyOS and mini-programs expose (photo library,
  // shipping address and invoice title, Bluetooth scans, the platform account's profile, health and steps).
  'photos',
  'address',
  'bluetooth',
  'user_profile',
  'fitness',
] as const;
export type PiType = (typeof PI_TYPES)[number];

export interface PiTypeInfo {
  /** [zh-CN, en, ja] */
  name: readonly [string, string, string];
  /** How sensitive the regulators treat the kind (GB/T 41391-2022 6.3 特定类型个人信息, 附录 F). */
  risk: 'medium' | 'low';
  /** Runtime permissions one of which the platform requires for the kind (for "requested but unused"). */
  permissions: readonly string[];
}

const P = (s: string): string => `android.permission.${s}`;

export const PI_TYPE_INFO: Record<PiType, PiTypeInfo> = {
  device_id: { name: ['设备标识符（IMEI/IMSI/序列号/MAC/Android ID/广告标识符）', 'device identifiers (IMEI, IMSI, serial, MAC, Android ID, advertising ID)', 'デバイス識別子（IMEI/IMSI/シリアル番号/MAC/Android ID/広告ID）'], risk: 'medium', permissions: [P('READ_PHONE_STATE')] },
  phone_number: { name: ['本机电话号码', 'the device phone number', '端末の電話番号'], risk: 'medium', permissions: [P('READ_PHONE_NUMBERS'), P('READ_PHONE_STATE'), P('READ_SMS')] },
  location: { name: ['位置信息（GPS、基站）', 'location (GPS, cell)', '位置情報（GPS・基地局）'], risk: 'medium', permissions: [P('ACCESS_FINE_LOCATION'), P('ACCESS_COARSE_LOCATION'), P('ACCESS_BACKGROUND_LOCATION')] },
  wifi_info: { name: ['WLAN 信息（BSSID/SSID、WLAN 扫描列表）', 'Wi-Fi information (BSSID/SSID, scan results)', 'Wi-Fi 情報（BSSID/SSID・スキャン結果）'], risk: 'medium', permissions: [P('ACCESS_FINE_LOCATION'), P('ACCESS_COARSE_LOCATION'), P('NEARBY_WIFI_DEVICES')] },
  contacts: { name: ['通讯录', 'contacts', '連絡先'], risk: 'medium', permissions: [P('READ_CONTACTS')] },
  call_log: { name: ['通话记录', 'call log', '通話履歴'], risk: 'medium', permissions: [P('READ_CALL_LOG')] },
  sms: { name: ['短信', 'SMS messages', 'SMS メッセージ'], risk: 'medium', permissions: [P('READ_SMS'), P('RECEIVE_SMS')] },
  calendar: { name: ['日历', 'calendar', 'カレンダー'], risk: 'low', permissions: [P('READ_CALENDAR')] },
  camera: { name: ['摄像头（拍照、录像）', 'camera (photos, video)', 'カメラ（撮影・録画）'], risk: 'medium', permissions: [P('CAMERA')] },
  microphone: { name: ['麦克风（录音）', 'microphone (audio recording)', 'マイク（録音）'], risk: 'medium', permissions: [P('RECORD_AUDIO')] },
  clipboard: { name: ['剪切板', 'clipboard', 'クリップボード'], risk: 'low', permissions: [] },
  app_list: { name: ['已安装应用列表', 'the list of installed apps', 'インストール済みアプリ一覧'], risk: 'medium', permissions: [P('QUERY_ALL_PACKAGES')] },
  running_processes: { name: ['运行中的进程与任务', 'running processes and tasks', '実行中のプロセスとタスク'], risk: 'low', permissions: [] },
  accounts: { name: ['设备上的账户', 'accounts on the device', '端末上のアカウント'], risk: 'medium', permissions: [P('GET_ACCOUNTS')] },
  sensors: { name: ['传感器数据', 'sensor data', 'センサーデータ'], risk: 'low', permissions: [P('BODY_SENSORS'), P('ACTIVITY_RECOGNITION')] },
  // No Android API in the table reads these: no permission is judged "unused" on their account.
  photos: { name: ['相册（照片、视频）', 'the photo library (photos, videos)', '写真ライブラリ（写真・動画）'], risk: 'medium', permissions: [] },
  address: { name: ['收货地址与发票抬头', 'shipping address and invoice title', '配送先住所と請求書の宛名'], risk: 'medium', permissions: [] },
  bluetooth: { name: ['蓝牙设备扫描', 'Bluetooth device scans', 'Bluetooth デバイスのスキャン'], risk: 'low', permissions: [] },
  user_profile: { name: ['平台账号资料（昵称、头像、用户标识）', 'the platform account profile (nickname, avatar, user id)', 'プラットフォームアカウント情報（ニックネーム・アバター・ユーザー ID）'], risk: 'low', permissions: [] },
  fitness: { name: ['运动与健康数据（步数）', 'fitness and health data (steps)', '運動・健康データ（歩数）'], risk: 'medium', permissions: [] },
};

export interface PiApi {
  type: PiType;
  /** What is read, shown in evidence, e.g. "IMEI". */
  what: string;
  /** Method: DEX descriptor of the class and the method name. */
  className?: string;
  method?: string;
  /** Only when this constant string is among the call's arguments. */
  stringArg?: string;
  /** Static field read: "Lcls;->name". */
  field?: string;
  /** A constant string loaded in the method (content:// URIs). */
  string?: string;
  /**
   * Also used for other ends than collecting (resolving who handles one
   * intent): listed, but a call in a build library (AndroidX, support) is not
   * counted as collection before consent.
   */
  weak?: true;
}

const TM = 'Landroid/telephony/TelephonyManager;';
const WIFI_INFO = 'Landroid/net/wifi/WifiInfo;';
const WIFI = 'Landroid/net/wifi/WifiManager;';
const LM = 'Landroid/location/LocationManager;';
const PM = 'Landroid/content/pm/PackageManager;';
const AM = 'Landroid/app/ActivityManager;';
const CLIP = 'Landroid/content/ClipboardManager;';

const m = (type: PiType, what: string, className: string, methods: string[], stringArg?: string): PiApi[] => methods.map((method) => ({ type, what, className, method, ...(stringArg ? { stringArg } : {}) }));

export const PI_APIS: readonly PiApi[] = [
  ...m('device_id', 'IMEI/MEID', TM, ['getDeviceId', 'getImei', 'getMeid']),
  ...m('device_id', 'IMSI', TM, ['getSubscriberId']),
  ...m('device_id', 'SIM serial (ICCID)', TM, ['getSimSerialNumber']),
  ...m('device_id', 'device serial', 'Landroid/os/Build;', ['getSerial']),
  { type: 'device_id', what: 'device serial', field: 'Landroid/os/Build;->SERIAL' },
  ...m('device_id', 'Android ID', 'Landroid/provider/Settings$Secure;', ['getString'], 'android_id'),
  ...m('device_id', 'Android ID', 'Landroid/provider/Settings$System;', ['getString'], 'android_id'),
  ...m('device_id', 'MAC address', WIFI_INFO, ['getMacAddress']),
  ...m('device_id', 'MAC address', 'Ljava/net/NetworkInterface;', ['getHardwareAddress']),
  ...m('device_id', 'Bluetooth MAC address', 'Landroid/bluetooth/BluetoothAdapter;', ['getAddress']),
  ...m('device_id', 'advertising ID (GAID)', 'Lcom/google/android/gms/ads/identifier/AdvertisingIdClient;', ['getAdvertisingIdInfo']),
  ...m('device_id', 'OAID (Huawei)', 'Lcom/huawei/hms/ads/identifier/AdvertisingIdClient;', ['getAdvertisingIdInfo']),
  ...m('device_id', 'OAID (MSA)', 'Lcom/bun/miitmdid/core/MdidSdkHelper;', ['InitSdk']),
  ...m('phone_number', 'line 1 number', TM, ['getLine1Number']),
  ...m('location', 'cell location', TM, ['getCellLocation', 'getAllCellInfo', 'getNeighboringCellInfo', 'requestCellInfoUpdate']),
  ...m('location', 'GPS / network location', LM, ['getLastKnownLocation', 'requestLocationUpdates', 'requestSingleUpdate', 'getCurrentLocation']),
  ...m('location', 'fused location', 'Lcom/google/android/gms/location/FusedLocationProviderClient;', ['getLastLocation', 'requestLocationUpdates', 'getCurrentLocation']),
  ...m('wifi_info', 'BSSID', WIFI_INFO, ['getBSSID']),
  ...m('wifi_info', 'SSID', WIFI_INFO, ['getSSID']),
  ...m('wifi_info', 'Wi-Fi scan results', WIFI, ['getScanResults', 'startScan']),
  ...m('wifi_info', 'Wi-Fi connection info', WIFI, ['getConnectionInfo']),
  { type: 'contacts', what: 'contacts provider', field: 'Landroid/provider/ContactsContract$Contacts;->CONTENT_URI' },
  { type: 'contacts', what: 'contacts provider (phones)', field: 'Landroid/provider/ContactsContract$CommonDataKinds$Phone;->CONTENT_URI' },
  { type: 'contacts', what: 'contacts provider', string: 'content://com.android.contacts' },
  { type: 'call_log', what: 'call log provider', field: 'Landroid/provider/CallLog$Calls;->CONTENT_URI' },
  { type: 'call_log', what: 'call log provider', string: 'content://call_log/calls' },
  { type: 'sms', what: 'SMS provider', field: 'Landroid/provider/Telephony$Sms;->CONTENT_URI' },
  { type: 'sms', what: 'SMS provider', field: 'Landroid/provider/Telephony$Sms$Inbox;->CONTENT_URI' },
  { type: 'sms', what: 'SMS provider', string: 'content://sms' },
  { type: 'calendar', what: 'calendar provider', field: 'Landroid/provider/CalendarContract$Events;->CONTENT_URI' },
  { type: 'calendar', what: 'calendar provider', string: 'content://com.android.calendar' },
  ...m('camera', 'camera', 'Landroid/hardware/Camera;', ['open']),
  ...m('camera', 'camera', 'Landroid/hardware/camera2/CameraManager;', ['openCamera']),
  ...m('microphone', 'audio recording', 'Landroid/media/AudioRecord;', ['startRecording']),
  ...m('microphone', 'audio recording', 'Landroid/media/MediaRecorder;', ['setAudioSource']),
  ...m('clipboard', 'clipboard contents', CLIP, ['getPrimaryClip', 'getText']),
  ...m('clipboard', 'clipboard contents', 'Landroid/text/ClipboardManager;', ['getText']),
  ...m('app_list', 'installed packages', PM, ['getInstalledPackages', 'getInstalledApplications']),
  { type: 'app_list', what: 'apps resolving an intent', className: PM, method: 'queryIntentActivities', weak: true },
  ...m('running_processes', 'running processes', AM, ['getRunningAppProcesses', 'getRunningTasks', 'getRunningServices', 'getRecentTasks']),
  ...m('accounts', 'accounts', 'Landroid/accounts/AccountManager;', ['getAccounts', 'getAccountsByType']),
  ...m('sensors', 'sensor listener', 'Landroid/hardware/SensorManager;', ['registerListener']),
];

/** Index of the method entries by "Lcls;->name". */
export function indexPiApis(apis: readonly PiApi[] = PI_APIS): { byMethod: Map<string, PiApi[]>; byField: Map<string, PiApi>; byString: Map<string, PiApi> } {
  const byMethod = new Map<string, PiApi[]>();
  const byField = new Map<string, PiApi>();
  const byString = new Map<string, PiApi>();
  for (const a of apis) {
    if (a.className && a.method) {
      const k = `${a.className}->${a.method}`;
      byMethod.set(k, [...(byMethod.get(k) ?? []), a]);
    } else if (a.field) byField.set(a.field, a);
    else if (a.string) byString.set(a.string, a);
  }
  return { byMethod, byField, byString };
}
