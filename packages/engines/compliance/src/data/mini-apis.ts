/**
 * The mini-program APIs through which a WeChat or Alipay mini-program (or a
 * plug-in / npm package inside it) collects personal information, as data.
 *
 * Sources:
 * - WeChat: 微信开放文档 小程序 → 开发 → 用户隐私保护 →《小程序隐私协议开发指南》
 *   (the list of 隐私接口 that need the user's agreement, 2023-08 onwards),
 *   app.json 全局配置 `requiredPrivateInfos` (the eight location/address
 *   APIs that must be declared, 2022-07-14) and `permission`
 *   (scope.userLocation, scope.userFuzzyLocation,
 *   scope.userLocationBackground), <button open-type> (getPhoneNumber,
 *   getRealtimePhoneNumber, chooseAvatar, getUserInfo).
 * - Alipay: 支付宝开放平台 小程序文档 → API (my.getLocation, my.getAuthCode
 *   with scopes auth_user / auth_base, my.getOpenUserInfo, my.getPhoneNumber,
 *   my.getClipboard …) and <button open-type="getAuthorize" scope="phoneNumber|userInfo">.
 *
 * `declare` names what app.json must carry for the API: a requiredPrivateInfos
 * entry (WeChat) and/or a permission scope with a description (WeChat).
 */
import type { PiType } from './pi-apis.ts';

export interface MiniApi {
  /** Member of wx / my (also reached through uni. and Taro.). */
  api: string;
  type: PiType;
  what: string;
  /** WeChat: must be listed in app.json requiredPrivateInfos. */
  requiredPrivateInfo?: boolean;
  /** WeChat: the authorisation scope whose description app.json `permission` must carry. */
  scope?: string;
}

const a = (api: string, type: PiType, what: string, extra: Omit<MiniApi, 'api' | 'type' | 'what'> = {}): MiniApi => ({ api, type, what, ...extra });

export const WECHAT_PI_APIS: readonly MiniApi[] = [
  a('getLocation', 'location', 'precise location', { requiredPrivateInfo: true, scope: 'scope.userLocation' }),
  a('getFuzzyLocation', 'location', 'approximate location', { requiredPrivateInfo: true, scope: 'scope.userFuzzyLocation' }),
  a('chooseLocation', 'location', 'location picked on a map', { requiredPrivateInfo: true }),
  a('choosePoi', 'location', 'place picked on a map', { requiredPrivateInfo: true }),
  a('startLocationUpdate', 'location', 'continuous location', { requiredPrivateInfo: true, scope: 'scope.userLocation' }),
  a('startLocationUpdateBackground', 'location', 'location in the background', { requiredPrivateInfo: true, scope: 'scope.userLocationBackground' }),
  a('onLocationChange', 'location', 'location updates', { requiredPrivateInfo: true }),
  a('chooseAddress', 'address', 'shipping address', { requiredPrivateInfo: true }),
  a('chooseInvoiceTitle', 'address', 'invoice title'),
  a('chooseInvoice', 'address', 'invoice'),
  a('getUserProfile', 'user_profile', 'nickname and avatar'),
  a('getUserInfo', 'user_profile', 'user information'),
  a('getWeRunData', 'fitness', 'WeRun steps'),
  a('getClipboardData', 'clipboard', 'clipboard read'),
  a('setClipboardData', 'clipboard', 'clipboard write'),
  a('startBluetoothDevicesDiscovery', 'bluetooth', 'Bluetooth scan'),
  a('openBluetoothAdapter', 'bluetooth', 'Bluetooth adapter'),
  a('createBLEConnection', 'bluetooth', 'Bluetooth LE connection'),
  a('createCameraContext', 'camera', 'camera'),
  a('getRecorderManager', 'microphone', 'audio recording'),
  a('startRecord', 'microphone', 'audio recording'),
  a('joinVoIPChat', 'microphone', 'voice chat'),
  a('chooseImage', 'photos', 'photo album / camera'),
  a('chooseMedia', 'photos', 'photo album / camera'),
  a('chooseVideo', 'photos', 'video album / camera'),
  a('saveImageToPhotosAlbum', 'photos', 'photo album write'),
  a('saveVideoToPhotosAlbum', 'photos', 'video album write'),
  a('chooseContact', 'contacts', 'contact picked'),
  a('addPhoneContact', 'contacts', 'contact written'),
  a('getConnectedWifi', 'wifi_info', 'connected Wi-Fi'),
  a('getWifiList', 'wifi_info', 'Wi-Fi scan'),
];

