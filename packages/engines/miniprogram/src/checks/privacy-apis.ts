/**
 * Privacy-relevant platform APIs as data: what each collects, whether
 * WeChat requires it in requiredPrivateInfos (the eight location/address
 * APIs of the July 2022 rule) and which authorisation scope needs a
 * permission description in app.json. Button open-types that collect data
 * from templates are listed too.
 */

export type PrivacyCategory = 'location' | 'address' | 'album' | 'camera' | 'microphone' | 'phone' | 'clipboard' | 'bluetooth' | 'contacts' | 'user_info' | 'invoice' | 'werun' | 'wifi';

export const PRIVACY_CATEGORY_NAMES: Record<PrivacyCategory, [string, string]> = {
  location: ['位置信息', 'location'],
  address: ['收货地址', 'address'],
  album: ['相册', 'photo album'],
  camera: ['摄像头', 'camera'],
  microphone: ['麦克风', 'microphone'],
  phone: ['手机号', 'phone number'],
  clipboard: ['剪贴板', 'clipboard'],
  bluetooth: ['蓝牙', 'Bluetooth'],
  contacts: ['通讯录', 'contacts'],
  user_info: ['用户信息', 'user profile'],
  invoice: ['发票信息', 'invoice details'],
  werun: ['微信运动步数', 'WeRun steps'],
  wifi: ['Wi-Fi 信息', 'Wi-Fi details'],
};

export interface PrivacyApi {
  api: string;
  category: PrivacyCategory;
  /** Must be listed in requiredPrivateInfos (WeChat). */
  requiredPrivateInfo?: boolean;
  /** Authorisation scope whose permission description app.json should carry (WeChat). */
  scope?: string;
  /** Reads the clipboard. */
  clipboardRead?: boolean;
}

const api = (name: string, category: PrivacyCategory, extra: Omit<PrivacyApi, 'api' | 'category'> = {}): PrivacyApi => ({ api: name, category, ...extra });

export const WECHAT_PRIVACY_APIS: readonly PrivacyApi[] = [
  api('getLocation', 'location', { requiredPrivateInfo: true, scope: 'scope.userLocation' }),
  api('getFuzzyLocation', 'location', { requiredPrivateInfo: true, scope: 'scope.userFuzzyLocation' }),
  api('onLocationChange', 'location', { requiredPrivateInfo: true }),
  api('startLocationUpdate', 'location', { requiredPrivateInfo: true, scope: 'scope.userLocation' }),
  api('startLocationUpdateBackground', 'location', { requiredPrivateInfo: true, scope: 'scope.userLocationBackground' }),
  api('chooseLocation', 'location', { requiredPrivateInfo: true }),
  api('choosePoi', 'location', { requiredPrivateInfo: true }),
  api('chooseAddress', 'address', { requiredPrivateInfo: true }),
  api('chooseImage', 'album'),
  api('chooseMedia', 'album'),
  api('chooseVideo', 'album'),
  api('chooseMessageFile', 'album'),
  api('saveImageToPhotosAlbum', 'album'),
  api('saveVideoToPhotosAlbum', 'album'),
  api('createCameraContext', 'camera'),
  api('scanCode', 'camera'),
  api('getRecorderManager', 'microphone'),
  api('startRecord', 'microphone'),
  api('getClipboardData', 'clipboard', { clipboardRead: true }),
  api('openBluetoothAdapter', 'bluetooth'),
  api('startBluetoothDevicesDiscovery', 'bluetooth'),
  api('addPhoneContact', 'contacts'),
  api('chooseContact', 'contacts'),
  api('getUserInfo', 'user_info'),
  api('getUserProfile', 'user_info'),
  api('chooseInvoice', 'invoice'),
  api('chooseInvoiceTitle', 'invoice'),
  api('getWeRunData', 'werun'),
  api('getConnectedWifi', 'wifi'),
  api('getWifiList', 'wifi'),
];

export const ALIPAY_PRIVACY_APIS: readonly PrivacyApi[] = [
  api('getLocation', 'location'),
  api('chooseLocation', 'location'),
  api('chooseImage', 'album'),
  api('chooseVideo', 'album'),
  api('saveImage', 'album'),
  api('scan', 'camera'),
  api('getRecorderManager', 'microphone'),
  api('getPhoneNumber', 'phone'),
  api('getClipboard', 'clipboard', { clipboardRead: true }),
  api('openBluetoothAdapter', 'bluetooth'),
  api('startBluetoothDevicesDiscovery', 'bluetooth'),
  api('choosePhoneContact', 'contacts'),
  api('chooseAlipayContact', 'contacts'),
  api('chooseContact', 'contacts'),
  api('getOpenUserInfo', 'user_info'),
  api('getAuthCode', 'user_info'),
  api('getConnectedWifi', 'wifi'),
];

/** open-type values of <button> that hand personal data to the page. */
export const BUTTON_OPEN_TYPES: Readonly<Record<string, PrivacyCategory>> = {
  getPhoneNumber: 'phone',
  getRealtimePhoneNumber: 'phone',
  chooseAvatar: 'user_info',
  getUserInfo: 'user_info',
  getAuthorize: 'phone',
};

/** Calls that show the platform's privacy consent flow is wired in (WeChat, 2023 rules). */
export const CONSENT_APIS: ReadonlySet<string> = new Set(['requirePrivacyAuthorize', 'onNeedPrivacyAuthorization', 'getPrivacySetting', 'openPrivacyContract']);
