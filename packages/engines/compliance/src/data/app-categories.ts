/**
 * The 39 common app types and the personal information their basic function
 * needs, as data. Source: 国家互联网信息办公室、工业和信息化部、公安部、国家市场监督
 * 管理总局《常见类型移动互联网应用程序必要个人信息范围规定》(国信办秘字〔2021〕14号,
 * in force 2021-05-01), 第五条 (一)–(三十九): each type's basic function and its
 * necessary personal information, shortened here; GB/T 41391-2022 6.1 applies
 * the same minimum-necessary rule to the permissions an app opens.
 *
 * `allowed` lists the information kinds (pi-apis.ts) the device gives up that
 * the necessary information includes: location for map navigation, ride
 * hailing and car/bike sharing, device identifiers for app stores. Phone
 * numbers, names, ID numbers, addresses and payment details the user types
 * in are not read through a permission and are not judged here. Every other
 * kind an app of the type reads, or opens a permission for, is beyond its
 * basic function: lawful only for an extended function the user agrees to
 * separately, and refusing it must not block the basic function (第四条, 第六条).
 */
import type { PiType } from './pi-apis.ts';

export interface AppCategory {
  id: string;
  /** [zh-CN, en] */
  name: readonly [string, string];
  /** The basic function and its necessary information, as the 规定 puts them (shortened). */
  necessary: string;
  allowed: readonly PiType[];
}

const k = (id: string, zh: string, en: string, necessary: string, allowed: readonly PiType[] = []): AppCategory => ({ id, name: [zh, en], necessary, allowed });