export const ALIPAY_PI_APIS: readonly MiniApi[] = [
  a('getLocation', 'location', 'location'),
  a('chooseLocation', 'location', 'location picked on a map'),
  a('getOpenUserInfo', 'user_profile', 'nickname and avatar'),
  a('getPhoneNumber', 'phone_number', 'phone number (encrypted)'),
  a('getClipboard', 'clipboard', 'clipboard read'),
  a('setClipboard', 'clipboard', 'clipboard write'),
  a('startBluetoothDevicesDiscovery', 'bluetooth', 'Bluetooth scan'),
  a('openBluetoothAdapter', 'bluetooth', 'Bluetooth adapter'),
  a('createCameraContext', 'camera', 'camera'),
  a('scan', 'camera', 'camera scan'),
  a('getRecorderManager', 'microphone', 'audio recording'),
  a('chooseImage', 'photos', 'photo album / camera'),
  a('chooseVideo', 'photos', 'video album / camera'),
  a('saveImage', 'photos', 'photo album write'),
  a('choosePhoneContact', 'contacts', 'contact picked'),
  a('chooseAlipayContact', 'contacts', 'Alipay contact picked'),
  a('chooseContact', 'contacts', 'contact picked'),
  a('getConnectedWifi', 'wifi_info', 'connected Wi-Fi'),
];

/** my.getAuthCode({ scopes }): which scope hands over what (auth_base gives the user id silently). */
export const ALIPAY_AUTH_SCOPES: Readonly<Record<string, { type: PiType; what: string }>> = {
  auth_user: { type: 'user_profile', what: 'member information (auth_user)' },
  auth_base: { type: 'user_profile', what: 'user id (auth_base, silent)' },
  auth_zhima: { type: 'user_profile', what: 'Zhima credit (auth_zhima)' },
};

/** <button open-type> values (and Alipay's getAuthorize scope) that hand personal data to the page. */
export const WECHAT_OPEN_TYPES: Readonly<Record<string, { type: PiType; what: string }>> = {
  getPhoneNumber: { type: 'phone_number', what: 'phone number' },
  getRealtimePhoneNumber: { type: 'phone_number', what: 'phone number (real-time check)' },
  chooseAvatar: { type: 'user_profile', what: 'avatar' },
  getUserInfo: { type: 'user_profile', what: 'user information' },
};
export const ALIPAY_AUTHORIZE_SCOPES: Readonly<Record<string, { type: PiType; what: string }>> = {
  phoneNumber: { type: 'phone_number', what: 'phone number' },
  userInfo: { type: 'user_profile', what: 'nickname and avatar' },
};

/** WeChat calls that show the privacy-agreement flow is wired in (《小程序隐私协议开发指南》). */
export const WECHAT_PRIVACY_FLOW = new Set(['onNeedPrivacyAuthorization', 'requirePrivacyAuthorize', 'getPrivacySetting', 'openPrivacyContract']);
/** <button open-type="agreePrivacyAuthorization">: the page's own agreement button. */
export const AGREE_OPEN_TYPE = 'agreePrivacyAuthorization';

/** Page and App hooks that run without any user action when the mini-program opens. */
export const LAUNCH_HOOKS = ['onLaunch', 'onShow'];
export const PAGE_LOAD_HOOKS = ['onLoad', 'onShow', 'onReady'];
