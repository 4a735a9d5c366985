/** Push and messaging-engagement SDKs, including the Chinese vendor push channels. */
import { type SdkDefinition, defineSdk } from '../types.ts';

export const PUSH_SDKS: readonly SdkDefinition[] = [
  defineSdk('Getui Push', 'push', ['com.igexin', 'com.getui'], { iosFrameworks: ['GTSDK'], iosClassPrefixes: ['GeTuiSdk'], website: 'https://www.getui.com' }),
  defineSdk('JPush (Jiguang)', 'push', ['cn.jpush.android', 'cn.jpush'], { iosFrameworks: ['JPush'], iosClassPrefixes: ['JPUSH'], website: 'https://www.jiguang.cn' }),
  defineSdk('JCore (Jiguang)', 'push', ['cn.jiguang'], { iosFrameworks: ['JCore'], iosClassPrefixes: ['JCORE'] }),
  defineSdk('Umeng Push', 'push', ['com.umeng.message'], { iosFrameworks: ['UMPush'], iosClassPrefixes: ['UMessage'] }),
  defineSdk('Alibaba Agoo Push (Umeng/Aliyun channel)', 'push', ['org.android.agoo', 'com.taobao.agoo', 'com.taobao.accs'], {}),
  defineSdk('Aliyun Mobile Push', 'push', ['com.alibaba.sdk.android.push'], { iosFrameworks: ['CloudPushSDK'], iosClassPrefixes: ['CloudPushSDK'] }),
  defineSdk('Tencent Push (TPNS, XG)', 'push', ['com.tencent.android.tpush', 'com.tencent.tpns'], { iosClassPrefixes: ['XGPush'] }),
  defineSdk('Baidu Cloud Push', 'push', ['com.baidu.android.pushservice'], { iosClassPrefixes: ['BPush'] }),
  defineSdk('Huawei Push', 'push', ['com.huawei.hms.push'], { website: 'https://developer.huawei.com/consumer/en/hms/huawei-pushkit' }),
  defineSdk('Honor Push', 'push', ['com.hihonor.push'], {}),
  defineSdk('Xiaomi Push', 'push', ['com.xiaomi.mipush.sdk', 'com.xiaomi.push'], { iosClassPrefixes: ['MiPushSDK'] }),
  defineSdk('OPPO Push (HeyTap)', 'push', ['com.heytap.msp.push', 'com.heytap.mcssdk', 'com.coloros.mcssdk'], {}),
  defineSdk('vivo Push', 'push', ['com.vivo.push'], {}),
  defineSdk('Meizu Push', 'push', ['com.meizu.cloud.pushsdk'], {}),
  defineSdk('MobPush (MobTech)', 'push', ['com.mob.pushsdk'], { iosFrameworks: ['MobPush'], iosClassPrefixes: ['MobPush'] }),
  defineSdk('Firebase Cloud Messaging', 'push', ['com.google.firebase.messaging', 'com.google.firebase.iid'], { iosFrameworks: ['FirebaseMessaging'], iosClassPrefixes: ['FIRMessaging'] }),
  defineSdk('Firebase In-App Messaging', 'push', ['com.google.firebase.inappmessaging'], { iosFrameworks: ['FirebaseInAppMessaging'], iosClassPrefixes: ['FIRInAppMessaging'] }),
  defineSdk('OneSignal', 'push', ['com.onesignal'], { iosFrameworks: ['OneSignal', 'OneSignalFramework'], iosClassPrefixes: ['OneSignal'] }),
  defineSdk('Pushwoosh', 'push', ['com.pushwoosh'], { iosFrameworks: ['Pushwoosh'], iosClassPrefixes: ['Pushwoosh', 'PushNotificationManager'] }),
  defineSdk('Airship (Urban Airship)', 'push', ['com.urbanairship'], { iosFrameworks: ['AirshipKit', 'AirshipCore'], iosClassPrefixes: ['UAirship'] }),
  defineSdk('Braze (Appboy)', 'push', ['com.braze', 'com.appboy'], { iosFrameworks: ['Appboy_iOS_SDK', 'BrazeKit'], iosClassPrefixes: ['Appboy', 'Braze'] }),
  defineSdk('Leanplum', 'push', ['com.leanplum'], { iosFrameworks: ['Leanplum'], iosClassPrefixes: ['Leanplum'] }),
];
