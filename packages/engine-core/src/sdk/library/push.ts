/** Push and messaging-engagement SDKs, including the Chinese vendor push channels. */
import { type SdkDefinition, sdk } from '../types.ts';

export const PUSH_SDKS: readonly SdkDefinition[] = [
  sdk('Getui Push', 'push', ['com.igexin', 'com.getui'], { iosFrameworks: ['GTSDK'], iosClassPrefixes: ['GeTuiSdk'], website: 'https://www.getui.com' }),
  sdk('JPush (Jiguang)', 'push', ['cn.jpush.android', 'cn.jpush'], { iosFrameworks: ['JPush'], iosClassPrefixes: ['JPUSH'], website: 'https://www.jiguang.cn' }),
  sdk('JCore (Jiguang)', 'push', ['cn.jiguang'], { iosFrameworks: ['JCore'], iosClassPrefixes: ['JCORE'] }),
  sdk('Umeng Push', 'push', ['com.umeng.message'], { iosFrameworks: ['UMPush'], iosClassPrefixes: ['UMessage'] }),
  sdk('Alibaba Agoo Push (Umeng/Aliyun channel)', 'push', ['org.android.agoo', 'com.taobao.agoo', 'com.taobao.accs'], {}),
  sdk('Aliyun Mobile Push', 'push', ['com.alibaba.sdk.android.push'], { iosFrameworks: ['CloudPushSDK'], iosClassPrefixes: ['CloudPushSDK'] }),
  sdk('Tencent Push (TPNS, XG)', 'push', ['com.tencent.android.tpush', 'com.tencent.tpns'], { iosClassPrefixes: ['XGPush'] }),
  sdk('Baidu Cloud Push', 'push', ['com.baidu.android.pushservice'], { iosClassPrefixes: ['BPush'] }),
  sdk('Huawei Push', 'push', ['com.huawei.hms.push'], { website: 'https://developer.huawei.com/consumer/en/hms/huawei-pushkit' }),
  sdk('Honor Push', 'push', ['com.hihonor.push'], {}),
  sdk('Xiaomi Push', 'push', ['com.xiaomi.mipush.sdk', 'com.xiaomi.push'], { iosClassPrefixes: ['MiPushSDK'] }),
  sdk('OPPO Push (HeyTap)', 'push', ['com.heytap.msp.push', 'com.heytap.mcssdk', 'com.coloros.mcssdk'], {}),
  sdk('vivo Push', 'push', ['com.vivo.push'], {}),
  sdk('Meizu Push', 'push', ['com.meizu.cloud.pushsdk'], {}),
  sdk('MobPush (MobTech)', 'push', ['com.mob.pushsdk'], { iosFrameworks: ['MobPush'], iosClassPrefixes: ['MobPush'] }),
  sdk('Firebase Cloud Messaging', 'push', ['com.google.firebase.messaging', 'com.google.firebase.iid'], { iosFrameworks: ['FirebaseMessaging'], iosClassPrefixes: ['FIRMessaging'] }),
  sdk('Firebase In-App Messaging', 'push', ['com.google.firebase.inappmessaging'], { iosFrameworks: ['FirebaseInAppMessaging'], iosClassPrefixes: ['FIRInAppMessaging'] }),
  sdk('OneSignal', 'push', ['com.onesignal'], { iosFrameworks: ['OneSignal', 'OneSignalFramework'], iosClassPrefixes: ['OneSignal'] }),
  sdk('Pushwoosh', 'push', ['com.pushwoosh'], { iosFrameworks: ['Pushwoosh'], iosClassPrefixes: ['Pushwoosh', 'PushNotificationManager'] }),
  sdk('Airship (Urban Airship)', 'push', ['com.urbanairship'], { iosFrameworks: ['AirshipKit', 'AirshipCore'], iosClassPrefixes: ['UAirship'] }),
  sdk('Braze (Appboy)', 'push', ['com.braze', 'com.appboy'], { iosFrameworks: ['Appboy_iOS_SDK', 'BrazeKit'], iosClassPrefixes: ['Appboy', 'Braze'] }),
  sdk('Leanplum', 'push', ['com.leanplum'], { iosFrameworks: ['Leanplum'], iosClassPrefixes: ['Leanplum'] }),
];