export const APP_CATEGORIES: readonly AppCategory[] = [
  k('map_navigation', '地图导航类', 'Map navigation', '定位和导航：位置信息、出发地、到达地', ['location']),
  k('ride_hailing', '网络约车类', 'Ride hailing', '网络预约出租汽车服务：注册用户移动电话号码；乘车人出发地、到达地、位置信息、行踪轨迹；支付信息', ['location']),
  k('instant_messaging', '即时通信类', 'Instant messaging', '即时通信：注册用户移动电话号码；账号信息（账号、即时通信联系人账号列表）'),
  k('online_community', '网络社区类', 'Online community', '交流互动：注册用户移动电话号码'),
  k('online_payment', '网络支付类', 'Online payment', '网络支付：注册用户移动电话号码；注册用户姓名、证件类型和号码、证件有效期限、银行卡号码'),
  k('online_shopping', '网上购物类', 'Online shopping', '购买商品：注册用户移动电话号码；收货人姓名（名称）、地址、联系电话；支付信息', ['address']),
  k('food_delivery', '餐饮外卖类', 'Food delivery', '餐饮购买及外送：注册用户移动电话号码；收货人姓名（名称）、地址、联系电话；支付信息', ['address']),
  k('courier', '邮件快件寄递类', 'Postal and courier', '信件、包裹寄递：寄件人及收件人姓名、证件类型和号码、地址、联系电话；寄递物品信息', ['address']),
  k('transport_tickets', '交通票务类', 'Transport tickets', '交通票务查询、预订：注册用户移动电话号码；旅客姓名、证件类型和号码、旅客类型；支付信息'),
  k('dating', '婚恋相亲类', 'Dating and matchmaking', '婚恋相亲：注册用户移动电话号码；婚恋相亲人的性别、年龄、婚姻状况'),
  k('job_search', '求职招聘类', 'Job search and recruitment', '求职招聘信息交换：求职者提供的简历'),
  k('online_lending', '网络借贷类', 'Online lending', '网络借贷信息中介：注册用户移动电话号码；借款人姓名、证件类型和号码、证件有效期限、银行卡号码'),
  k('housing', '房屋租售类', 'Housing rental and sale', '个人房源信息发布、房屋出租或买卖：注册用户移动电话号码；房源基本信息'),
  k('used_cars', '二手车交易类', 'Used-car trading', '二手车买卖信息交换：注册用户移动电话号码；购买方及出售方姓名、证件类型和号码；车辆信息'),
  k('medical_booking', '问诊挂号类', 'Medical consultation and appointments', '在线咨询问诊、预约挂号：注册用户移动电话号码；患者姓名、证件类型和号码；病情描述'),
  k('travel', '旅游服务类', 'Travel services', '旅游服务产品信息发布与订购：注册用户移动电话号码；出行人姓名、证件类型和号码、联系方式'),
  k('hotels', '酒店服务类', 'Hotel services', '酒店预订：注册用户移动电话号码；住宿人姓名和联系方式、入住和退房时间、入住酒店名称'),
  k('online_games', '网络游戏类', 'Online games', '提供网络游戏产品和服务：注册用户移动电话号码'),
  k('education', '学习教育类', 'Learning and education', '在线辅导、网络课堂等：注册用户移动电话号码'),
  k('local_life', '本地生活类', 'Local life services', '家政维修、家居装修、二手闲置物品交易等：注册用户移动电话号码'),
  k('womens_health', '女性健康类', "Women's health", '女性经期管理、备孕育儿、美容美体等健康管理服务：无须个人信息'),
  k('car_services', '用车服务类', 'Car services', '共享单车、分时租赁汽车、汽车维修、停车等：注册用户移动电话号码；使用共享单车、分时租赁的用户证件、位置信息；支付信息', ['location']),
  k('investment', '投资理财类', 'Investment and wealth management', '股票、期货、基金、债券等交易：注册用户移动电话号码；投资理财用户姓名、证件类型和号码、证件有效期限、证件影印件；资金账户、银行卡号码或支付账号'),
  k('mobile_banking', '手机银行类', 'Mobile banking', '银行账户管理、资金转账、支付缴费：注册用户移动电话号码；用户姓名、证件类型和号码、证件有效期限、证件影印件、银行卡号码、银行预留移动电话号码；收款人信息；支付信息'),
  k('mail_cloud', '邮箱云盘类', 'E-mail and cloud storage', '邮箱、云盘等：注册用户移动电话号码'),
  k('remote_meetings', '远程会议类', 'Remote meetings', '通过网络提供音频或视频会议：注册用户移动电话号码；账号信息'),
  k('live_streaming', '网络直播类', 'Live streaming', '向公众持续提供实时视频、音频、图文等形式信息浏览服务：无须个人信息'),
  k('online_media', '在线影音类', 'Online audio and video', '影视、评书、有声读物、音乐等音视频节目播放：无须个人信息'),
  k('short_video', '短视频类', 'Short video', '不超过一定时长的视频搜索、播放：无须个人信息'),
  k('news', '新闻资讯类', 'News', '新闻资讯的浏览、搜索：无须个人信息'),
  k('sports_fitness', '运动健身类', 'Sports and fitness', '运动健身训练：无须个人信息'),
  k('browser', '浏览器类', 'Web browsers', '浏览互联网信息资源：无须个人信息'),
  k('input_method', '输入法类', 'Input methods', '文字、符号等输入：无须个人信息'),
  k('security', '安全管理类', 'Security management', '查杀病毒、清理恶意插件、修复漏洞等：无须个人信息'),
  k('ebooks', '电子图书类', 'E-books', '电子图书搜索、阅读：无须个人信息'),
  k('photo_editing', '拍摄美化类', 'Photography and retouching', '拍摄、美颜、滤镜等：无须个人信息'),
  k('app_store', '应用商店类', 'App stores', 'App 搜索、下载：设备识别信息', ['device_id']),
  k('utilities', '实用工具类', 'Utilities', '日历、天气、词典翻译、计算器、遥控器、手电筒、指南针、时钟闹钟、文件传输、文件管理、壁纸铃声、截图录屏、录音、文档处理、智能家居助手、星座性格测试等：无须个人信息'),
  k('ticketing', '演出票务类', 'Show tickets', '演出购票：注册用户移动电话号码；观演场次、座位号（如有）；支付信息'),
];

export const APP_CATEGORY_IDS: ReadonlySet<string> = new Set(APP_CATEGORIES.map((c) => c.id));

/**
 * The kinds judged against a category: those that identify, locate or profile the user. Camera, microphone,
 * photos, Bluetooth, clipboard, sensors and the platform profile serve features (scanning, photos, voice)
 * the 规定 does not tie to a type: they stay listed under pi.* and are not judged here. Wi-Fi details
 * locate the device as GPS does and go with location.
 */
export const JUDGED_TYPES: ReadonlySet<PiType> = new Set<PiType>(['device_id', 'phone_number', 'location', 'wifi_info', 'contacts', 'call_log', 'sms', 'calendar', 'app_list', 'running_processes', 'accounts', 'fitness', 'address']);

export function allowedTypes(c: AppCategory): Set<PiType> {
  const s = new Set(c.allowed);
  if (s.has('location')) s.add('wifi_info');
  return s;
}

/** A category by its id or its Chinese name (the portal passes the id; a CLI user may type either). */
export function appCategory(idOrName: string | undefined): AppCategory | undefined {
  if (!idOrName) return undefined;
  const v = idOrName.trim();
  return APP_CATEGORIES.find((c) => c.id === v || c.name[0] === v || c.name[0].replace(/类$/, '') === v);
}
