/**
 * OpenHarmony / HarmonyOS permissions as data: level (normal, system_basic,
 * system_core) and grant mode (system_grant, user_grant) of the common ones,
 * taken from the OpenHarmony documentation (security/AccessToken:
 * permissions-for-all, permissions-for-all-user, restricted-permissions,
 * permissions-for-system-apps). Where the level changed between releases the
 * current one is kept. Plus the @ohos modules whose import shows that the
 * capability behind a sensitive permission is used (over-privilege hints).
 */
export type PermissionLevel = 'normal' | 'system_basic' | 'system_core';
export type GrantMode = 'system_grant' | 'user_grant';

export interface PermissionInfo {
  level: PermissionLevel;
  grant: GrantMode;
}

const P = 'ohos.permission.';
const table = (level: PermissionLevel, grant: GrantMode, names: string[]): [string, PermissionInfo][] => names.map((n) => [`${P}${n}`, { level, grant }]);

export const PERMISSIONS: ReadonlyMap<string, PermissionInfo> = new Map([
  ...table('normal', 'system_grant', [
    'USE_BLUETOOTH', 'GET_BUNDLE_INFO', 'PREPARE_APP_TERMINATE', 'PRINT', 'DISCOVER_BLUETOOTH', 'ACCELEROMETER', 'ACCESS_BIOMETRIC',
    'ACCESS_NOTIFICATION_POLICY', 'GET_NETWORK_INFO', 'GET_WIFI_INFO', 'GYROSCOPE', 'INTERNET', 'KEEP_BACKGROUND_RUNNING', 'NFC_CARD_EMULATION',
    'NFC_TAG', 'PRIVACY_WINDOW', 'PUBLISH_AGENT_REMINDER', 'SET_WIFI_INFO', 'VIBRATE', 'CLEAN_BACKGROUND_PROCESSES', 'COMMONEVENT_STICKY',
    'MODIFY_AUDIO_SETTINGS', 'RUNNING_LOCK', 'SET_WALLPAPER', 'ACCESS_CERT_MANAGER', 'RUN_DYN_CODE', 'READ_CLOUD_SYNC_CONFIG',
    'STORE_PERSISTENT_DATA', 'ACCESS_EXTENSIONAL_DEVICE_DRIVER', 'READ_ACCOUNT_LOGIN_STATE', 'PROTECT_SCREEN_LOCK_DATA', 'FILE_ACCESS_PERSIST',
    'WINDOW_TOPMOST',
  ]),
  ...table('normal', 'user_grant', [
    'ACCESS_BLUETOOTH', 'MEDIA_LOCATION', 'APP_TRACKING_CONSENT', 'ACTIVITY_MOTION', 'CAMERA', 'DISTRIBUTED_DATASYNC', 'LOCATION_IN_BACKGROUND',
    'LOCATION', 'APPROXIMATELY_LOCATION', 'MICROPHONE', 'READ_CALENDAR', 'WRITE_CALENDAR', 'READ_HEALTH_DATA', 'ACCESS_NEARLINK',
    'READ_WRITE_DOWNLOAD_DIRECTORY', 'READ_WRITE_DOCUMENTS_DIRECTORY', 'CUSTOM_SCREEN_CAPTURE', 'READ_MEDIA', 'WRITE_MEDIA',
  ]),
  ...table('system_basic', 'user_grant', [
    'READ_CONTACTS', 'WRITE_CONTACTS', 'READ_AUDIO', 'WRITE_AUDIO', 'READ_IMAGEVIDEO', 'WRITE_IMAGEVIDEO', 'READ_WRITE_DESKTOP_DIRECTORY',
    'READ_PASTEBOARD', 'SHORT_TERM_WRITE_IMAGEVIDEO', 'READ_CALL_LOG', 'WRITE_CALL_LOG', 'READ_CELL_MESSAGES', 'READ_MESSAGES', 'RECEIVE_MMS',
    'RECEIVE_SMS', 'RECEIVE_WAP_MESSAGES', 'SEND_MESSAGES',
  ]),
  ...table('system_basic', 'system_grant', [
    'SYSTEM_FLOAT_WINDOW', 'GET_TELEPHONY_STATE', 'SET_TELEPHONY_STATE', 'REQUIRE_FORM', 'MANAGE_BLUETOOTH', 'GET_BUNDLE_INFO_PRIVILEGED',
    'LISTEN_BUNDLE_CHANGE', 'INPUT_MONITORING', 'INTERCEPT_INPUT_EVENT', 'GET_WIFI_PEERS_MAC', 'CLOUDFILE_SYNC', 'START_ABILITIES_FROM_BACKGROUND',
    'GET_RUNNING_INFO', 'CLEAN_APPLICATION_DATA', 'ACCESS_DDK_USB', 'ACCESS_DDK_HID', 'READ_WRITE_USER_FILE', 'READ_WRITE_USB_DEV',
  ]),
  ...table('system_core', 'system_grant', ['INSTALL_BUNDLE', 'INSTALL_ENTERPRISE_BUNDLE', 'MANAGE_SHORTCUTS', 'MANAGE_MISSIONS', 'CAPTURE_SCREEN', 'ACCESS_CERT_MANAGER_INTERNAL']),
]);

