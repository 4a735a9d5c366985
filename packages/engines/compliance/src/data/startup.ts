/**
 * What runs before the user can agree to anything, what a consent gate looks
 * like, and what counts as self-start — as data. Sources: the Android
 * application lifecycle (Application.attachBaseContext/onCreate and every
 * ContentProvider.onCreate run at process start, before the first Activity;
 * the launcher Activity's onCreate/onStart/onResume draw the first screen,
 * where the consent dialog is usually shown); the SDK vendors' compliance
 * guides for their "agree first, then init" APIs (AMap 隐私合规接口
 * updatePrivacyShow/updatePrivacyAgree, Jiguang JCollectionAuth.setAuth,
 * Umeng UMConfigure.preInit/submitPolicyGrantResult, Getui PushManager
 * .setPrivacyPolicyStrategy, Tencent Bugly/TBS/QQ setIsPermissionGranted …);
 * and the broadcast actions MIIT lists for 自启动/关联启动 (工信部信管函〔2020〕164号).
 */

/** Method names of an entry class that run before consent, per kind of entry. */
export const ENTRY_METHODS = {
  application: ['<clinit>', '<init>', 'attachBaseContext', 'onCreate'],
  provider: ['<clinit>', '<init>', 'onCreate', 'attachInfo'],
  launcher: ['<clinit>', '<init>', 'onCreate', 'onStart', 'onResume', 'onPostCreate'],
  bootReceiver: ['<clinit>', '<init>', 'onReceive'],
} as const;

/** Broadcast actions a receiver listens to in order to start itself (self-start). */
export const SELF_START_ACTIONS: readonly string[] = [
  'android.intent.action.BOOT_COMPLETED',
  'android.intent.action.LOCKED_BOOT_COMPLETED',
  'android.intent.action.QUICKBOOT_POWERON',
  'com.htc.intent.action.QUICKBOOT_POWERON',
  'android.intent.action.REBOOT',
  'android.intent.action.USER_PRESENT',
  'android.net.conn.CONNECTIVITY_CHANGE',
  'android.net.wifi.WIFI_STATE_CHANGED',
  'android.net.wifi.STATE_CHANGE',
  'android.intent.action.PACKAGE_ADDED',
  'android.intent.action.PACKAGE_REMOVED',
  'android.intent.action.PACKAGE_REPLACED',
  'android.intent.action.ACTION_POWER_CONNECTED',
  'android.intent.action.ACTION_POWER_DISCONNECTED',
  'android.intent.action.MEDIA_MOUNTED',
  'android.intent.action.TIME_SET',
];

/** The boot actions: a receiver of one of these is a pre-consent entry point (it runs with no UI at all). */
export const BOOT_ACTIONS: readonly string[] = SELF_START_ACTIONS.slice(0, 5);

/**
 * Calls whose presence before an SDK init in the same method shows the app
 * asks for (or records) consent first: constant-key preference reads and
 * methods named like a consent check.
 */
export const CONSENT_NAME = /(?:agree|consent|privacy|protocol|policy|accept|grant|authoriz|yinsi|xieyi|tongyi|隐私|同意|协议)/i;

/** SDK APIs that are the vendor's consent switch: called before the SDK's init, they gate its collection. */
export const SDK_CONSENT_APIS: readonly string[] = [
  'Lcom/amap/api/maps/MapsInitializer;->updatePrivacyAgree',
  'Lcom/amap/api/maps/MapsInitializer;->updatePrivacyShow',
  'Lcom/amap/api/location/AMapLocationClient;->updatePrivacyAgree',
  'Lcom/amap/api/location/AMapLocationClient;->updatePrivacyShow',
  'Lcom/amap/api/services/core/ServiceSettings;->updatePrivacyAgree',
  'Lcn/jiguang/api/utils/JCollectionAuth;->setAuth',
  'Lcn/jpush/android/api/JPushInterface;->setAuth',
  'Lcom/umeng/commonsdk/UMConfigure;->preInit',
  'Lcom/umeng/commonsdk/UMConfigure;->submitPolicyGrantResult',
  'Lcom/igexin/sdk/PushManager;->setPrivacyPolicyStrategy',
  'Lcom/tencent/smtt/sdk/QbSdk;->setIsPermissionGranted',
  'Lcom/tencent/tauth/Tencent;->setIsPermissionGranted',
  'Lcom/baidu/mapapi/SDKInitializer;->setAgreePrivacy',
  'Lcom/baidu/location/LocationClient;->setAgreePrivacy',
  'Lcom/mob/MobSDK;->submitPolicyGrantResult',
];

