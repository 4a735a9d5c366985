/** Texts of the table components, added to the i18n resources as the `table` keys (SPEC §5, §8 texts verbatim). */
import i18n from '../../locales/i18n.ts';

i18n.addResourceBundle('zh', 'translation', { table: { actions: '操作', view: '查看', edit: '编辑', lock: '锁定', download: '下载', delete: '删除', deleteConfirm: 'Are you sure to delete?', incomplete: '请填写完整信息', addRow: '添加一行', removeRow: '移除' } }, true, false);
i18n.addResourceBundle('en', 'translation', { table: { actions: 'Actions', view: 'View', edit: 'Edit', lock: 'Lock', download: 'Download', delete: 'Delete', deleteConfirm: 'Are you sure to delete?', incomplete: 'Please fill in all the information', addRow: 'Add a row', removeRow: 'Remove' } }, true, false);
