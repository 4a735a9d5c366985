/** The task table's search panel: keyword, status, and the platform when listing every platform. */
import { Form, Input, Select } from 'antd';
import { TASK_STATUSES, TASK_STATUS_LABELS, type Platform } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../SearchBox.tsx';
import { useLang } from '../../locales/i18n.ts';
import { evaluationTitle } from './evaluation-routes.ts';
import type { TaskFilters } from './useTaskList.ts';

export function TaskSearch({ platforms, onSearch }: { platforms?: Platform[]; onSearch: (filters: TaskFilters) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <SearchBox<TaskFilters> onSearch={onSearch}>
      <Form.Item name="keyword" label={t('tasks.search.keyword')}>
        <Input allowClear placeholder={t('tasks.search.keywordPlaceholder')} style={{ width: 240 }} data-testid="task-search-keyword" />
      </Form.Item>
      <Form.Item name="status" label={t('tasks.search.status')}>
        <Select
          allowClear
          placeholder={t('tasks.search.all')}
          style={{ width: 150 }}
          data-testid="task-search-status"
          options={TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s][lang] }))}
        />
      </Form.Item>
      {platforms ? (
        <Form.Item name="platform" label={t('tasks.search.platform')}>
          <Select
            allowClear
            placeholder={t('tasks.search.all')}
            style={{ width: 210 }}
            data-testid="task-search-platform"
            options={platforms.map((p) => ({ value: p, label: evaluationTitle(p)?.[lang] ?? p }))}
          />
        </Form.Item>
      ) : null}
    </SearchBox>
  );
}
