/** Texts of the overview, workbench and statistics screens (i18n keys under `dash`). */
import i18n from '../../locales/i18n.ts';

i18n.addResourceBundle('zh', 'translation', {
  dash: {
    tasks: '任务总数', tasksThisMonth: '本月任务', risks: '发现风险', issues: '发现问题', issuesHint: '发现至少一个风险的任务数', risksHint: '严重、高、中、低风险检测项总数',
    taskStats: '任务统计', finished: '已完成', running: '进行中', failed: '异常', workOrderStats: '工单统计', pending: '待处理', completed: '已完成', overdue: '已逾期',
    sampleStats: '样本统计', samples: '样本总数', samplesThisMonth: '本月样本', sampleBytes: '样本总大小',
    riskDistribution: '风险等级分布', platformTasks: '各平台任务数', trend: '近30天趋势', statusDistribution: '任务状态分布', recentTasks: '最近任务',
    newTasks: '新建任务', finishedTasks: '完成任务', risksFound: '发现风险', noData: '暂无数据', noTasks: '还没有任务，提交一个测评后这里会显示统计。',
    target: '检测对象', platform: '平台', status: '状态', creator: '创建人', createdAt: '创建时间', score: '评分', scope: '统计范围', scopeAll: '全部客户', scopeMine: '本客户',
    levels: { serious: '严重', high: '高危', medium: '中危', low: '低危', info: '提示' },
    platforms: { android: 'Android', android_sdk: 'Android SDK', ios: 'iOS', ios_sdk: 'iOS SDK', harmony: '鸿蒙', harmony_next: '鸿蒙NEXT', source: '源代码', web: 'Web', miniprogram: '微信小程序', alipay_miniprogram: '支付宝小程序', firmware: '固件' },
    wo: {
      title: '工单标题', titleRequired: '请输入工单标题', target: '检测对象', description: '说明', submitter: '提交人', handler: '处理人', dueAt: '截止时间', status: '状态', reminders: '催单次数',
      tasks: '关联任务', create: '新建工单', remind: '催单', batchRemind: '批量催单', batchRemindConfirm: '确认批量催单吗？', remindConfirm: '确认催单吗？', reminded: '已催单 {{n}} 个工单', link: '关联任务',
      linkPlaceholder: '任务ID (task_uid)', pending: '待处理', completed: '已完成', overdue: '已逾期', createdAt: '提交时间', completedAt: '完成时间', unassigned: '未指派', selectFirst: '请先选择工单',
      deleteConfirm: '此操作将永久删除该数据, 是否继续?', platformRequired: '请选择平台', lastReminded: '最近催单',
    },
    reports: { download: '下载报告', view: '查看结果', search: '应用名称/文件名', finishedAt: '完成时间', empty: '还没有已完成的任务' },
    phones: { onlineAll: '全部上线', onlineAllConfirm: '确认全部上线吗？', name: '名称', model: '型号', os: '系统', version: '系统版本', serial: '序列号', state: '状态', updated: '更新时间', empty: '还没有登记的真机，真机管理将在后续版本提供。', states: { online: '在线', busy: '使用中', offline: '离线' } },
    analysis: {
      period: '统计周期', day: '按日', week: '按周', month: '按月', customer: '客户', platform: '平台', all: '全部', export: '导出Excel', users: '新增用户', tasks: '任务数', finished: '已完成', risks: '发现风险',
      samples: '样本数', sampleBytes: '样本大小', start: '周期开始', total: '合计', topAssessments: '应用测评次数 Top 10', topRisks: '应用发现风险 Top 10', app: '应用', assessments: '测评次数', rank: '排名', trend: '趋势', table: '明细',
    },
  },
}, true, false);

i18n.addResourceBundle('en', 'translation', {
  dash: {
    tasks: 'Total tasks', tasksThisMonth: 'Tasks this month', risks: 'Risks found', issues: 'Issues found', issuesHint: 'Tasks in which at least one risk was found', risksHint: 'Failed items at serious, high, medium or low risk',
    taskStats: 'Tasks', finished: 'Finished', running: 'In progress', failed: 'Exception', workOrderStats: 'Work orders', pending: 'Pending', completed: 'Completed', overdue: 'Overdue',
    sampleStats: 'Samples', samples: 'Total samples', samplesThisMonth: 'Samples this month', sampleBytes: 'Total size',
    riskDistribution: 'Risks by level', platformTasks: 'Tasks per platform', trend: 'Last 30 days', statusDistribution: 'Tasks by status', recentTasks: 'Recent tasks',
    newTasks: 'New tasks', finishedTasks: 'Finished tasks', risksFound: 'Risks found', noData: 'No data yet', noTasks: 'No tasks yet: submit an evaluation and its figures appear here.',
    target: 'Target', platform: 'Platform', status: 'Status', creator: 'Creator', createdAt: 'Created', score: 'Score', scope: 'Scope', scopeAll: 'All customers', scopeMine: 'My customer',
    levels: { serious: 'Serious', high: 'High', medium: 'Medium', low: 'Low', info: 'Info' },
    platforms: { android: 'Android', android_sdk: 'Android SDK', ios: 'iOS', ios_sdk: 'iOS SDK', harmony: 'HarmonyOS', harmony_next: 'HarmonyOS NEXT', source: 'Source code', web: 'Web', miniprogram: 'WeChat mini-program', alipay_miniprogram: 'Alipay mini-program', firmware: 'Firmware' },
    wo: {
      title: 'Title', titleRequired: 'Please enter a title', target: 'Target', description: 'Description', submitter: 'Submitter', handler: 'Handler', dueAt: 'Due', status: 'Status', reminders: 'Reminders',
      tasks: 'Linked tasks', create: 'New work order', remind: 'Remind', batchRemind: 'Batch reminder', batchRemindConfirm: 'Send a reminder for all selected orders?', remindConfirm: 'Send a reminder?', reminded: '{{n}} order(s) reminded', link: 'Link task',
      linkPlaceholder: 'Task id (task_uid)', pending: 'Pending', completed: 'Completed', overdue: 'Overdue', createdAt: 'Submitted', completedAt: 'Completed', unassigned: 'Unassigned', selectFirst: 'Select orders first',
      deleteConfirm: 'This permanently deletes the data. Continue?', platformRequired: 'Please choose a platform', lastReminded: 'Last reminded',
    },
    reports: { download: 'Download report', view: 'View result', search: 'App or file name', finishedAt: 'Finished', empty: 'No finished tasks yet' },
    phones: { onlineAll: 'Bring all online', onlineAllConfirm: 'Bring all devices online?', name: 'Name', model: 'Model', os: 'OS', version: 'OS version', serial: 'Serial', state: 'State', updated: 'Updated', empty: 'No real phones are registered yet; device management comes in a later version.', states: { online: 'Online', busy: 'In use', offline: 'Offline' } },
    analysis: {
      period: 'Period', day: 'Daily', week: 'Weekly', month: 'Monthly', customer: 'Customer', platform: 'Platform', all: 'All', export: 'Export to Excel', users: 'New users', tasks: 'Tasks', finished: 'Finished', risks: 'Risks found',
      samples: 'Samples', sampleBytes: 'Sample size', start: 'Period start', total: 'Total', topAssessments: 'Top 10 apps by assessments', topRisks: 'Top 10 apps by risks found', app: 'App', assessments: 'Assessments', rank: 'Rank', trend: 'Trend', table: 'Details',
    },
  },
}, true, false);
