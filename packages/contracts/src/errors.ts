/**
 * The error catalogue (SPEC §8). The API answers `{ error: code, message }`;
 * the browser shows `message` (translated by code where it has the code).
 * Codes are stable; messages are zh and en. Chinese texts given by the spec are used verbatim.
 */

export interface CatalogueEntry {
  zh: string;
  en: string;
  /** HTTP status the server answers with. */
  status: number;
}

const e = (zh: string, en: string, status = 400): CatalogueEntry => ({ zh, en, status });

export const ERROR_CATALOGUE = {
  // Session errors (SPEC §8 client reactions: force logout, show message, reload after 1 s)
  invalid_session: e('会话无效，请重新登录', 'Invalid session, please sign in again', 401),
  invalid_token: e('令牌无效', 'Invalid token', 401),
  token_expired: e('令牌已过期，请重新登录', 'Token expired, please sign in again', 401),
  token_not_active: e('令牌未激活', 'Token not active', 401),
  token_not_exist: e('令牌不存在', 'Token does not exist', 401),
  authentication_needed: e('需要身份认证', 'Authentication needed', 401),
  auto_logout_timeout: e('长时间未操作，已自动退出', 'Signed out after a period of inactivity', 401),
  logged_in_elsewhere: e('您的账号已在其他地方登录', 'Your account has been logged in at another place', 401),

  // Data and storage
  database_error: e('数据库错误', 'Database error', 500),
  json_conversion_error: e('JSON转换错误', 'JSON conversion error'),
  update_failed: e('更新失败', 'Update failed', 500),
  file_exists: e('文件已存在', 'File exists', 409),
  delete_failed: e('删除失败', 'Delete failed', 500),
  save_failed: e('保存失败', 'Save failed', 500),
  data_error: e('数据错误', 'Data error'),
  query_failed: e('查询失败', 'Query failed', 500),
  operation_failed: e('操作失败', 'Operation failed', 500),
  illegal_parameter: e('非法参数', 'Illegal parameter'),
  bad_request_parameters: e('请求参数错误', 'Bad request parameters'),
  paging_parameter_error: e('分页参数格式错误', 'Paging parameter format error'),
  base64_decode_failed: e('base64解码失败', 'Base64 decode failed'),
  duplicate_field: e('字段值重复:[Name]', 'Duplicate field value: [Name]', 409),
  not_found: e('请求的资源不存在', 'Not found', 404),
  whitebox_key_in_use: e('该密钥已被白盒库使用，不能删除', 'The key is used by a white-box library and cannot be deleted', 409),
  payload_too_large: e('请求内容过大', 'Request body too large', 413),

  // Users and customers
  create_user_failed: e('创建用户失败', 'Create user failed', 500),
  user_not_found: e('用户不存在', 'User not found', 404),
  user_not_activated: e('用户未激活', 'User not activated', 403),
  user_exists: e('用户已存在', 'User exists', 409),
  user_id_or_name_missing: e('未提供用户ID或用户名', 'User id or name not given'),
  customer_exists: e('客户已存在', 'Customer exists', 409),
  customer_not_found: e('客户不存在', 'Customer not found', 404),
  customer_expired: e('客户已过期', 'Customer expired', 403),
  customer_or_user_disabled: e('客户或用户已被禁用，请联系管理员', 'Customer disabled or user disabled, please contact the administrator', 403),
  create_admin_failed: e('创建管理员失败，请尝试其他用户名', 'Create admin failed, try another username', 500),
  cannot_delete_self: e('不能删除自己', 'You cannot delete yourself', 403),
  default_row_protected: e('默认数据不能删除', 'Default rows cannot be deleted', 403),
  // Account, role and customer forms (SPEC §5), checked on the server
  field_required: e('必填项不能为空', 'A required field is empty'),
  account_format: e('账号须为4到100位字母、数字、下划线或减号', 'The account must be 4 to 100 letters, digits, underscores or minus signs'),
  email_invalid: e('请输入正确的邮箱', 'Please enter a correct email address'),
  phone_invalid: e('请输入正确的电话号码', 'Please enter a correct phone number'),
  password_inconsistent: e('两次输入的密码不一致', 'The two passwords are inconsistent'),
  customer_has_accounts: e('客户已关联账号，不能删除', 'A customer with linked accounts cannot be deleted', 409),
  image_invalid: e('只能上传jpg或png图片，且不超过500KB', 'Only jpg or png images of at most 500 KB', 415),

  // Licence
  licence_wrong: e('授权错误', 'Wrong licence', 403),
  licence_decrypt_failed: e('授权解密失败', 'Licence decrypt failed'),
  licence_missing: e('缺少授权', 'Licence missing', 403),
  licence_exists: e('授权已存在', 'Licence exists', 409),
  licence_delete_failed: e('授权删除失败', 'Licence delete failed', 500),
  authorization_parse_failed: e('授权解析失败', 'Authorization parse failed'),
  module_permission_parse_failed: e('模块权限解析失败', 'Module permission parse failed'),
  customer_licence_info_failed: e('获取客户授权信息失败', 'Customer licence info failed', 500),
  authorization_update_failed: e('授权更新失败', 'Authorization update failed', 500),
  licence_customer_mismatch: e('上传的客户与原客户不一致', 'Uploaded customer differs from the original'),
  authorization_expired: e('授权已过期', 'Authorization expired', 403),
  service_unauthorized: e('服务未授权', 'Service unauthorized', 403),
  usage_exceeded: e('使用次数超过授权数量', 'Usage exceeded the authorized count', 403),
  product_expired: e('产品已过期或尚未可用', 'Product expired or not yet usable', 403),
  product_usage_limit: e('产品使用次数已达上限', 'Product usage limit reached', 403),
  update_product_limit_failed: e('更新产品限制失败', 'Update product limit failed', 500),
  available_time_too_early: e('可用时间早于限制时间', 'Available time is earlier than the limit'),
  stop_time_too_late: e('停止时间晚于限制时间', 'Stop time is later than the limit'),
  product_not_usable: e('产品不可用', 'Product not usable', 403),

  // Roles and permissions
  permission_not_found: e('权限不存在', 'Permission not found', 404),
  role_not_found: e('角色不存在', 'Role not found', 404),
  role_lacks_permission: e('角色缺少页面或接口权限', 'Role lacks screen or interface permission', 403),
  role_exists: e('角色已存在', 'Role exists', 409),
  role_has_accounts: e('角色已关联账号，不能删除', 'A role with linked accounts cannot be deleted', 409),
  unauthorized_operation: e('未授权的操作', 'Unauthorized operation', 403),
  api_access_control_error: e('接口访问控制错误', 'API access control error', 403),
  illegal_access: e('非法访问', 'Illegal access', 403),
  illegal_operation: e('非法操作', 'Illegal operation', 403),
  no_permission: e('没有权限', 'No permission', 403),

  // Tasks and samples
  sample_exists: e('样本已存在', 'Sample exists', 409),
  sample_over_limit: e('样本超过使用限制', 'Sample over usage limit', 403),
  task_not_found: e('任务不存在', 'Task not found', 404),
  // Software-component task parameters (engine-sca params.ts), checked before the task is queued
  sca_licence_unknown: e('许可证策略中有无法识别的 SPDX 许可证标识', 'The licence policy has an entry that is no SPDX licence id'),
  sca_licence_conflict: e('同一许可证不能同时列入允许与禁止列表', 'A licence cannot be on both the allowed and the denied list'),
  sca_vex_invalid: e('VEX 文件无法使用：须为含声明的 CycloneDX 或 OpenVEX JSON，且不超过 512 KB', 'The VEX file cannot be used: it must be a CycloneDX or OpenVEX JSON document with statements, at most 512 KB'),
  template_not_found: e('模板不存在', 'Template not found', 404),
  template_name_required: e('请输入模板名称', 'Please enter the template name'),
  template_name_too_long: e('模板名称不能超过50个字符', 'The template name cannot exceed 50 characters'),
  default_template_readonly: e('默认模板不能编辑', 'Default templates cannot be edited', 403),
  incomplete_info: e('请填写完整信息', 'Please fill in all the information'),
  sensitive_words_separator: e('多个敏感词请用英文逗号分隔', 'Separate multiple sensitive words with English commas'),
  task_query_failed: e('任务查询失败', 'Task query failed', 500),
  task_create_failed: e('任务创建失败', 'Task creation failed', 500),
  task_timeout: e('任务超时，请联系后台人员', 'Task timeout, please contact the backend', 500),
  report_generation_failed: e('报告生成失败', 'Report generation failed', 500),
  report_font_missing: e('报告生成失败：服务器缺少生成 PDF 报告所需的中日文字体，请联系管理员', 'Report generation failed: the server lacks the CJK font PDF reports need; please contact the administrator', 500),
  get_packet_failed: e('获取数据包失败', 'Get packet failed', 500),
  submit_to_engine_failed: e('提交引擎失败', 'Submit to engine failed', 500),

  // Devices
  device_farm_unreachable: e('无法连接或访问设备平台', 'Cannot connect to or access the device farm', 502),
  release_device_failed: e('释放设备失败', 'Release device failed', 500),
  no_available_device: e('没有可用设备', 'No available device', 503),

  // Files
  file_not_found: e('文件不存在', 'File not found', 404),
  file_save_failed: e('文件保存失败', 'File save failed', 500),
  file_upload_failed: e('上传错误', 'Upload error', 500),
  file_read_failed: e('文件读取失败', 'File read failed', 500),
  sdk_exists: e('SDK已存在', 'SDK exists', 409),
  unsupported_file_type: e('不支持的文件类型', 'Unsupported file type', 415),
  wrong_file_format: e('文件格式或类型错误', 'Wrong file format or type', 415),
  download_failed: e('下载失败 code:002', 'Download failed code:002', 500),
  apk_parse_error: e('apk解析错误，请提交正确的apk', 'APK parse error, please submit a correct APK', 422),
  pick_at_least_one: e('请至少选择一个', 'Pick at least one'),
  /** SPEC §5: a date must be chosen for a download (the EXCEL export by date, /report/cp_gen_excel). */
  date_required: e('请选择日期', 'Please choose a date'),
  file_only_supports: e('File only supports {list}', 'File only supports {list}', 415),
  file_too_large: e('文件大小不能超过{N}MB', 'The file size cannot exceed {N}MB', 413),
  file_empty: e('文件为空', 'The file is empty'),
  chunk_size_mismatch: e('分片大小与声明不符', 'The chunk size differs from the declared size'),
  upload_not_found: e('上传任务不存在或已过期', 'Upload not found or expired', 404),
  range_not_satisfiable: e('请求的范围无效', 'Requested range not satisfiable', 416),
  // Single files of an unpacked firmware image (/f/unpack_file_download, /f/file_preview, /f/file_diff)
  firmware_file_symlink: e('该路径是符号链接，不是普通文件', 'The path is a symbolic link, not a regular file', 409),
  firmware_not_regular_file: e('只能查看或下载普通文件', 'Only regular files can be viewed or downloaded', 409),
  firmware_file_too_large: e('文件超过单个文件提取的大小上限', 'The file is over the size limit for extracting a single file', 413),
  firmware_file_unreadable: e('无法从固件镜像中读出该文件', 'The file could not be read from the firmware image', 422),
  firmware_unpack_failed: e('固件解包失败，请稍后重试或联系管理员', 'Unpacking the firmware image failed; try again later or contact the administrator', 500),

  // Login and passwords
  missing_type_or_token: e('参数中缺少Type或Token', 'Missing Type or Token in parameters'),
  wrong_credentials: e('用户名或密码错误', 'Wrong username or password', 401),
  account_locked: e('密码错误次数过多，账号已锁定', 'Too many password attempts, account locked', 423),
  password_missing: e('原密码或新密码缺失', 'Original or new password missing'),
  wrong_original_password: e('原密码错误', 'Wrong original password'),
  invalid_password: e('密码无效', 'Invalid password'),
  key_expired: e('密钥已过期，请重试', 'Key expired, please retry'),
  captcha_wrong: e('验证码错误', 'Wrong verification code'),
  captcha_expired: e('验证码已过期，请换一张', 'Verification code expired, please change one'),
  password_same_as_old: e('新密码不能与原密码相同', 'The new password must differ from the old one'),
  change_default_password: e('首次登录请修改默认密码', 'Please change the default password on first login'),
  password_too_short: e('密码长度不能少于8位', 'The password must be at least 8 characters'),
  password_too_long: e('密码长度不能超过64位', 'The password must be at most 64 characters'),
  password_needs_digit: e('密码必须包含数字', 'The password must contain a digit'),
  password_needs_lower: e('密码必须包含小写字母', 'The password must contain a lower-case letter'),
  password_needs_upper: e('密码必须包含大写字母', 'The password must contain an upper-case letter'),
  password_needs_special: e('密码必须包含特殊符号', 'The password must contain a special symbol'),
  login_throttled: e('登录尝试过于频繁，请稍后再试', 'Too many sign-in attempts, please try again later', 429),
  too_many_requests: e('请求过于频繁，请稍后再试', 'Too many requests, please try again later', 429),
  // Single sign-on (issue 30)
  sso_not_configured: e('未配置单点登录', 'Single sign-on is not configured', 404),
  sso_provider_unavailable: e('统一身份认证服务暂不可用，请稍后再试', 'The identity provider is unavailable, please try again later', 502),
  sso_login_expired: e('单点登录已失效，请重新登录', 'The single sign-on attempt has expired, please sign in again', 401),
  sso_login_failed: e('单点登录失败', 'Single sign-on failed', 401),
  sso_account_unmapped: e('统一身份认证账号未关联本平台账号', 'The identity provider account is not linked to an account here', 403),

  system_error: e('系统错误', 'System error', 500),
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Session errors: the browser logs out, shows the message and reloads after 1 s. */
export const SESSION_ERRORS: readonly ErrorCode[] = [
  'invalid_session',
  'invalid_token',
  'token_expired',
  'token_not_active',
  'token_not_exist',
  'authentication_needed',
  'auto_logout_timeout',
  'logged_in_elsewhere',
  // Beyond the spec's list: an account or customer that is disabled or expires while
  // signed in can do nothing more, so its session ends the same way.
  'customer_or_user_disabled',
  'customer_expired',
  'user_not_activated',
];

/** Errors the browser does not show as a message (SPEC §8: the first-login password change prompt). */
export const SILENT_ERRORS: readonly ErrorCode[] = ['change_default_password'];

export interface ApiError {
  error: ErrorCode;
  message: string;
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CATALOGUE, code);
}

export function errorMessage(code: ErrorCode, lang: 'zh' | 'en'): string {
  return ERROR_CATALOGUE[code][lang];
}
