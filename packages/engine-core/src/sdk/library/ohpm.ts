/**
 * HarmonyOS NEXT / OpenHarmony SDKs by ohpm package name. Only names seen in
 * public oh-package.json5 dependency lists and vendor integration guides are
 * listed. Names are unique in the library, so SDKs that also exist on Android
 * or iOS carry a " (HarmonyOS)" suffix.
 */
import type { SdkDefinition } from '../types.ts';

const ohpm = (name: string, category: SdkDefinition['category'], packages: string[], website?: string): SdkDefinition => ({ name: `${name} (HarmonyOS)`, category, ohpm: packages, ...(website ? { website } : {}) });

export const OHPM_SDKS: readonly SdkDefinition[] = [
  ohpm('WeChat OpenSDK', 'social', ['@tencent/wechat_open_sdk'], 'https://open.weixin.qq.com'),
  ohpm('QQ Connect (Tencent Open SDK)', 'social', ['@tencent/qq-open-sdk']),
  ohpm('Alipay SDK', 'payment', ['@cashier_alipay/cashiersdk', '@alipay/afservicesdk']),
  ohpm('Amap (AutoNavi)', 'map', ['@amap/amap_lbs_common', '@amap/amap_lbs_map3d', '@amap/amap_lbs_search']),
  ohpm('Amap Location', 'map', ['@amap/amap_lbs_location']),
  ohpm('Baidu Map', 'map', ['@bdmap/base', '@bdmap/map', '@bdmap/search']),
  ohpm('Tencent Map', 'map', ['@tencentmap/base', '@tencentmap/map']),
  ohpm('Tencent Location', 'map', ['@tencentmap/location_sdk']),
  ohpm('JPush (Jiguang)', 'push', ['@jg/push'], 'https://www.jiguang.cn'),
  ohpm('Huawei AppGallery Connect', 'other', ['@hw-agconnect/hmcore', '@hw-agconnect/ohos-apms']),
  ohpm('Tencent COS', 'other', ['@tencentcloud/cos']),
  ohpm('Tencent libpag', 'other', ['@tencent/libpag']),
  ohpm('Tencent MMKV', 'other', ['@ohos/mmkv']),
  ohpm('Lottie', 'other', ['@ohos/lottie']),
  ohpm('axios', 'other', ['@ohos/axios']),
  ohpm('ImageKnife', 'other', ['@ohos/imageknife', '@ohos/gpu_transform']),
  ohpm('crypto-js', 'other', ['@ohos/crypto-js']),
  ohpm('httpclient', 'other', ['@ohos/httpclient']),
  ohpm('retrofit', 'other', ['@ohos/retrofit']),
  ohpm('dataORM', 'other', ['@ohos/dataorm']),
  ohpm('Protocol Buffers', 'other', ['@ohos/protobufjs', '@ohos/protobuf_format', 'protobufjs']),
  ohpm('React Native for OpenHarmony', 'other', ['@rnoh/react-native-openharmony']),
  ohpm('Volcengine ImageX', 'other', ['@imagex/imagex_bdimageknife', '@imagex/imagex_gpu_transform', '@imagex/imagex_heifdecoder']),
];
