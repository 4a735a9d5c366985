/** Social login, sharing and instant-messaging SDKs. */
import { type SdkDefinition, defineSdk } from '../types.ts';

export const SOCIAL_SDKS: readonly SdkDefinition[] = [
  defineSdk('WeChat OpenSDK', 'social', ['com.tencent.mm.opensdk', 'com.tencent.mm.sdk'], {
    iosFrameworks: ['WechatOpenSDK'],
    iosClassPrefixes: ['WXApi', 'WXMediaMessage', 'WXWebpageObject', 'SendMessageToWXReq'],
    website: 'https://open.weixin.qq.com',
  }),
  defineSdk('QQ Connect (Tencent Open SDK)', 'social', ['com.tencent.tauth', 'com.tencent.connect', 'com.tencent.open'], {
    iosFrameworks: ['TencentOpenAPI'],
    iosClassPrefixes: ['TencentOAuth', 'QQApiInterface', 'QQApiObject'],
    website: 'https://connect.qq.com',
  }),
  defineSdk('Sina Weibo SDK', 'social', ['com.sina.weibo.sdk'], { iosFrameworks: ['WeiboSDK'], iosClassPrefixes: ['WeiboSDK', 'WBAuthorizeRequest', 'WBMessageObject'], website: 'https://open.weibo.com' }),
  defineSdk('Umeng Share', 'social', ['com.umeng.socialize'], { iosFrameworks: ['UMShare', 'UMSocialCore'], iosClassPrefixes: ['UMSocial'] }),
  defineSdk('ShareSDK (MobTech)', 'social', ['cn.sharesdk'], { iosFrameworks: ['ShareSDK'], iosClassPrefixes: ['ShareSDK', 'SSDK'], website: 'https://www.mob.com' }),
  defineSdk('Douyin OpenSDK', 'social', ['com.bytedance.sdk.open.douyin', 'com.bytedance.sdk.open.aweme'], { iosFrameworks: ['DouyinOpenSDK'], iosClassPrefixes: ['DouyinOpenSDK'] }),
  defineSdk('DingTalk Share SDK', 'social', ['com.android.dingtalk.share.ddsharemodule'], { iosFrameworks: ['DTShareKit'], iosClassPrefixes: ['DTOpenAPI'] }),
  defineSdk('Facebook SDK', 'social', ['com.facebook.login', 'com.facebook.share', 'com.facebook.appevents', 'com.facebook.applinks', 'com.facebook.gamingservices', 'com.facebook.internal', 'com.facebook.FacebookSdk'], {
    iosFrameworks: ['FBSDKCoreKit', 'FBSDKLoginKit', 'FBSDKShareKit', 'FBSDKGamingServicesKit'],
    iosClassPrefixes: ['FBSDK'],
    website: 'https://developers.facebook.com',
  }),
  defineSdk('Twitter Kit', 'social', ['com.twitter.sdk.android'], { iosFrameworks: ['TwitterKit', 'TwitterCore'], iosClassPrefixes: ['TWTR'] }),
  defineSdk('LINE SDK', 'social', ['com.linecorp.linesdk'], { iosFrameworks: ['LineSDK', 'LineSDKObjC'], iosClassPrefixes: ['LineSDK'] }),
  defineSdk('Google Sign-In', 'social', ['com.google.android.gms.auth.api.signin'], { iosFrameworks: ['GoogleSignIn'], iosClassPrefixes: ['GIDSignIn', 'GIDConfiguration'] }),
  defineSdk('VK SDK', 'social', ['com.vk.api.sdk', 'com.vk.sdk'], { iosFrameworks: ['VKSdkFramework'], iosClassPrefixes: ['VKSdk'] }),
  defineSdk('Kakao SDK', 'social', ['com.kakao.sdk'], { iosFrameworks: ['KakaoSDKCommon', 'KakaoSDKAuth'] }),
  defineSdk('Snap Kit', 'social', ['com.snapchat.kit.sdk'], { iosFrameworks: ['SCSDKLoginKit', 'SCSDKCreativeKit', 'SCSDKCoreKit'], iosClassPrefixes: ['SCSDK'] }),
  defineSdk('Tencent IM (Chat)', 'social', ['com.tencent.imsdk'], { iosFrameworks: ['ImSDK', 'ImSDK_Plus'], iosClassPrefixes: ['V2TIM', 'TIMManager'] }),
  defineSdk('RongCloud IM', 'social', ['io.rong'], { iosFrameworks: ['RongIMLib', 'RongIMKit', 'RongIMLibCore'], iosClassPrefixes: ['RCIM', 'RCCoreClient'], website: 'https://www.rongcloud.cn' }),
  defineSdk('NetEase Yunxin IM', 'social', ['com.netease.nimlib', 'com.netease.nim'], { iosFrameworks: ['NIMSDK'], iosClassPrefixes: ['NIMSDK'], website: 'https://yunxin.163.com' }),
  defineSdk('Easemob (Huanxin) IM', 'social', ['com.hyphenate', 'com.easemob'], { iosFrameworks: ['HyphenateChat', 'HyphenateLite'], iosClassPrefixes: ['EMClient'], website: 'https://www.easemob.com' }),
];
