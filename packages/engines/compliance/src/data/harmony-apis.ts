/**
 * The HarmonyOS (ArkTS) modules and calls through which an app collects
 * personal information, and the permissions they need, as data. Sources:
 * HarmonyOS / OpenHarmony API reference — @ohos.geoLocationManager (and the
 * older @ohos.geolocation), @ohos.identifier.oaid (getOAID, needs
 * ohos.permission.APP_TRACKING_CONSENT), @ohos.telephony.sim /
 * @ohos.telephony.radio (GET_TELEPHONY_STATE), @ohos.contact
 * (READ_CONTACTS), @ohos.pasteboard (READ_PASTEBOARD for getData),
 * @ohos.bundle.bundleManager getAllBundleInfo / getAllApplicationInfo
 * (GET_BUNDLE_INFO_PRIVILEGED / GET_INSTALLED_BUNDLE_LIST), @ohos.multimedia.camera
 * (CAMERA), @ohos.multimedia.audio createAudioCapturer and
 * @ohos.multimedia.media createAVRecorder (MICROPHONE), @ohos.calendarManager
 * (READ_CALENDAR), @ohos.file.photoAccessHelper (READ_IMAGEVIDEO),
 * @ohos.bluetooth.ble (ACCESS_BLUETOOTH), @ohos.wifiManager (GET_WIFI_INFO),
 * @ohos.sensor (ACCELEROMETER, GYROSCOPE, ACTIVITY_MOTION, READ_HEALTH_DATA);
 * the permission list "应用权限列表" for which permission is user_grant.
 *
 * `module` is the import without "@ohos:" / "@ohos." (what the ABC module
 * record requests); `methods`, when given, restricts a decoded call to those
 * members (bundleManager is mostly harmless, its listing calls are not).
 */
import type { PiType } from './pi-apis.ts';

export interface HarmonyApi {
  module: string;
  type: PiType;
  what: string;
  methods?: readonly string[];
  permissions: readonly string[];
  /** Local names the module is imported as, when not its last segment ("identifier" for identifier.oaid, also via @kit.AdsKit). */
  roots?: readonly string[];
}

const P = (s: string): string => `ohos.permission.${s}`;
const LOCATION = [P('LOCATION'), P('APPROXIMATELY_LOCATION'), P('LOCATION_IN_BACKGROUND')];
const h = (module: string, type: PiType, what: string, permissions: readonly string[], methods?: readonly string[]): HarmonyApi => ({ module, type, what, permissions, ...(methods ? { methods } : {}) });

export const HARMONY_PI_APIS: readonly HarmonyApi[] = [
  h('geoLocationManager', 'location', 'location (geoLocationManager)', LOCATION),
  h('geolocation', 'location', 'location (geolocation)', LOCATION),
  { ...h('identifier.oaid', 'device_id', 'OAID (identifier.oaid)', [P('APP_TRACKING_CONSENT')]), roots: ['identifier'] },
  h('telephony.sim', 'device_id', 'SIM information (telephony.sim)', [P('GET_TELEPHONY_STATE')]),
  h('telephony.radio', 'device_id', 'cellular network / IMEI (telephony.radio)', [P('GET_TELEPHONY_STATE'), P('GET_NETWORK_INFO')]),
  h('contact', 'contacts', 'contacts (contact)', [P('READ_CONTACTS')]),
  h('pasteboard', 'clipboard', 'pasteboard (pasteboard.getData)', [P('READ_PASTEBOARD')], ['getData', 'getDataSync', 'getUnifiedData', 'getUnifiedDataSync']),
  h('bundle.bundleManager', 'app_list', 'installed apps (bundleManager)', [P('GET_BUNDLE_INFO_PRIVILEGED'), P('GET_INSTALLED_BUNDLE_LIST')], ['getAllBundleInfo', 'getAllApplicationInfo']),
  h('multimedia.camera', 'camera', 'camera (multimedia.camera)', [P('CAMERA')]),
  h('multimedia.audio', 'microphone', 'audio capture (createAudioCapturer)', [P('MICROPHONE')], ['createAudioCapturer']),
  h('multimedia.media', 'microphone', 'recorder (createAVRecorder)', [P('MICROPHONE')], ['createAVRecorder', 'createAudioRecorder']),
  h('calendarManager', 'calendar', 'calendar (calendarManager)', [P('READ_CALENDAR'), P('WRITE_CALENDAR')]),
  h('file.photoAccessHelper', 'photos', 'photo library (photoAccessHelper)', [P('READ_IMAGEVIDEO'), P('WRITE_IMAGEVIDEO')]),
  h('multimedia.mediaLibrary', 'photos', 'media library (mediaLibrary)', [P('READ_MEDIA'), P('WRITE_MEDIA')]),
  h('bluetooth.ble', 'bluetooth', 'Bluetooth LE scan (bluetooth.ble)', [P('ACCESS_BLUETOOTH')]),
  h('bluetoothManager', 'bluetooth', 'Bluetooth (bluetoothManager)', [P('ACCESS_BLUETOOTH'), P('USE_BLUETOOTH')]),
  h('wifiManager', 'wifi_info', 'Wi-Fi information (wifiManager)', [P('GET_WIFI_INFO')], ['getScanInfoList', 'getScanResults', 'getLinkedInfo', 'getLinkedInfoSync']),
  h('sensor', 'sensors', 'sensors (sensor)', [P('ACCELEROMETER'), P('GYROSCOPE'), P('ACTIVITY_MOTION'), P('READ_HEALTH_DATA')]),
];

/** Permission → the kind it opens (for "declared but unused" and the category table). */
export const HARMONY_PERMISSION_TYPES: ReadonlyMap<string, PiType> = new Map(HARMONY_PI_APIS.flatMap((a) => a.permissions.map((p) => [p, a.type] as const)));
