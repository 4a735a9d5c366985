/** Texts of the licence screen and grace banner (i18n keys under `licence`). */
import i18n from '../../locales/i18n.ts';

i18n.addResourceBundle('zh', 'translation', {
  licence: {
    upload: '上传授权文件', remove: '撤销授权', removeConfirm: '撤销后平台按未授权方式运行（不限制任务），确认撤销吗？', none: '尚未上传授权：平台不限制任务创建和模块访问。',
    customer: '授权客户', id: '授权编号', window: '有效期', issued: '签发时间', modules: '授权模块', allModules: '全部模块', products: '授权产品',
    product: '产品', tasks: '任务数', perUser: '每用户任务数', used: '已使用', unlimited: '不限', productWindow: '产品有效期', state: '状态',
    states: { none: '未授权', valid: '有效', not_yet: '尚未生效', expired: '已过期' },
    grace: '平台授权将于 {{days}} 天后到期，请及时联系供应商续期。', expired: '平台授权已过期，新建任务将被拒绝，请联系供应商续期。', notYet: '平台授权尚未生效。',
  },
}, true, false);
i18n.addResourceBundle('en', 'translation', {
  licence: {
    upload: 'Upload licence file', remove: 'Withdraw licence', removeConfirm: 'Without a licence the platform runs unrestricted. Withdraw it?', none: 'No licence uploaded: task creation and module access are not restricted.',
    customer: 'Licensed customer', id: 'Licence id', window: 'Valid', issued: 'Issued', modules: 'Licensed modules', allModules: 'All modules', products: 'Licensed products',
    product: 'Product', tasks: 'Tasks', perUser: 'Tasks per user', used: 'Used', unlimited: 'Unlimited', productWindow: 'Product period', state: 'State',
    states: { none: 'Unlicensed', valid: 'Valid', not_yet: 'Not yet valid', expired: 'Expired' },
    grace: 'The platform licence expires in {{days}} days; please contact the vendor to renew it.', expired: 'The platform licence has expired: new tasks are refused. Please contact the vendor.', notYet: 'The platform licence is not valid yet.',
  },
}, true, false);
