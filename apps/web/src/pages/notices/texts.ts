/** Texts of the notice screens and pop-ups (i18n keys under `notices`). */
import i18n from '../../locales/i18n.ts';

i18n.addResourceBundle('zh', 'translation', {
  notices: {
    add: '新建公告', edit: '编辑公告', title: '标题', content: '内容', contentHint: '支持 Markdown：**加粗**、列表、链接', preview: '预览',
    kind: '展示方式', float: '浮动通知', banner: '横幅', targets: '目标客户', targetRoles: '目标角色', allTargets: '全部', window: '展示时间', start: '开始时间', end: '结束时间',
    status: '状态', draft: '草稿', published: '已发布', publish: '发布', withdraw: '撤回', attachment: '附件', upload: '上传附件', removeAttachment: '删除附件',
    attachmentHint: '图片仅支持 jpg/png，且不超过 500KB；文档支持 {{types}}', saveFirst: '请先保存公告再上传附件', author: '创建人', updated: '更新时间',
    contentRequired: '请输入内容', titleRequired: '横幅公告须有标题', download: '下载附件', keyword: '标题', close: '关闭', saveDraft: '保存草稿', saveAndPublish: '保存并发布',
  },
}, true, false);
i18n.addResourceBundle('en', 'translation', {
  notices: {
    add: 'New notice', edit: 'Edit notice', title: 'Title', content: 'Content', contentHint: 'Markdown: **bold**, lists, links', preview: 'Preview',
    kind: 'Display', float: 'Floating', banner: 'Banner', targets: 'Target customers', targetRoles: 'Target roles', allTargets: 'All', window: 'Display period', start: 'Start', end: 'End',
    status: 'Status', draft: 'Draft', published: 'Published', publish: 'Publish', withdraw: 'Withdraw', attachment: 'Attachment', upload: 'Upload attachment', removeAttachment: 'Remove attachment',
    attachmentHint: 'Images: jpg/png of at most 500 KB; documents: {{types}}', saveFirst: 'Save the notice before uploading an attachment', author: 'Created by', updated: 'Updated',
    contentRequired: 'Enter the content', titleRequired: 'A banner notice needs a title', download: 'Download attachment', keyword: 'Title', close: 'Close', saveDraft: 'Save draft', saveAndPublish: 'Save and publish',
  },
}, true, false);