export const LEVEL_RANK: Readonly<Record<PermissionLevel, number>> = { normal: 0, system_basic: 1, system_core: 2 };

export function permissionInfo(name: string): PermissionInfo | undefined {
  return PERMISSIONS.get(name);
}

/**
 * Module requests (ABC "@ohos:<module>" after the prefix, or "@kit.<Kit>")
 * any of which shows the capability behind a sensitive permission is used.
 * A permission listed here whose modules are all absent is an over-privilege hint.
 */
export const PERMISSION_CAPABILITIES: Readonly<Record<string, readonly string[]>> = {
  [`${P}CAMERA`]: ['multimedia.camera', 'multimedia.cameraPicker', 'multimedia.media', 'web.webview', 'scanBarcode', 'scanCore', '@kit.CameraKit', '@kit.ScanKit', '@kit.ArkWeb'],
  [`${P}MICROPHONE`]: ['multimedia.audio', 'multimedia.media', 'web.webview', '@kit.AudioKit', '@kit.MediaKit', '@kit.ArkWeb', '@kit.CoreSpeechKit'],
  [`${P}LOCATION`]: ['geoLocationManager', 'geolocation', 'web.webview', '@kit.LocationKit', '@kit.ArkWeb', '@kit.MapKit'],
  [`${P}APPROXIMATELY_LOCATION`]: ['geoLocationManager', 'geolocation', 'web.webview', '@kit.LocationKit', '@kit.ArkWeb', '@kit.MapKit'],
  [`${P}LOCATION_IN_BACKGROUND`]: ['geoLocationManager', 'geolocation', '@kit.LocationKit'],
  [`${P}READ_CONTACTS`]: ['contact', '@kit.ContactsKit'],
  [`${P}WRITE_CONTACTS`]: ['contact', '@kit.ContactsKit'],
  [`${P}READ_CALENDAR`]: ['calendarManager', '@kit.CalendarKit'],
  [`${P}WRITE_CALENDAR`]: ['calendarManager', '@kit.CalendarKit'],
  [`${P}READ_IMAGEVIDEO`]: ['file.photoAccessHelper', 'multimedia.mediaLibrary', '@kit.MediaLibraryKit'],
  [`${P}WRITE_IMAGEVIDEO`]: ['file.photoAccessHelper', 'multimedia.mediaLibrary', '@kit.MediaLibraryKit'],
  [`${P}ACCESS_BLUETOOTH`]: ['bluetooth.ble', 'bluetooth.access', 'bluetooth.connection', 'bluetooth.a2dp', 'bluetooth.hfp', 'bluetooth.socket', 'bluetoothManager', '@kit.ConnectivityKit'],
  [`${P}ACTIVITY_MOTION`]: ['sensor', '@kit.SensorServiceKit', '@kit.MultimodalAwarenessKit'],
  [`${P}READ_HEALTH_DATA`]: ['sensor', '@kit.SensorServiceKit'],
};