/** Starting a component: with a constant package other than the app's own this is associated start (关联启动). */
export const START_COMPONENT_APIS: readonly string[] = [
  'Landroid/content/Context;->startService',
  'Landroid/content/Context;->startForegroundService',
  'Landroid/content/Context;->bindService',
  'Landroid/content/Context;->startActivity',
  'Landroid/content/Context;->sendBroadcast',
  'Landroid/content/ContextWrapper;->startService',
  'Landroid/content/ContextWrapper;->bindService',
  'Landroid/content/ContextWrapper;->startActivity',
  'Landroid/content/ContextWrapper;->sendBroadcast',
  'Landroid/app/Activity;->startActivity',
];

/** Where another app's component is named: Intent.setClassName / setPackage / new ComponentName(pkg, cls). */
export const COMPONENT_NAMING_APIS: readonly string[] = ['Landroid/content/Intent;->setClassName', 'Landroid/content/Intent;->setPackage', 'Landroid/content/ComponentName;-><init>', 'Landroid/content/Intent;->setComponent'];

/** Wake-ups: alarms and wake-locks (at start they keep the app or an SDK running in the background). */
export const WAKEUP_APIS: readonly string[] = [
  'Landroid/app/AlarmManager;->set',
  'Landroid/app/AlarmManager;->setRepeating',
  'Landroid/app/AlarmManager;->setInexactRepeating',
  'Landroid/app/AlarmManager;->setExact',
  'Landroid/app/AlarmManager;->setExactAndAllowWhileIdle',
  'Landroid/app/AlarmManager;->setAndAllowWhileIdle',
  'Landroid/os/PowerManager$WakeLock;->acquire',
  'Landroid/app/job/JobScheduler;->schedule',
];

/** Runtime permission requests. */
export const PERMISSION_REQUEST_APIS: readonly string[] = [
  'Landroid/app/Activity;->requestPermissions',
  'Landroidx/core/app/ActivityCompat;->requestPermissions',
  'Landroid/support/v4/app/ActivityCompat;->requestPermissions',
  'Landroidx/fragment/app/Fragment;->requestPermissions',
  'Landroidx/activity/result/ActivityResultLauncher;->launch',
];

/** Network sinks: personal information read in a method that also sends over one of these is a transfer hint. */
export const NETWORK_APIS: readonly string[] = [
  'Ljava/net/URL;->openConnection',
  'Ljava/net/HttpURLConnection;->getOutputStream',
  'Ljava/net/URLConnection;->getOutputStream',
  'Lokhttp3/OkHttpClient;->newCall',
  'Lokhttp3/Call;->execute',
  'Lokhttp3/Call;->enqueue',
  'Lorg/apache/http/client/HttpClient;->execute',
  'Lorg/apache/http/impl/client/DefaultHttpClient;->execute',
  'Ljava/net/Socket;->getOutputStream',
  'Ljava/net/DatagramSocket;->send',
];

/** Reflection that names its target with constant strings, which the call graph follows. */
export const REFLECTION = {
  forName: 'Ljava/lang/Class;->forName',
  getMethod: ['Ljava/lang/Class;->getMethod', 'Ljava/lang/Class;->getDeclaredMethod'],
} as const;
