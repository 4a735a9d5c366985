/**
 * The iOS APIs through which an app (or a framework inside it) collects
 * personal information, and the Info.plist usage description each needs, as
 * data. Sources: Apple Developer Documentation — the class references
 * (CoreLocation CLLocationManager, Contacts CNContactStore, Photos
 * PHPhotoLibrary/PHAsset, AVFoundation AVCaptureDevice/AVAudioRecorder,
 * UIKit UIPasteboard, AdSupport ASIdentifierManager, AppTrackingTransparency
 * ATTrackingManager, EventKit EventKitStore, CoreBluetooth CBCentralManager,
 * CoreMotion CMPedometer/CMMotionActivityManager, HealthKit HKHealthStore,
 * CoreTelephony CTTelephonyNetworkInfo, SystemConfiguration
 * CNCopyCurrentNetworkInfo, NetworkExtension NEHotspotNetwork) and
 * "Information Property List → Protected resources" (the NS…UsageDescription
 * keys; an app that touches the resource without its key is terminated).
 *
 * A `cls` entry matches an imported Objective-C class symbol
 * (`_OBJC_CLASS_$_<cls>`, how both Objective-C and Swift code reference a
 * system class) or, as reflection, a C string equal to the class name
 * (NSClassFromString("ASIdentifierManager"), which SDKs use to avoid linking
 * AdSupport). A `symbol` entry matches an imported C function; a `selector`
 * entry a name in the binary's __objc_methname (UIDevice identifierForVendor).
 */
import type { PiType } from './pi-apis.ts';

export interface IosApi {
  type: PiType;
  what: string;
  cls?: string;
  symbol?: string;
  /** An Objective-C selector the binary sends (its __objc_methname). */
  selector?: string;
  /** Usage-description keys any one of which the API needs (empty: none). */
  usage: readonly string[];
}

const LOCATION = ['NSLocationWhenInUseUsageDescription', 'NSLocationAlwaysAndWhenInUseUsageDescription', 'NSLocationAlwaysUsageDescription', 'NSLocationUsageDescription'];
const c = (cls: string, type: PiType, what: string, usage: readonly string[] = []): IosApi => ({ cls, type, what, usage });
const sel = (selector: string, type: PiType, what: string, usage: readonly string[] = []): IosApi => ({ selector, type, what, usage });
const f = (symbol: string, type: PiType, what: string, usage: readonly string[] = []): IosApi => ({ symbol, type, what, usage });

