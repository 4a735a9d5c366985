/** Map and location SDKs. */
import { type SdkDefinition, defineSdk } from '../types.ts';

export const MAP_SDKS: readonly SdkDefinition[] = [
  defineSdk('Baidu Map', 'map', ['com.baidu.mapapi', 'com.baidu.mapsdkplatform', 'com.baidu.platform.comapi', 'com.baidu.lbsapi'], {
    iosFrameworks: ['BaiduMapAPI_Base', 'BaiduMapAPI_Map', 'BaiduMapAPI_Search', 'BaiduMapAPI_Utils'],
    iosClassPrefixes: ['BMKMapView', 'BMKMapManager', 'BMKPoi', 'BMKGeo'],
    website: 'https://lbsyun.baidu.com',
  }),
  defineSdk('Baidu Location', 'map', ['com.baidu.location'], { iosFrameworks: ['BMKLocationKit'], iosClassPrefixes: ['BMKLocation'] }),
  defineSdk('Amap (AutoNavi)', 'map', ['com.amap.api', 'com.autonavi', 'com.loc'], {
    iosFrameworks: ['AMapFoundationKit', 'MAMapKit', 'AMapSearchKit', 'AMapNaviKit'],
    iosClassPrefixes: ['AMapServices', 'AMapSearch', 'MAMapView', 'MAAnnotation', 'MAPointAnnotation'],
    website: 'https://lbs.amap.com',
  }),
  defineSdk('Amap Location', 'map', ['com.amap.api.location'], { iosFrameworks: ['AMapLocationKit'], iosClassPrefixes: ['AMapLocation'] }),
  defineSdk('Tencent Map', 'map', ['com.tencent.tencentmap.mapsdk', 'com.tencent.lbssearch'], { iosFrameworks: ['QMapKit'], iosClassPrefixes: ['QMapView', 'QMSSearch'], website: 'https://lbs.qq.com' }),
  defineSdk('Tencent Location', 'map', ['com.tencent.map.geolocation'], { iosFrameworks: ['TencentLBS'], iosClassPrefixes: ['TencentLBSLocation'] }),
  defineSdk('Google Maps', 'map', ['com.google.android.gms.maps', 'com.google.maps.android'], { iosFrameworks: ['GoogleMaps'], iosClassPrefixes: ['GMSMapView', 'GMSServices', 'GMSMarker', 'GMSCamera'] }),
  defineSdk('Google Places', 'map', ['com.google.android.libraries.places'], { iosFrameworks: ['GooglePlaces'], iosClassPrefixes: ['GMSPlaces', 'GMSAutocomplete'] }),
  defineSdk('Google Location Services', 'map', ['com.google.android.gms.location'], {}),
  defineSdk('Huawei Map Kit', 'map', ['com.huawei.hms.maps'], {}),
  defineSdk('Huawei Location Kit', 'map', ['com.huawei.hms.location'], {}),
  defineSdk('Mapbox', 'map', ['com.mapbox'], { iosFrameworks: ['Mapbox', 'MapboxMaps', 'MapboxCoreMaps'], iosClassPrefixes: ['MGLMapView', 'MGL'] }),
  defineSdk('HERE SDK', 'map', ['com.here.sdk', 'com.here.android'], { iosFrameworks: ['heresdk', 'NMAKit'], iosClassPrefixes: ['NMAMapView'] }),
];
