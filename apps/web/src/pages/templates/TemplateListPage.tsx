/**
 * A platform's templates (SPEC §2 template/ list pages): the built-in default
 * first (view or copy only), then the customer's; new templates start as a copy
 * of the default. Buttons follow the granted operations; the server enforces them.
 */
import { useCallback } from 'react';
import { Button, Tag } from 'antd';
import { can, type RouteNode } from '@citadel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { KeywordSearch, PageCard, type PageQuery, usePagedList } from '../../components/index.ts';
import { EditableTable } from '../../components/editable-table/index.ts';
import { useAccessSubject } from '../../access/useAccess.ts';
import { feedback } from '../../app/feedback.ts';
import { useTitle } from '../../locales/i18n.ts';
import { deleteTemplates, listTemplates, type TemplateRow } from './api.ts';
import { templateDetailPath, templatePlatform } from './paths.ts';
import './texts.ts';
import { formatTime } from '../../components/task-table/format.ts';
import { templateName } from '../../components/builtin-names.ts';

export function TemplateListPage({ node }: { node: RouteNode }) {
  const { t } = useTranslation();
  const title = useTitle();
  const navigate = useNavigate();
  const subject = useAccessSubject();
  const platform = templatePlatform(node.page);
  const fetchPage = useCallback((q: PageQuery & { keyword?: string }) => listTemplates({ platform, ...q }), [platform]);
  const list = usePagedList<TemplateRow, { keyword: string }>(fetchPage);
  const { data, reload: load } = list;

  const open = (params: string) => navigate(`${templateDetailPath(platform)}?${params}`);
  const defaultRow = data.list.find((r) => r.is_default);

  return (
    <PageCard
      title={title(node.title)}
      testId={`page-${node.key}`}
      extra={
        can(subject, node.key, 'add') && defaultRow ? (
          <Button type="primary" onClick={() => open(`copy=${defaultRow.id}`)} data-testid="template-create">
            {t('templates.create')}
          </Button>
        ) : null
      }
    >
      <KeywordSearch name="keyword" label={t('templates.name')} maxLength={50} testId="template-search" onSearch={list.search} />
      <EditableTable<TemplateRow>
        testId="template-table"
        rowKey="id"
        {...list.tableProps}
        columns={[
          { title: t('templates.name'), dataIndex: 'name', render: (v: string, r) => (r.is_default ? <>{templateName(v)} <Tag color="blue">{t('templates.defaultTag')}</Tag></> : v) },
          { title: t('templates.itemCount'), dataIndex: 'item_count', width: 110 },
          { title: t('templates.reportTemplate'), dataIndex: 'report_template', width: 130, render: (v: string) => t(`templates.reportTemplates.${v}`) },
          { title: t('templates.reportLanguage'), dataIndex: 'report_language', width: 120, render: (v: string) => t(`templates.languages.${v}`) },
          { title: t('templates.creator'), dataIndex: 'created_by_name', width: 120 },
          { title: t('templates.updated'), dataIndex: 'updated_at', width: 180, render: (v: number) => formatTime(v) },
        ]}
        actions={{ view: (r) => !r.editable, edit: (r) => r.editable, delete: (r) => r.deletable }}
        onAction={async (action, row) => {
          if (action === 'delete') {
            await deleteTemplates([row.id]);
            feedback.success(t('common.operationSuccess'));
            await load();
          } else open(`id=${row.id}`);
        }}
        extraActions={(r) =>
          can(subject, node.key, 'add') ? (
            <Button type="link" size="small" onClick={() => open(`copy=${r.id}`)} data-testid="row-copy">
              {t('templates.copy')}
            </Button>
          ) : null
        }
      />
    </PageCard>
  );
}