export const IOS_PI_APIS: readonly IosApi[] = [
  c('ASIdentifierManager', 'device_id', 'IDFA (advertisingIdentifier)', ['NSUserTrackingUsageDescription']),
  // UIDevice is imported by nearly every app: the selector is what shows the IDFV is read.
  sel('identifierForVendor', 'device_id', 'IDFV (-[UIDevice identifierForVendor])'),
  sel('advertisingIdentifier', 'device_id', 'IDFA (advertisingIdentifier selector)', ['NSUserTrackingUsageDescription']),
  c('ATTrackingManager', 'device_id', 'tracking authorisation (App Tracking Transparency)', ['NSUserTrackingUsageDescription']),
  c('CTTelephonyNetworkInfo', 'device_id', 'carrier (CTTelephonyNetworkInfo)'),
  c('CLLocationManager', 'location', 'location (CLLocationManager)', LOCATION),
  c('CNContactStore', 'contacts', 'contacts (CNContactStore)', ['NSContactsUsageDescription']),
  f('_ABAddressBookCopyArrayOfAllPeople', 'contacts', 'address book (ABAddressBook)', ['NSContactsUsageDescription']),
  c('PHPhotoLibrary', 'photos', 'photo library (PHPhotoLibrary)', ['NSPhotoLibraryUsageDescription', 'NSPhotoLibraryAddUsageDescription']),
  c('PHAsset', 'photos', 'photo library assets (PHAsset)', ['NSPhotoLibraryUsageDescription']),
  // AVCaptureDevice serves camera and microphone alike: either description satisfies it.
  c('AVCaptureDevice', 'camera', 'capture device (AVCaptureDevice)', ['NSCameraUsageDescription', 'NSMicrophoneUsageDescription']),
  c('AVAudioRecorder', 'microphone', 'audio recording (AVAudioRecorder)', ['NSMicrophoneUsageDescription']),
  f('_AudioQueueNewInput', 'microphone', 'audio input queue (AudioQueueNewInput)', ['NSMicrophoneUsageDescription']),
  c('UIPasteboard', 'clipboard', 'pasteboard (UIPasteboard)'),
  c('EKEventStore', 'calendar', 'calendar and reminders (EKEventStore)', ['NSCalendarsUsageDescription', 'NSCalendarsFullAccessUsageDescription', 'NSRemindersUsageDescription', 'NSRemindersFullAccessUsageDescription']),
  c('CBCentralManager', 'bluetooth', 'Bluetooth scan (CBCentralManager)', ['NSBluetoothAlwaysUsageDescription', 'NSBluetoothPeripheralUsageDescription']),
  c('CMPedometer', 'fitness', 'steps (CMPedometer)', ['NSMotionUsageDescription']),
  c('CMMotionActivityManager', 'fitness', 'motion activity (CMMotionActivityManager)', ['NSMotionUsageDescription']),
  c('HKHealthStore', 'fitness', 'health data (HKHealthStore)', ['NSHealthShareUsageDescription', 'NSHealthUpdateUsageDescription']),
  c('CMMotionManager', 'sensors', 'accelerometer / gyroscope (CMMotionManager)'),
  f('_CNCopyCurrentNetworkInfo', 'wifi_info', 'connected Wi-Fi SSID/BSSID (CNCopyCurrentNetworkInfo)'),
  c('NEHotspotNetwork', 'wifi_info', 'connected Wi-Fi (NEHotspotNetwork)'),
  c('ACAccountStore', 'accounts', 'system accounts (ACAccountStore)'),
  // A private class: reading it lists installed apps (App Store review rejects it; SDKs reach it by name).
  c('LSApplicationWorkspace', 'app_list', 'installed apps (LSApplicationWorkspace, private API)'),
];

/** Usage-description key → the information kind it announces (for "declared but unused" and the category table). */
export const USAGE_KEY_TYPES: Readonly<Record<string, PiType>> = {
  NSUserTrackingUsageDescription: 'device_id',
  NSLocationWhenInUseUsageDescription: 'location',
  NSLocationAlwaysAndWhenInUseUsageDescription: 'location',
  NSLocationAlwaysUsageDescription: 'location',
  NSLocationUsageDescription: 'location',
  NSContactsUsageDescription: 'contacts',
  NSPhotoLibraryUsageDescription: 'photos',
  NSPhotoLibraryAddUsageDescription: 'photos',
  NSCameraUsageDescription: 'camera',
  NSMicrophoneUsageDescription: 'microphone',
  NSCalendarsUsageDescription: 'calendar',
  NSCalendarsFullAccessUsageDescription: 'calendar',
  NSRemindersUsageDescription: 'calendar',
  NSRemindersFullAccessUsageDescription: 'calendar',
  NSBluetoothAlwaysUsageDescription: 'bluetooth',
  NSBluetoothPeripheralUsageDescription: 'bluetooth',
  NSMotionUsageDescription: 'fitness',
  NSHealthShareUsageDescription: 'fitness',
  NSHealthUpdateUsageDescription: 'fitness',
};

/** Descriptions that say nothing of the purpose (placeholders left by templates and SDK samples). */
export const PLACEHOLDER_DESCRIPTION = /^\s*(?:|test|todo|tbd|description|usage description|\$\([A-Z_]+\)|需要(?:访问|使用)?(?:您的)?(?:位置|相机|相册|麦克风|通讯录|日历)?权限?|请允许|允许访问|is used|used for)\s*[.。]?\s*$/i;
